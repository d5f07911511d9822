"use client";
// The tab's title says what waits for you, so a tab in the background tells you: "(2) Your turn · Table 12 · Parley".
// The count is your unread notifications (the header's bell), "Your turn" is the table page's; the rest is the
// page's own title, as Next writes it on every navigation (watched, so the prefix is put back each time).
import { useEffect } from "react";

const state = { unread: 0, turn: false };
const OURS = /^(\(\d+\) )?(Your turn · )?/;

function apply() {
  if (typeof document === "undefined") return;
  const base = document.title.replace(OURS, "");
  const want = `${state.unread ? `(${state.unread}) ` : ""}${state.turn ? "Your turn · " : ""}${base}`;
  if (document.title !== want) document.title = want;
}

let watching = false;
function watch() {
  if (watching || typeof MutationObserver === "undefined") return;
  watching = true;
  new MutationObserver(apply).observe(document.head, { subtree: true, childList: true, characterData: true });
}

/** The unread count in the tab's title (0: none shown). */
export function useTitleCount(unread: number) {
  useEffect(() => {
    watch();
    state.unread = unread;
    apply();
  }, [unread]);
}

/** "Your turn · " in the tab's title while `yours` holds (the table page, while its turn is yours). */
export function useTitleTurn(yours: boolean) {
  useEffect(() => {
    watch();
    state.turn = yours;
    apply();
    return () => {
      state.turn = false;
      apply();
    };
  }, [yours]);
}
