// The HTTP floor every door stands on: same-origin writes, a body cap, private caching, the answers of a refusal.
// The rate limits are server/http/limits.ts, a guest's address server/http/address.ts.
import { trustedProxies, type TrustedProxies } from "../env";
import { FAILURE_CODES, fail, type Failure } from "../rules/result";
import { jsonAnswer, responseOf, type Answer, type HeadersLike } from "./asked";
import { isDatabaseDown, RETRY_AFTER_S, UNAVAILABLE } from "./unavailable";
import { answerJson } from "./json";
import { bearerChallenge } from "./challenge";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A browser sends Origin (and Sec-Fetch-Site) on cross-site writes; a cookie-carrying cross-site write is CSRF.
 * A bearer token is never attached by a browser on its own, so token requests are not held to it. The host the
 * Origin must name is the request's own; X-Forwarded-Host only behind a trusted proxy (PARLEY_TRUST_PROXY), as
 * X-Forwarded-For is (server/http/address.ts): anywhere else it is whatever the client wrote.
 */
export function crossOriginWrite(
  req: { method: string; headers: HeadersLike },
  trust: TrustedProxies = trustedProxies(),
): Failure | null {
  if (!WRITES.has(req.method)) return null;
  if (req.headers.get("authorization")?.toLowerCase().startsWith("bearer ")) return null;
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site") return fail("forbidden", "Cross-site requests may not change anything here.");
  const origin = req.headers.get("origin");
  if (!origin) return null;
  const proxied = !("hops" in trust && trust.hops === 0);
  const host = (proxied && req.headers.get("x-forwarded-host")) || req.headers.get("host");
  try {
    if (new URL(origin).host === host) return null;
  } catch {
    /* a malformed Origin is as foreign as any */
  }
  return fail("forbidden", "Cross-origin requests may not change anything here.");
}

export const RATE_LIMITED = (retryAfter: number) =>
  fail("rate_limited", `Too many requests; try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`);

const NO_STORE = "private, no-store";
const VARY = "Cookie, Authorization";

/** Every answer that depends on who asked must not be kept by a shared cache or replayed to another person. */
export const PRIVATE_HEADERS: Record<string, string> = { "cache-control": NO_STORE, vary: VARY };

/**
 * A JSON answer marked private, its headers one object literal rather than PRIVATE_HEADERS spread into a fresh
 * object per answer (docs/decisions/0002-plain-door.md).
 */
export const privateJsonAnswer = (status: number, value: unknown): Answer => ({
  status,
  headers: { "content-type": "application/json", "cache-control": NO_STORE, vary: VARY },
  body: answerJson(value),
});

/**
 * A refusal in JSON: its code, its sentence, the field it names; Retry-After for a wait; a 401's Bearer challenge
 * (a bad token's own challenge comes in `extra`). Header names lower case.
 */
export function failureAnswer(
  f: Failure & { retryAfter?: number },
  extra: Record<string, string> = {},
): Answer {
  return jsonAnswer(
    FAILURE_CODES[f.code],
    { error: { code: f.code, message: f.message, ...(f.field !== undefined ? { field: f.field } : {}) } },
    {
      ...PRIVATE_HEADERS,
      ...(f.code === "unavailable" ? { "retry-after": String(RETRY_AFTER_S) } : {}),
      ...(f.retryAfter ? { "retry-after": String(f.retryAfter) } : {}),
      ...(f.code === "signin_required" ? { "www-authenticate": bearerChallenge() } : {}),
      ...extra,
    },
  );
}

/**
 * The challenge of a refusal for a token that was sent and is no good (unknown, or revoked as a long poll waited):
 * `invalid_token` with the refusal's own sentence. Without a token, failureAnswer's plain challenge stands.
 */
export const tokenRefused = (f: Failure, path?: string): Record<string, string> => ({
  "www-authenticate": bearerChallenge({ error: "invalid_token", description: f.message, path }),
});

/** The challenge of a refusal to a caller who sent no token, naming the metadata of the endpoint asked. */
export const signInAsked = (path: string): Record<string, string> => ({
  "www-authenticate": bearerChallenge({ path }),
});

export function failureResponse(
  f: Failure & { retryAfter?: number },
  extra: Record<string, string> = {},
): Response {
  return responseOf(failureAnswer(f, extra));
}

/**
 * Wraps a route handler that reaches the database before any door's own error mapping (resolving who asks, say):
 * an unreachable database is a 503, anything else our one-sentence 500 with the details kept in the log.
 */
export function guarded<A extends unknown[]>(
  handler: (req: Request, ...rest: A) => Promise<Response>,
): (req: Request, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    try {
      return await handler(req, ...rest);
    } catch (e) {
      return thrownResponse(req, e);
    }
  };
}

/** What a door answers for an error it did not expect: 503 when the database is away, else one sentence (500). */
export function thrownAnswer(asked: { method: string; target: string }, e: unknown): Answer {
  if (isDatabaseDown(e)) return failureAnswer(UNAVAILABLE);
  // Internal errors never leak their details to the client; the server log keeps them.
  console.error(`${asked.method} ${asked.target.split("?")[0]} failed:`, e);
  return jsonAnswer(
    500,
    {
      error: { code: "internal", message: "Something went wrong on our side; the request was not applied." },
    },
    PRIVATE_HEADERS,
  );
}

export function thrownResponse(req: Request, e: unknown): Response {
  return responseOf(thrownAnswer({ method: req.method, target: new URL(req.url).pathname }, e));
}
