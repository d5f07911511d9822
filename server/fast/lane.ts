// The fast lane: the doors served straight from node:http, in front of Next. A plain door (the JSON API, MCP and the
// live feed: Asked → Answer, server/http/asked.ts) is handed node's own request and its answer written to node's own
// response, a streamed one chunk by chunk; a web door (a fetch handler, Request → Response: tRPC) pays for one
// Request and one Response. Neither pays for Next's per-request pipeline (routing, its own Request wrapping,
// middleware, the route module's async storage): docs/decisions/0001-fast-lane.md. Which paths are doors:
// server/fast/doors.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import { askedOfNode, pathOf, requestOf, type Answer, type Asked, type Streamed } from "../http/asked";
import { DOOR_HEADERS } from "../http/headers";
import { decodes } from "../http/path";
import { env } from "../env";

export type Door = (req: Request) => Promise<Response> | Response;
/** A plain door answers at once when it has nothing to wait for (server/http/door.ts), else with a promise. */
export type PlainDoor = (asked: Asked) => Answer | Promise<Answer>;

export { pathOf };

/**
 * A web door's Request from node's (its headers as requestOf lists them: the socket's peer over any the client sent,
 * server/http/address.ts). A body is read into memory first, no further than one byte past the door's cap for it
 * (its operations', server/doors/caps.ts; else PARLEY_BODY_MAX: the floor then refuses it, naming the cap): a Request over bytes is far cheaper than one over `Readable.toWeb(req)`, whose web
 * stream every reader (the floor, then the door) pays for.
 */
async function toRequest(
  req: IncomingMessage,
  signal: AbortSignal | undefined,
  bodyCap: ((asked: Asked) => number) | undefined,
): Promise<Request> {
  const asked = askedOfNode(req);
  const cap = bodyCap?.(asked) ?? env().PARLEY_BODY_MAX;
  const body = asked.body === null ? undefined : await bytesOf(req, cap + 1);
  return requestOf(signal ? { ...asked, signal } : asked, body);
}

/**
 * The request's body, at most `cap` bytes of it. Past the cap the rest is read and dropped, not kept: the answer (a
 * refusal) then goes out on a connection that is still whole, and the next request on it parses as its own.
 */
function bytesOf(req: IncomingMessage, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", take).off("end", done).off("error", reject);
      const all = Buffer.concat(chunks);
      resolve(all.byteLength > cap ? all.subarray(0, cap) : all);
    };
    const take = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size < cap) return;
      done();
      req.resume(); // drained, with no one listening
    };
    req.on("data", take).on("end", done).on("error", reject);
  });
}

/** The doors' security headers a door's own headers do not replace, as name, value pairs. */
const DOOR_PAIRS = Object.entries(DOOR_HEADERS);

/** Until a full socket can take more, or closes (then the loop sees it destroyed and stops). */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });

async function send(res: ServerResponse, answer: Response): Promise<void> {
  // Name, value pairs, as write() below: the doors' security headers unless the answer names its own.
  const headers: string[] = [];
  for (const [k, v] of DOOR_PAIRS) if (!answer.headers.has(k)) headers.push(k, v);
  // (its length is this lane's to write, from the bytes it sends)
  for (const [k, v] of answer.headers) if (k !== "set-cookie" && k !== "content-length") headers.push(k, v);
  for (const cookie of answer.headers.getSetCookie()) headers.push("set-cookie", cookie);
  if (!answer.body) return void res.writeHead(answer.status, headers).end();
  if (answer.headers.get("content-type")?.startsWith("text/event-stream")) {
    // A live feed: each event goes out as it is written, until either side closes.
    // Read straight from the stream into the socket, with no Node Readable between them (one fewer stream and its
    // buffers per watcher: 2,000 watchers are 2,000 of them); a full socket waits for 'drain' before reading on.
    res.writeHead(answer.status, headers).flushHeaders();
    const reader = answer.body.getReader();
    res.on("close", () => void reader.cancel().catch(() => {}));
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (!res.write(value)) await drained(res);
          if (res.destroyed) break;
        }
      } catch {
        /* the watcher went away, or the stream failed: end the response */
      }
      res.end();
    })();
    return;
  }
  const body = Buffer.from(await answer.arrayBuffer());
  headers.push("content-length", String(body.byteLength));
  res.writeHead(answer.status, headers).end(body);
}

