// What the floor reads of a request and what a door answers, as plain objects: the fast lane builds an `Asked`
// straight from node:http's request and writes an `Answer` straight to its response, so a JSON API call pays for
// neither a web Request nor a web Response (docs/decisions/0002-plain-door.md). A route
// file served by Next alone turns its Request into an `Asked` and the `Answer` into a Response (askedOf, responseOf).
import type { IncomingMessage } from "node:http";
import { PEER_HEADER, socketPeer } from "./address";
import { answerJson } from "./json";

/** A request's headers, by name in any case: a web Request's Headers is one, nodeHeaders another. */
export type HeadersLike = { get(name: string): string | null };

/** Headers that can also be listed, name and value, as a web Request's Headers can. */
export type ListedHeaders = HeadersLike & { entries(): Iterable<[string, string]> };

/** A request's body: a web stream, or node's request stream itself. */
export type Body = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export type Asked = {
  method: string;
  /** The request target: the path and its query, as sent. */
  target: string;
  /** The Host the client named (checked against the allow-list), "" when it named none. */
  host: string;
  headers: ListedHeaders;
  /** The body's bytes, null for a request without one. */
  body: Body | null;
  /** Aborted when the client goes away; only a door that streams needs one. */
  signal?: AbortSignal;
};

/**
 * A door's answer: a status, its headers (names in lower case) and a text body; or, for a live feed, `stream`, which
 * the server calls once the head is sent and which writes until the feed ends or `signal` says the client has left.
 */
export type Answer = { status: number; headers: Record<string, string>; body: string; stream?: Streamed };

/** A streamed body: its chunks handed to `write`, which returns a promise when the client must catch up first. */
export type Streamed = (
  write: (chunk: Uint8Array) => void | Promise<void>,
  signal: AbortSignal,
) => Promise<void>;

const bodied = (method: string) => method !== "GET" && method !== "HEAD";

/**
 * A node:http request's headers as HeadersLike: node keeps them by lower-case name, repeated ones joined. The peer
 * header is the socket's own peer, whatever the client sent under that name (server/http/address.ts).
 */
class NodeHeaders implements ListedHeaders {
  // One object with one field per request, its methods on the prototype (not closures made per request).
  constructor(private readonly req: IncomingMessage) {}
  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === PEER_HEADER) return socketPeer(this.req);
    const v = this.req.headers[key];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
  /** Each header as sent, by lower-case name; HTTP/2's pseudo-headers are none, the peer is the socket's own. */
  *entries(): Generator<[string, string]> {
    const raw = this.req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      if (name[0] !== ":" && name !== PEER_HEADER) yield [name, raw[i + 1]!];
    }
    yield [PEER_HEADER, socketPeer(this.req)];
  }
}

export const nodeHeaders = (req: IncomingMessage): ListedHeaders => new NodeHeaders(req);

/** A node:http request as the floor reads it; its body is the request stream itself. */
export function askedOfNode(req: IncomingMessage): Asked {
  const method = req.method ?? "GET";
  return {
    method,
    target: req.url ?? "/",
    host: req.headers.host ?? "",
    headers: nodeHeaders(req),
    body: bodied(method) ? req : null,
  };
}

/** A web Request as the floor reads it (a route file served by Next alone, a test). */
export function askedOf(req: Request): Asked {
  const url = new URL(req.url);
  return {
    method: req.method,
    target: url.pathname + url.search,
    host: req.headers.get("host") ?? url.host,
    headers: req.headers,
    body: bodied(req.method) ? req.body : null,
    signal: req.signal,
  };
}

/** The path of a request target, without its query. */
export const pathOf = (target: string | undefined) => {
  const s = target ?? "/";
  const q = s.indexOf("?");
  return q < 0 ? s : s.slice(0, q);
};

/** The query of a request target, as text after the "?" ("" when there is none). */
export const queryOf = (target: string) => {
  const q = target.indexOf("?");
  return q < 0 ? "" : target.slice(q + 1);
};

export const jsonAnswer = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: answerJson(value),
});

/**
 * A request as a web Request. Without `body` it carries none: for a door whose library takes a Request (MCP's
 * transport) and is handed the body the floor read instead, since a Request made to carry the bytes again is a web
 * stream each reader pays for. The fast lane hands a web door (tRPC) its body read into memory. Throws for a method,
 * target or Host that make no Request.
 */
export function requestOf(asked: Asked, body?: Uint8Array): Request {
  const headers = new Headers();
  for (const [k, v] of asked.headers.entries()) headers.append(k, v);
  return new Request(new URL(asked.target, `http://${asked.host || "localhost"}`), {
    method: asked.method,
    headers,
    ...(asked.signal ? { signal: asked.signal } : {}),
    ...(body ? { body } : {}),
  } as RequestInit);
}

/**
 * A web Response as an Answer, its body read whole: for a door whose library answers with a Response that ends
 * (MCP's JSON answers). Its length is the writer's to set from the bytes it sends. An Answer holds one value per
 * header, so a second Set-Cookie would be lost: no door answered through here sets one.
 */
export async function answerOf(res: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [k, v] of res.headers) if (k !== "content-length") headers[k] = v;
  return { status: res.status, headers, body: res.body ? await res.text() : "" };
}

/** An answer as a web Response; a streamed one ends its writer when `signal` aborts or the stream is cancelled. */
export const responseOf = (a: Answer, signal?: AbortSignal): Response =>
  new Response(a.stream ? webStream(a.stream, signal) : a.body, { status: a.status, headers: a.headers });

/** A streamed body as a web stream (a route file served by Next alone, a test). */
export function webStream(streamed: Streamed, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const gone = new AbortController();
  signal?.addEventListener("abort", () => gone.abort(), { once: true });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (chunk: Uint8Array) => {
        try {
          controller.enqueue(chunk);
        } catch {
          gone.abort(); // closed from the reading side
        }
      };
      void streamed(write, gone.signal)
        .catch((e: unknown) => console.error("a streamed answer failed:", e))
        .finally(() => {
          try {
            controller.close();
          } catch {
            /* already closed by the client */
          }
        });
    },
    cancel() {
      gone.abort();
    },
  });
}
