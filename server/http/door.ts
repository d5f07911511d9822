// The one HTTP floor every door stands on (the JSON API, tRPC, MCP, the live feed, the minutes download): the Host
// on the allow-list, no cross-site write, who is asking (a cookie or a bearer token; an unknown or revoked token is
// refused), the body read within its cap, a batch no longer than BATCH_MAX, and private caching on the answer.
// The rate limit is each operation's own (server/doors/serve.ts), so a batch of N calls is charged N.
import { Readable } from "node:stream";
import type { Db } from "../db";
import { dbIfOpen, getDb } from "../db";
import { env } from "../env";
import { identityKey, type Who } from "../identity";
import { fail, type Failure } from "../rules/result";
import { clientAddress } from "./address";
import { askedOf, pathOf, responseOf, type Answer, type Asked, type Body, type HeadersLike } from "./asked";
import {
  crossOriginWrite,
  failureAnswer,
  tokenRefused,
  guarded,
  PRIVATE_HEADERS,
  thrownAnswer,
} from "./floor";

/** The most calls one request may carry (a tRPC batch, a JSON-RPC array). */
export const BATCH_MAX = 20;

/** Who a request is from, and whether it named a token that is unknown or revoked. */
export type Asker = { who: Who; badToken: boolean };

/** Who asks; a guest's answer may come at once, without a promise. */
export type WhoResolver = (req: { headers: HeadersLike }, db: Db) => Asker | Promise<Asker>;

/** What a door's handler is handed once the floor let the request in. */
export type Admission = {
  db: Db;
  who: Who;
  /** Whose rate limit a call spends: the identity, or a guest's address. */
  rateKey: string;
  /** The client's address (server/http/address.ts), whoever it is: sign-up is limited by it too. */
  address: string;
  /** The body's text, read within the cap, or null for a request without one. */
  body: string | null;
};

/** A web door's handler (tRPC) is handed a Request, its body already read within the cap. */
export type Admitted = Admission & { req: Request };

/** A plain door's handler (the JSON API, MCP, the live feed) is handed the request as the floor read it. */
export type AdmittedAsk = Admission & { asked: Asked };

export type DoorOptions = {
  resolveWho: WhoResolver;
  db?: Db;
  /**
   * How many bytes of body this request may carry, from the operations it names (server/doors/caps.ts); default
   * PARLEY_BODY_MAX.
   */
  bodyCap?: (asked: Asked) => number;
  /** How many calls the request carries (a batch); refused past BATCH_MAX. */
  calls?: (asked: Asked, body: string | null) => number;
  /** The Host names answered; default PARLEY_ALLOWED_HOSTS, else this machine's own names. */
  allowedHosts?: string[];
};
const LOCAL = ["localhost", "127.0.0.1", "[::1]"];

let hosts: { of: ReturnType<typeof env>; list: string[] } | null = null;

/**
 * The allow-list of Host names: PARLEY_ALLOWED_HOSTS, else the host of PARLEY_URL and this machine's own names
 * ("*" lets any through, for a server behind a proxy that checks them itself).
 */
export function allowedHosts(): string[] {
  const e = env();
  // The same environment, the same list: every request asks.
  if (hosts?.of !== e) hosts = { of: e, list: hostsOf(e) };
  return hosts.list;
}

function hostsOf(e: ReturnType<typeof env>): string[] {
  const listed = e.PARLEY_ALLOWED_HOSTS.split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (listed.length) return listed;
  let own: string | null = null;
  try {
    own = e.PARLEY_URL ? new URL(e.PARLEY_URL).hostname.toLowerCase() : null;
  } catch {
    own = null; // a PARLEY_URL that is not a URL names no host
  }
  return own ? [own, ...LOCAL] : LOCAL;
}

/**
 * A page of another site can make a browser send requests to this server under its own name (DNS rebinding): the
 * Origin then matches the Host, so only the Host itself tells. Its port is not part of the name.
 */