/**
 * A plain door's answer, written as it is: the doors' security headers, then its own (which win). The headers go
 * to writeHead as a flat list of name, value pairs: node:http walks an object's keys with a for…in, slow on the fresh
 * object of each answer (docs/decisions/0002-plain-door.md).
 */
function write(res: ServerResponse, answer: Answer): void {
  const own = answer.headers;
  const head: string[] = [];
  for (const [k, v] of DOOR_PAIRS) if (own[k] === undefined) head.push(k, v);
  for (const k of Object.keys(own)) head.push(k, own[k]!);
  if (answer.stream) return stream(res, answer.status, head, answer.stream);
  head.push("content-length", String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.status, head).end(answer.body);
}

/**
 * A streamed answer (the live feed), written chunk by chunk as its writer hands them over, until it ends or the
 * client leaves: then its signal aborts, which ends the writer. A full socket makes the writer wait for 'drain'.
 */
function stream(res: ServerResponse, status: number, head: string[], streamed: Streamed): void {
  res.writeHead(status, head).flushHeaders();
  const gone = new AbortController();
  // Only a client that leaves before the answer is done aborts (an abort makes an error, which is not free).
  res.on("close", () => res.writableFinished || gone.abort());
  const write = (chunk: Uint8Array) => {
    if (res.destroyed) return void gone.abort();
    if (!res.write(chunk)) return drained(res);
  };
  void streamed(write, gone.signal)
    .catch((e: unknown) => console.error("the fast lane's stream failed:", e))
    .finally(() => res.end());
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "private, no-store" });
  res.end(JSON.stringify(body));
};

const malformed = (res: ServerResponse) =>
  json(res, 404, { error: { code: "not_found", message: "There is nothing at that address." } });

/**
 * Serves one request through a plain door (it answers every failure itself; what it throws is a bug). An answer
 * that came at once is written at once; no promise is made for it.
 */
export function servePlain(door: PlainDoor, req: IncomingMessage, res: ServerResponse): void {
  if (!decodes(pathOf(req.url))) return malformed(res);
  let answer: Answer | Promise<Answer>;
  try {
    answer = door(askedOfNode(req));
  } catch (e) {
    return failed(res, e);
  }
  if (!(answer instanceof Promise)) return written(res, answer);
  answer.then(
    (a) => written(res, a),
    (e: unknown) => failed(res, e),
  );
}

function written(res: ServerResponse, answer: Answer): void {
  try {
    write(res, answer);
  } catch (e) {
    failed(res, e);
  }
}

/** What a door threw (a bug): logged, and answered in one sentence unless its answer had begun. */
function failed(res: ServerResponse, e: unknown): void {
  console.error("the fast lane failed a request:", e);
  if (!res.headersSent)
    return json(res, 500, { error: { code: "internal", message: "Something went wrong on our side." } });
  res.end();
}

/**
 * Serves one request through its door. For a door that streams (`streams`: a tRPC subscription), a client that goes
 * away aborts the request's signal, which ends the stream; the others answer at once and need none.
 */
export async function serveDoor(
  door: Door,
  req: IncomingMessage,
  res: ServerResponse,
  streams = false,
  bodyCap?: (asked: Asked) => number,
): Promise<void> {
  // A malformed %-escape (say /api/tables/%E0) names nothing, as proxy.ts answers it on Next's side.
  if (!decodes(pathOf(req.url))) return malformed(res);
  let signal: AbortSignal | undefined;
  if (streams) {
    const gone = new AbortController();
    // Only a client that leaves before the answer is done aborts (an abort makes an error, which is not free).
    res.on("close", () => res.writableFinished || gone.abort());
    signal = gone.signal;
  }
  try {
    let request: Request;
    try {
      request = await toRequest(req, signal, bodyCap);
    } catch {
      return json(res, 400, { error: { code: "invalid", message: "That request is malformed." } });
    }
    await send(res, await door(request));
  } catch (e) {
    failed(res, e);
  }
}
