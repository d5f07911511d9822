"use client";
// A <time> whose words tick in the browser (one interval for the whole page, paused while hidden, no requests).
import { useEffect, useState } from "react";
import { utcMoment, words, type WhenMode } from "./when";

const subscribers = new Set<(now: number) => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  const now = Date.now();
  for (const fn of subscribers) fn(now);
}

function ensureTimer() {
  if (timer || typeof document === "undefined") return;
  timer = setInterval(() => !document.hidden && tick(), 1000);
  document.addEventListener("visibilitychange", () => !document.hidden && tick());
}

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
  const [now, setNow] = useState(serverNow ?? ms);
  const [local, setLocal] = useState<string | undefined>(undefined);
  useEffect(() => {
    setNow(Date.now());
    setLocal(new Date(ms).toLocaleString());
    subscribers.add(setNow);
    ensureTimer();
    return () => void subscribers.delete(setNow);
  }, [ms]);
  return (
    <time dateTime={new Date(ms).toISOString()} title={local ?? utcMoment(ms)} suppressHydrationWarning>
      {words(mode, ms, now)}
    </time>
  );
}
