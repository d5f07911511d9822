"use client";
// Keeps a page current: listens to the live feed (SSE, resuming by Last-Event-ID) and calls back per event.
// One connection per tab carries the topics of every part of the page that listens (the header's counts and the
// page itself), so a few open tabs never use up the browser's six connections per host.
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

type Listener = { topics: string[]; deliver: (e: LiveMessage) => void };

/** The same match as the feed's (server/live/index.ts): a topic, or a prefix ending in `*`. */
const wants = (l: Listener, topic: string) =>
  l.topics.some((t) => t === topic || (t.endsWith("*") && topic.startsWith(t.slice(0, -1))));

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let openTopics = "";
let pending: ReturnType<typeof setTimeout> | null = null;

/** Opens the one connection for the topics listened to now, once the page's effects of this render have run. */
function reconnectSoon() {
  pending ??= setTimeout(reconnect, 0);
}

function reconnect() {
  pending = null;
  const topics = [...new Set([...listeners].flatMap((l) => l.topics))].sort().join(",");
  if (source && topics === openTopics) return;
  source?.close();
  source = null;
  openTopics = topics;
  if (!topics) return;
  // EventSource resends Last-Event-ID itself when it reconnects, so nothing is missed or repeated.
  const s = new EventSource(`/api/events?topics=${encodeURIComponent(topics)}`);
  const all = (e: LiveMessage) => listeners.forEach((l) => l.deliver(e));
  // What changed between the page's render and this connection is not in the feed for us: on every (re)connect,
  // tell the page to read again, so a change made in that gap is never missed.
  s.addEventListener("open", () => all(READ_AGAIN("open")));
  // The feed could not fill the gap since our last event (we were too far behind): read everything again.
  s.addEventListener("reset", () => all(READ_AGAIN("reset")));
  s.addEventListener("live", (m) => {
    const e = JSON.parse((m as MessageEvent).data) as Omit<LiveMessage, "id">;
    const message = { ...e, id: (m as MessageEvent).lastEventId };
    listeners.forEach((l) => wants(l, e.topic) && l.deliver(message));
  });
  source = s;
}

export function useLive(topics: string[], onEvent: (e: LiveMessage) => void) {
  // The page's latest callback, read when an event arrives, without reconnecting when the callback changes.
  const deliver = useEffectEvent(onEvent);
  const key = topics.join(",");
  useEffect(() => {
    const listener: Listener = { topics: key.split(",").filter(Boolean), deliver: (e) => deliver(e) };
    listeners.add(listener);
    // Joining a connection already open for these topics: read again, as a fresh connection would say.
    const covered = listener.topics.every((t) => openTopics.split(",").includes(t));
    if (source?.readyState === EventSource.OPEN && covered) listener.deliver(READ_AGAIN("open"));
    else reconnectSoon();
    return () => {
      listeners.delete(listener);
      reconnectSoon();
    };
  }, [key]);
}
