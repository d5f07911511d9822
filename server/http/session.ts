// The person of a request's session cookie, decoded from the request itself rather than from Next's request scope
// (which the fast lane in front of Next does not have): the JWT next-auth wrote, checked with the same secret and
// salt, its expiry included. Over https next-auth names the cookie `__Secure-…`.
import { getToken } from "next-auth/jwt";

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/**
 * The signed-in person's id, or null: no cookie, or one that is forged, expired or not ours. The secret is asked
 * for only when there is a cookie to open.
 */
export async function sessionUserId(req: Request, secret: string | (() => string)): Promise<number | null> {
  const cookie = req.headers.get("cookie");
  if (!cookie?.includes(SESSION_COOKIE)) return null;
  const secure = cookie.includes(SECURE_SESSION_COOKIE);
  const cookieName = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const token = await getToken({
    req: { headers: { cookie } },
    secret: typeof secret === "function" ? secret() : secret,
    secureCookie: secure,
    cookieName,
  }).catch(() => null);
  const uid = (token as { uid?: unknown } | null)?.uid;
  return typeof uid === "number" && Number.isSafeInteger(uid) ? uid : null;
}
