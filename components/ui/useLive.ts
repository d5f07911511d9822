"use client";
// Keeps a page current: listens to the live feed (SSE, resuming by Last-Event-ID) and calls back per event.
import { useEffect, useEffectEvent } from "react";

export type LiveMessage = { id: string; topic: string; type: string; payload: unknown; at: string };

/** The message that tells a page to read its state again; every page reloads on it. */
const READ_AGAIN = (why: string): LiveMessage => ({
  id: "",
  topic: "",
  type: "live.open",
  payload: why,
  at: "",
});

export function useLive(topics: string[], onEvent: (e: LiveMessage) => void) {
  // The page's latest callback, read when an event arrives, without reconnecting when the callback changes.
  const deliver = useEffectEvent(onEvent);
  const key = topics.join(",");
  useEffect(() => {
    // EventSource resends Last-Event-ID itself when it reconnects, so nothing is missed or repeated.
    const source = new EventSource(`/api/events?topics=${encodeURIComponent(key)}`);
    // What changed between the page's render and this connection is not in the feed for us: on every (re)connect,
    // tell the page to read again, so a change made in that gap is never missed.
    source.addEventListener("open", () => deliver(READ_AGAIN("open")));
    // The feed could not fill the gap since our last event (we were too far behind): read everything again.
    source.addEventListener("reset", () => deliver(READ_AGAIN("reset")));
    source.addEventListener("live", (m) => {
      const e = JSON.parse((m as MessageEvent).data) as Omit<LiveMessage, "id">;
      deliver({ ...e, id: (m as MessageEvent).lastEventId });
    });
    return () => source.close();
  }, [key]);
}
