"use client";
// The act log tells the story: each offer with what it changed from the standing one (or, in full, the whole
// accord), each accept with what it swore, the clock's passes as such, said text quoted and said claims named.
// Newest first; the newest ACT_LOG_RECENT until the reader asks for the earlier ones.
import { useState } from "react";
import type { ViewAct } from "@/server/rules/game";
import { When } from "@/components/ui/When";
import { ACT_LOG_RECENT } from "./log";
import { claimText, say } from "./words";

/** What an offer put on the table, in the view chosen: its changes from the standing offer, or the whole accord. */
function OfferText({ a, full }: { a: Extract<ViewAct, { type: "offer" }>; full: boolean }) {
  const changed = new Set(a.changed ?? []);
  if (!full && a.changed !== null)
    return a.changed.length === 0 ? (
      <> offered the standing accord again</>
    ) : (
      <>
        {" "}
        offered a new accord:{" "}
        {a.changed.map((c) => claimText({ clause: c, setting: a.accord[c]! })).join(", ")}
      </>
    );
  return (
    <>
      {a.changed === null ? " offered the first accord: " : " offered an accord: "}
      {Object.entries(a.accord).map(([clause, setting], i) => (
        <span key={clause}>
          {i ? ", " : ""}
          {changed.has(clause) ? (
            <strong>{claimText({ clause, setting })}</strong>
          ) : (
            `${clause} = ${say(setting)}`
          )}
        </span>
      ))}
    </>
  );
}

export function ActLog({
  acts,
  names,
  now,
  hidden = new Set(),
  onHide,
  notes = new Map(),
  onLoadAll,
}: {
  /** The acts at hand, oldest first: every one, or only the newest (the page sends those; see ./log.ts). */
  acts: ViewAct[];
  /** Fetches every act, when only the newest are at hand and the reader asks for the earlier ones. */
  onLoadAll?: () => Promise<unknown>;
  /** Why a model player passed, by the act's index (game.md §13). */
  notes?: Map<number, string>;
  names: string[];
  now: number;
  /** The acts whose said text a moderator hid (the moderation log says which). */
  hidden?: Set<number>;
  /** An admin's: hide this act's said text (the reason is the moderator panel's). */
  onHide?: (index: number) => void;
}) {
  const [full, setFull] = useState(false);
  const [all, setAll] = useState(false);
  const [loading, setLoading] = useState(false);
  if (acts.length === 0) return <p className="text-sm text-stone-600">No act yet.</p>;
  // An act's index is its place in the ledger: the acts before the first at hand were not sent.
  const total = acts[0]!.index + acts.length;
  const missing = acts[0]!.index > 0;
  // Open: every act asked for and at hand (until the fetch brings them, the newest stay shown).
  const open = all && !missing;
  const shown = open ? acts : acts.slice(-ACT_LOG_RECENT);
  const earlier = total - shown.length;
  const toggle = async () => {
    setAll(!open);
    if (open || !missing || !onLoadAll) return;
    setLoading(true);
    try {
      await onLoadAll();
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex gap-1 text-xs" role="group" aria-label="How much of each act to show">
        {(["compact", "full"] as const).map((v) => (
          <button
            key={v}
            type="button"
            className={`rounded border px-2 py-0.5 ${full === (v === "full") ? "border-tide bg-tide text-white" : "border-stone-300 bg-white"}`}
            aria-pressed={full === (v === "full")}
            onClick={() => setFull(v === "full")}
            data-testid={`act-log-${v}`}
          >
            {v === "compact" ? "what changed" : "whole accords"}
          </button>
        ))}
      </div>
      <ol className="space-y-1 text-sm" data-testid="act-log">
        {[...shown].reverse().map((a) => (
          <li key={a.index} className="flex gap-2" data-testid="act" data-type={a.type} data-index={a.index}>
            <span className="w-6 text-right text-xs text-stone-600">{a.index}</span>
            <span className="flex-1">
              <strong>{names[a.seat]}</strong>
              {a.type === "offer" ? (
                <OfferText a={a} full={full} />
              ) : a.type === "accept" ? (
                a.cite ? (
                  <> accepted, swearing {claimText(a.cite)}</>
                ) : (
                  " accepted"
                )
              ) : a.by === "clock" ? (
                <span className="text-stone-600"> — the turn window ran out: the clock passed</span>
              ) : (
                " passed"
              )}
              {notes.has(a.index) ? (
                <span className="text-stone-600" data-testid="model-note">
                  {" "}
                  — {notes.get(a.index)}
                </span>
              ) : null}
              {hidden.has(a.index) ? (
                <em className="ml-1 text-stone-600" data-testid="said-hidden">
                  ({a.said?.text})
                </em>
              ) : a.said?.text ? (
                <q className="ml-1 italic text-stone-600">{a.said.text}</q>
              ) : null}
              {a.said?.claims?.length ? (
                <span className="text-stone-600">
                  {" "}
                  — wants{" "}
                  {a.said.claims.map((c, i) => (
                    <span key={i} data-testid="act-claim">
                      {i ? ", " : ""}
                      {claimText(c)}
                    </span>
                  ))}
                </span>
              ) : null}
              {onHide && a.said?.text && !hidden.has(a.index) ? (
                <button
                  className="btn-quiet ml-2 text-xs"
                  data-testid="said-hide"
                  aria-label={`Hide the said text of act ${a.index}`}
                  onClick={() => onHide(a.index)}
                >
                  Hide
                </button>
              ) : null}
            </span>
            <span className="text-xs text-stone-600">
              <When at={a.at} mode="ago" now={now} />
            </span>
          </li>
        ))}
      </ol>
      {total > ACT_LOG_RECENT ? (
        <button
          type="button"
          className="btn-quiet text-xs"
          aria-expanded={open}
          aria-busy={loading || undefined}
          disabled={loading}
          onClick={() => void toggle()}
          data-testid="act-log-all"
        >
          {loading
            ? `Fetching the ${earlier} earlier act${earlier === 1 ? "" : "s"}…`
            : open
              ? `Show only the newest ${ACT_LOG_RECENT}`
              : `Show the ${earlier} earlier act${earlier === 1 ? "" : "s"} (${total} in all)`}
        </button>
      ) : null}
    </div>
  );
}
