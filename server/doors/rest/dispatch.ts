// The JSON API door: match a route, call it, map the answer; the HTTP floor before it is server/http/door.ts.
import type { Clock } from "../../clock";
import type { Admitted } from "../../http/door";
import { failureResponse, PRIVATE_HEADERS, RATE_LIMITED } from "../../http/floor";
import { rateLimit } from "../../http/limits";
import { fail, type Failure } from "../../rules/result";
import type { RestRoute } from "./route";
import { REST_ROUTES } from "./routes";

type Match = { route: RestRoute; params: Record<string, string> };

function safeDecode(v: string): string | null {
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
}

function match(routes: RestRoute[], method: string, pathname: string): Match | "wrong-method" | null {
  const parts = pathname.replace(/\/+$/, "").split("/");
  let methodMismatch = false;
  for (const r of routes) {
    const pattern = r.path.split("/");
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i]!;
      const v = parts[i]!;
      if (p.startsWith(":")) {
        const decoded = safeDecode(v);
        if (decoded === null) return null; // "%E0" names nothing: a plain 404, never a thrown URIError
        params[p.slice(1)] = decoded;
      } else ok = p === v;
    }
    if (!ok) continue;
    if (r.method !== method && !(method === "HEAD" && r.method === "GET")) {
      methodMismatch = true;
      continue;
    }
    return { route: r, params };
  }
  return methodMismatch ? "wrong-method" : null;
}

/**
 * The body's JSON: absent is `undefined`; anything that is not JSON is `invalid`. A form-encoded body (what a mail
 * client's one-click unsubscribe sends) is its fields, each name as the wire spells it: "List-Unsubscribe" is
 * list_unsubscribe.
 */
function bodyOf(text: string | null, type: string | null): { ok: true; value: unknown } | Failure {
  if (text === null || !text.trim()) return { ok: true, value: undefined };
  if (type?.toLowerCase().startsWith("application/x-www-form-urlencoded"))
    return {
      ok: true,
      value: Object.fromEntries(
        [...new URLSearchParams(text)].map(([k, v]) => [k.toLowerCase().replaceAll("-", "_"), v]),
      ),
    };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return fail("invalid", "The request body is not valid JSON.");
  }
}

/** One JSON API request, past the floor (server/http/door.ts): match its route, call it, answer in JSON. */
export async function dispatch(
  a: Admitted,
  clock: Clock,
  routes: RestRoute[] = REST_ROUTES,
): Promise<Response> {
  const url = new URL(a.req.url);
  const found = match(routes, a.req.method, url.pathname);
  if (found === null) return failureResponse(fail("not_found", `There is nothing at ${url.pathname}.`));
  if (found === "wrong-method")
    return failureResponse(fail("not_found", `${a.req.method} is not something ${url.pathname} answers.`));
  // A route generated from an operation is charged by the operation's floor, at its own cost.
  const limited = found.route.operation
    ? null
    : await rateLimit(a.db, a.rateKey, a.req.method === "GET" ? "read" : "write");
  if (limited)
    return failureResponse(RATE_LIMITED(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
  const body = bodyOf(a.body, a.req.headers.get("content-type"));
  if (!body.ok) return failureResponse(body);
  const result = await found.route.call({
    db: a.db,
    who: a.who,
    clock,
    rateKey: a.rateKey,
    address: a.address,
    params: found.params,
    body: body.value,
    query: url.searchParams,
    idempotencyKey: a.req.headers.get("idempotency-key"),
  });
  if (!result.ok) return failureResponse(result);
  return Response.json(result.value, { status: found.route.status ?? 200, headers: PRIVATE_HEADERS });
}
