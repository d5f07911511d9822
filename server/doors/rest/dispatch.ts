// The JSON API door: match a route, call it, map the answer; the HTTP floor before it is server/http/door.ts.
import type { Clock } from "../../clock";
import { pathOf, queryOf, type Answer } from "../../http/asked";
import type { AdmittedAsk } from "../../http/door";
import { failureAnswer, privateJsonAnswer, RATE_LIMITED, tokenRefused } from "../../http/floor";
import type { Who } from "../../identity";
import { rateLimit } from "../../http/limits";
import { fail, type Failure, type Result } from "../../rules/result";
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

/**
 * The routes by their number of path segments, each pattern split once (not once per request); and the matches
 * already made of a path without params, by method and path (at most one per such route and method, so the map
 * stays as small as the routes: a path that matched nothing, matched params or was spelled otherwise is not kept).
 */
type Compiled = {
  bySegments: Map<number, { route: RestRoute; pattern: string[] }[]>;
  /** By method, then path. */
  fixed: Map<string, Map<string, Match>>;
};
const compiled = new WeakMap<RestRoute[], Compiled>();
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function compile(routes: RestRoute[]): Compiled {
  let c = compiled.get(routes);
  if (c) return c;
  c = { bySegments: new Map(), fixed: new Map() };
  for (const route of routes) {
    const pattern = route.path.split("/");
    const same = c.bySegments.get(pattern.length) ?? [];
    same.push({ route, pattern });
    c.bySegments.set(pattern.length, same);
  }
  compiled.set(routes, c);
  return c;
}

function match(routes: RestRoute[], method: string, pathname: string): Match | "wrong-method" | null {
  const c = compile(routes);
  const known = c.fixed.get(method)?.get(pathname);
  if (known) return known;
  const found = search(c, method, pathname);
  // Kept only for the route's own spelling of its path (not "/api/health//", say): one entry per route and method.
  if (found && typeof found === "object" && found.route.path === pathname && !pathname.includes(":")) {
    const fixed = { route: found.route, params: NO_PARAMS };
    let byPath = c.fixed.get(method);
    if (!byPath) c.fixed.set(method, (byPath = new Map()));
    byPath.set(pathname, fixed);
    return fixed;
  }
  return found;
}

/** The route a method and path name (the floor asks, to know how much body to read for it). */
export const matchRoute = (method: string, pathname: string, routes: RestRoute[] = REST_ROUTES) =>
  match(routes, method, pathname);

function search(c: Compiled, method: string, pathname: string): Match | "wrong-method" | null {
  const parts = pathname.replace(/\/+$/, "").split("/");
  let methodMismatch = false;
  for (const { route: r, pattern } of c.bySegments.get(parts.length) ?? []) {
    // The fixed segments first: a route they rule out costs no decoding and no params (each act's path is tried
    // against every route of its length: docs/decisions/0002-plain-door.md).
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++)
      ok = pattern[i]!.startsWith(":") || pattern[i] === parts[i];
    if (!ok) continue;
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      if (!p.startsWith(":")) continue;
      const decoded = safeDecode(parts[i]!);
      if (decoded === null) return null; // "%E0" names nothing: a plain 404, never a thrown URIError
      params[p.slice(1)] = decoded;
    }
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

const ABSENT = { ok: true as const, value: undefined };

/**
 * One JSON API request, past the floor (server/http/door.ts): match its route, call it, answer in JSON. A call with
 * nothing to wait for (a path that names nothing, a body that is not JSON, a call answered at once) is answered
 * with no promise made.
 */
export function dispatch(
  a: AdmittedAsk,
  clock: Clock,
  routes: RestRoute[] = REST_ROUTES,
): Answer | Promise<Answer> {
  const { method, target } = a.asked;
  const pathname = pathOf(target);
  const found = match(routes, method, pathname);
  if (found === null) return failureAnswer(fail("not_found", `There is nothing at ${pathname}.`));
  if (found === "wrong-method")
    return failureAnswer(fail("not_found", `${method} is not something ${pathname} answers.`));
  // A route generated from an operation is charged by the operation's floor, at its own cost.
  if (!found.route.operation) return charged(a, clock, found);
  return called(a, clock, found);
}

async function charged(a: AdmittedAsk, clock: Clock, found: Match): Promise<Answer> {
  const limited = await rateLimit(a.db, a.rateKey, a.asked.method === "GET" ? "read" : "write");
  if (limited)
    return failureAnswer(RATE_LIMITED(limited.retryAfter), { "retry-after": String(limited.retryAfter) });
  return called(a, clock, found);
}

function called(a: AdmittedAsk, clock: Clock, found: Match): Answer | Promise<Answer> {
  const { target, headers } = a.asked;
  const body = a.body === null ? ABSENT : bodyOf(a.body, headers.get("content-type"));
  if (!body.ok) return failureAnswer(body);
  const result = found.route.call({
    db: a.db,
    who: a.who,
    clock,
    rateKey: a.rateKey,
    address: a.address,
    params: found.params,
    body: body.value,
    query: queryOf(target),
    idempotencyKey: headers.get("idempotency-key"),
  });
  const status = found.route.status ?? 200;
  return result instanceof Promise
    ? result.then((r) => answerOf(status, r, a.who))
    : answerOf(status, result, a.who);
}

/** A signed-in agent told to sign in had its token revoked as the call waited: that token is what is refused. */
const answerOf = (status: number, result: Result<unknown>, who: Who): Answer =>
  result.ok
    ? privateJsonAnswer(status, result.value)
    : failureAnswer(
        result,
        result.code === "signin_required" && who.kind === "agent" ? tokenRefused(result) : {},
      );
