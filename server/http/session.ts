// The person of a request's session cookie, decoded from the request itself rather than from Next's request scope
// (which the fast lane in front of Next does not have): the JWT next-auth wrote, checked with the same secret and
// salt, its expiry included, and the session generation it was signed in under. Over https next-auth names the
// cookie `__Secure-…`.
import { getToken } from "next-auth/jwt";
import type { HeadersLike } from "./asked";

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** The most session cookies kept opened; the oldest opened is the first forgotten. */
const OPENED_MAX = 10_000;

/**
 * Cookies already opened, by secret and cookie: opening one costs a key derivation and a decryption, and it opens to
 * the same claims until it expires (docs/decisions/0014-session-cookie.md). Only a
 * cookie that named someone is kept; its expiry is checked at every use, and past it the cookie is opened again (so
 * the answer is next-auth's own, clock tolerance included). What is kept is only what the cookie says — who, and
 * under which session generation: whether that session still stands (no suspension, no password reset since) is
 * asked of the database at every request (whoForUserId), so keeping this keeps no ended session alive.
 */
const opened = new Map<string, Session & { expS: number }>();

/** What a session cookie says: the person, and the session generation it was signed in under (0 when unstamped). */
export type Session = { uid: number; generation: number };

/** Whether a request carries a session cookie at all: one without is nobody's, with nothing to open. */
export const carriesSession = (headers: HeadersLike): boolean =>
  headers.get("cookie")?.includes(SESSION_COOKIE) ?? false;

/** The signed-in person's id, or null (sessionOf). */
export async function sessionUserId(
  req: { headers: HeadersLike },
  secret: string | (() => string),
): Promise<number | null> {
  return (await sessionOf(req, secret))?.uid ?? null;
}

/**
 * The session's person and generation, or null: no cookie, or one that is forged, expired or not ours. The secret is
 * asked for only when there is a cookie to open.
 */
export async function sessionOf(
  req: { headers: HeadersLike },
  secret: string | (() => string),
): Promise<Session | null> {
  if (!carriesSession(req.headers)) return null;
  const cookie = req.headers.get("cookie")!;
  const key = `${typeof secret === "function" ? secret() : secret}\u0000${cookie}`;
  const nowS = Date.now() / 1000;
  const hit = opened.get(key);
  if (hit && nowS < hit.expS) return { uid: hit.uid, generation: hit.generation };
  if (hit) opened.delete(key);
  const secure = cookie.includes(SECURE_SESSION_COOKIE);
  const cookieName = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const token = (await getToken({
    req: { headers: { cookie } },
    secret: typeof secret === "function" ? secret() : secret,
    secureCookie: secure,
    cookieName,
  }).catch(() => null)) as { uid?: unknown; gen?: unknown; exp?: unknown } | null;
  const uid = token?.uid;
  if (typeof uid !== "number" || !Number.isSafeInteger(uid)) return null;
  const gen = token!.gen;
  // A cookie signed in before generations were stamped is generation 0: the first reset ends it too.
  const generation = typeof gen === "number" && Number.isSafeInteger(gen) ? gen : 0;
  if (typeof token!.exp === "number" && nowS < token!.exp) {
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(key, { uid, generation, expS: token!.exp });
  }
  return { uid, generation };
}
