"use client";
// A <time> whose words tick in the browser (one interval for the whole page, paused while hidden, no requests).
// The clock is an external store: the server renders at its own `now`, the browser reads its own after hydration.
import { useSyncExternalStore } from "react";
import { utcMoment, words, type WhenMode } from "./when";

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let current = Date.now();

function tick() {
  current = Date.now();
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  if (!timer && typeof document !== "undefined") {
    timer = setInterval(() => !document.hidden && tick(), 1000);
    document.addEventListener("visibilitychange", () => !document.hidden && tick());
  }
  tick(); // a <time> that mounts late starts from the browser's time, not the page's first
  return () => void listeners.delete(fn);
}

const never = () => () => {};

export function When({
  at,
  mode,
  now: serverNow,
}: {
  at: string | number | Date;
  mode: WhenMode;
  now?: number;
}) {
  const ms = new Date(at).getTime();
  const now = useSyncExternalStore(
    subscribe,
    () => current,
    () => serverNow ?? ms,
  );
  // The reader's own local time, on hover: only the browser knows its zone, so the server renders UTC.
  const browser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return (
    <time
      dateTime={new Date(ms).toISOString()}
      title={browser ? new Date(ms).toLocaleString() : utcMoment(ms)}
      suppressHydrationWarning
    >
      {words(mode, ms, now)}
    </time>
  );
}
