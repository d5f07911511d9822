// The live feed as Server-Sent Events: `live` events carry their id (EventSource resends it as Last-Event-ID),
// `reset` tells the client to read its state again, `signin_required` ends a stream whose token was revoked.
import { follow, type Access, type Delivery, type LiveEvent } from "./index";
import type { Who } from "../identity";
import { webStream, type Streamed } from "../http/asked";
import type { Tailer } from "./tail";

/** The feed's headers (lower-case names, as a plain door's answer carries them). */
export const SSE_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "private, no-cache, no-transform",
  vary: "Cookie, Authorization",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/** One delivery as SSE text (a `signed_out` is the last frame: the stream ends after it). */
export function sseFrame(d: Delivery): string {
  if (d.kind === "event") {
    const { id, topic, type, payload, at } = d.event;
    return `id: ${id}\nevent: live\ndata: ${JSON.stringify({ topic, type, payload, at })}\n\n`;
  }
  if (d.kind === "reset")
    // An empty `id:` clears the client's Last-Event-ID, so its next reconnect is a fresh one.
    return `id: ${d.id ?? ""}\nevent: reset\ndata: ${JSON.stringify({ type: "reset", reason: d.reason })}\n\n`;
  const error = { code: "signin_required", message: "That bearer token was revoked." };
  return `event: signin_required\ndata: ${JSON.stringify({ error })}\n\n`;
}

const enc = new TextEncoder();
/** An event's frame, encoded once and sent to every watcher it reaches (the same object reaches them all). */
const frames = new WeakMap<LiveEvent, Uint8Array>();
function frameBytes(d: Delivery): Uint8Array {
  if (d.kind !== "event") return enc.encode(sseFrame(d));
  let bytes = frames.get(d.event);
  if (!bytes) frames.set(d.event, (bytes = enc.encode(sseFrame(d))));
  return bytes;
}

export type FeedOptions = {
  who: Who;
  topics: string[] | null;
  lastEventId: string | null;
  access?: Access;
  /** Who may read what each event is about: see `follow`. */
  subjects?: (e: LiveEvent) => Promise<LiveEvent | null>;
  tailer?: Tailer;
  pingMs?: number;
  /** Charges a resume's replay to the viewer: see `follow`. */
  chargeReplay?: (events: number) => Promise<boolean>;
};

const RETRY = enc.encode("retry: 2000\n\n");
const PING = enc.encode(": ping\n\n");

/**
 * The live feed as a streamed answer: `retry`, then each delivery as it comes and a ping while none does, until the
 * client leaves (`signal`) or the feed ends (a revoked token). The fast lane writes it straight to node's response:
 * no web Request, Response or stream a watcher, and no AbortSignal but the lane's (2,000 watchers are 2,000 of each).
 */
export function sseFeed(opts: FeedOptions): Streamed {
  return async (write, signal) => {
    // A write that returns a promise says the client must catch up first: until it has, nothing more is written, and
    // a ping is skipped rather than queued (each wait is a pair of listeners on the response).
    let full: Promise<void> | null = null;
    const send = async (chunk: Uint8Array) => {
      if (full) await full;
      const wait = write(chunk);
      if (!wait) return;
      full = wait;
      await wait;
      if (full === wait) full = null;
    };
    await send(RETRY);
    const ping = setInterval(() => full || void send(PING), opts.pingMs ?? 15_000);
    try {
      for await (const d of follow({ ...opts, signal })) await send(frameBytes(d));
    } catch (e) {
      // The database went away mid-stream: end it; the client reconnects and resumes by Last-Event-ID.
      console.error("live stream ended:", e);
    } finally {
      clearInterval(ping);
    }
  };
}

/** The live feed as a web stream, ended when `signal` aborts or the stream is cancelled. */
export function eventStream(opts: FeedOptions & { signal: AbortSignal }): ReadableStream<Uint8Array> {
  return webStream(sseFeed(opts), opts.signal);
}