export function hostAllowed(asked: { host: string }, allowed: string[]): boolean {
  // A client names the same Host on request after request: the last answer is kept, for the same list.
  if (asked.host === lastHost.host && allowed === lastHost.allowed) return lastHost.ok;
  const ok = allowed.includes("*") || allowed.includes(hostName(asked.host));
  lastHost = { host: asked.host, allowed, ok };
  return ok;
}
let lastHost: { host: string; allowed: string[]; ok: boolean } = { host: "", allowed: [], ok: false };

function hostName(host: string): string {
  const h = host.toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.split(":")[0]!;
}

/** The body's text, read no further than `max` bytes (default PARLEY_BODY_MAX): past it, the request is refused. */
export async function readBody(
  req: { method: string; headers: HeadersLike; body: Body | null },
  max = env().PARLEY_BODY_MAX,
): Promise<{ ok: true; text: string | null } | { ok: false; answer: Answer }> {
  if (req.method === "GET" || req.method === "HEAD" || !req.body) return { ok: true, text: null };
  const tooBig = () => ({
    ok: false as const,
    answer: failureAnswer(fail("invalid", `The request body is larger than ${max} bytes.`)),
  });
  if (Number(req.headers.get("content-length") ?? "0") > max) return tooBig();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (past the cap) cancels a web stream: nothing more is read. Node's own request is left
  // whole and its rest read and dropped, so the refusal goes out on a connection the next request can use.
  for await (const chunk of chunksOf(req.body)) {
    size += chunk.byteLength;
    if (size > max) {
      if (isNodeStream(req.body)) req.body.resume();
      return tooBig();
    }
    chunks.push(chunk);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}

const isNodeStream = (body: Body): body is Readable => body instanceof Readable;

async function* chunksOf(body: Body) {
  // Left early, node's async iterator would destroy the request, and the connection with it.
  if (isNodeStream(body)) return yield* body.iterator({ destroyOnReturn: false });
  if (!("getReader" in body)) return yield* body;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

const NO_BODY = { ok: true as const, text: null };

type Admit = { ok: true; value: AdmittedAsk } | { ok: false; answer: Answer };

/**
 * The floor: the Host, no cross-site write, who asks, the body within its cap, a batch within BATCH_MAX. Answered
 * at once, with no promise, when there is nothing to wait for (the database open, a guest or a person whose cookie
 * was opened before, no body): every call passes here, and with an AsyncLocalStorage on (the app's process has
 * one on, Next's) each promise and each await pays an async hook.
 */
export function admit(asked: Asked, opts: DoorOptions): Admit | Promise<Admit> {
  if (!hostAllowed(asked, opts.allowedHosts ?? allowedHosts()))
    return refusal(
      fail("forbidden", "This server does not answer for that host name (PARLEY_ALLOWED_HOSTS)."),
    );
  const crossSite = crossOriginWrite(asked);
  if (crossSite) return refusal(crossSite);
  const db = opts.db ?? dbIfOpen();
  if (!db) return admitLater(asked, opts, null);
  const asker = opts.resolveWho(asked, db);
  if (asker instanceof Promise || asked.body !== null) return admitLater(asked, opts, db, asker);
  return admitted(asked, opts, db, asker, null);
}

/** The floor's steps that wait: opening the database, who a token or a new cookie names, reading the body. */
async function admitLater(
  asked: Asked,
  opts: DoorOptions,
  open: Db | null,
  asking?: Asker | Promise<Asker>,
): Promise<Admit> {
  const db = open ?? (await getDb());
  const asker = await (asking ?? opts.resolveWho(asked, db));
  // An unknown token is refused before its body is read.
  if (asker.badToken) return admitted(asked, opts, db, asker, null);
  const body = asked.body === null ? NO_BODY : await readBody(asked, opts.bodyCap?.(asked));
  if (!body.ok) return body;
  return admitted(asked, opts, db, asker, body.text);
}

function admitted(asked: Asked, opts: DoorOptions, db: Db, asker: Asker, text: string | null): Admit {
  if (asker.badToken) return { ok: false, answer: badTokenAnswer(pathOf(asked.target)) };
  const calls = opts.calls?.(asked, text) ?? 1;
  if (calls > BATCH_MAX)
    return refusal(fail("invalid", `A batch holds at most ${BATCH_MAX} calls; this one holds ${calls}.`));
  const address = clientAddress(asked);
  const { who } = asker;
  return { ok: true, value: { db, who, rateKey: identityKey(who, address), address, body: text, asked } };
}

const refusal = (f: Failure): Admit => ({ ok: false, answer: failureAnswer(f) });

/** A token that is unknown or revoked, at every door and for reads too: the client is told so, and why. */
export const BAD_TOKEN = fail("signin_required", "That bearer token is unknown or revoked.");
export const badTokenAnswer = (path?: string): Answer =>
  failureAnswer(BAD_TOKEN, tokenRefused(BAD_TOKEN, path));

/**
 * A door as a route handler (Request → Response): the floor, then the handler; an unexpected error is our one
 * sentence (or a 503 when the database is away); every answer that depends on who asked is marked private unless
 * the handler said otherwise.
 */
export function door<A extends unknown[]>(
  handler: (admitted: Admitted, ...rest: A) => Promise<Response>,
  opts: DoorOptions,
): (req: Request, ...rest: A) => Promise<Response> {
  return guarded(async (req: Request, ...rest: A) => {
    const a = await admit(askedOf(req), opts);
    if (!a.ok) return responseOf(a.answer);
    const handed =
      a.value.body === null
        ? req
        : new Request(req.url, {
            method: req.method,
            headers: req.headers,
            body: a.value.body,
            signal: req.signal,
          });
    const { asked: _asked, ...admission } = a.value;
    const res = await handler({ ...admission, req: handed }, ...rest);
    for (const [k, v] of Object.entries(PRIVATE_HEADERS)) if (!res.headers.has(k)) res.headers.set(k, v);
    return res;
  });
}

/**
 * A door over plain objects (Asked → Answer), the fast lane's own: the same floor, the same private answers. Where
 * neither the floor nor the handler waits on anything, the answer comes at once, with no promise made.
 */
export function plainDoor(
  handler: (admitted: AdmittedAsk) => Answer | Promise<Answer>,
  opts: DoorOptions,
): (asked: Asked) => Answer | Promise<Answer> {
  const handled = (a: Admit): Answer | Promise<Answer> => {
    if (!a.ok) return a.answer;
    const answer = handler(a.value);
    return answer instanceof Promise ? answer.then(privately) : privately(answer);
  };
  return (asked) => {
    try {
      const gate = admit(asked, opts);
      const answer = gate instanceof Promise ? gate.then(handled) : handled(gate);
      return answer instanceof Promise ? answer.catch((e: unknown) => thrownAnswer(asked, e)) : answer;
    } catch (e) {
      return thrownAnswer(asked, e);
    }
  };
}

function privately(answer: Answer): Answer {
  for (const k in PRIVATE_HEADERS) answer.headers[k] ??= PRIVATE_HEADERS[k]!;
  return answer;
}

/** A plain door as a route handler, for a route file served by Next alone; a streamed answer ends with the request. */
export const webDoor =
  (plain: (asked: Asked) => Answer | Promise<Answer>) =>
  async (req: Request): Promise<Response> =>
    responseOf(await plain(askedOf(req)), req.signal);

/** A tRPC request's calls: the procedures named in its path (`/api/trpc/a,b,c?batch=1`). */
export function trpcCalls(asked: Asked): number {
  const path = pathOf(asked.target).replace(/^.*\/api\/trpc\/?/, "");
  return path ? path.split(",").length : 1;
}

/** A JSON-RPC request's calls: the length of an array of messages, else one. */
export function jsonRpcCalls(_asked: Asked, body: string | null): number {
  if (!body || !body.trimStart().startsWith("[")) return 1;
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1; // the transport answers malformed JSON itself
  }
}
