// The live feed as Server-Sent Events: `live` events carry their id (EventSource resends it as Last-Event-ID),
// `reset` tells the client to read its state again, `signin_required` ends a stream whose token was revoked.
import { follow, type Access, type Delivery, type LiveEvent } from "./index";
import type { Who } from "../identity";
import type { Tailer } from "./tail";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "private, no-cache, no-transform",
  Vary: "Cookie, Authorization",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
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

export function eventStream(opts: {
  who: Who;
  topics: string[] | null;
  lastEventId: string | null;
  signal: AbortSignal;
  access?: Access;
  /** Who may read what each event is about: see `follow`. */
  subjects?: (e: LiveEvent) => Promise<LiveEvent | null>;
  tailer?: Tailer;
  pingMs?: number;
}): ReadableStream<Uint8Array> {
  const abort = new AbortController();
  opts.signal.addEventListener("abort", () => abort.abort());
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const sendBytes = (b: Uint8Array) => {
        try {
          controller.enqueue(b);
        } catch {
          abort.abort();
        }
      };
      const send = (s: string) => sendBytes(enc.encode(s));
      send("retry: 2000\n\n");
      const ping = setInterval(() => send(": ping\n\n"), opts.pingMs ?? 15_000);
      try {
        for await (const d of follow({ ...opts, signal: abort.signal })) sendBytes(frameBytes(d));
      } catch (e) {
        // The database went away mid-stream: end it; the client reconnects and resumes by Last-Event-ID.
        console.error("live stream ended:", e);
      } finally {
        clearInterval(ping);
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      }
    },
    cancel() {
      abort.abort();
    },
  });
}
