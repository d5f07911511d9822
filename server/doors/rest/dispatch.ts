// The JSON API door: match a route, apply the HTTP floor, resolve who is asking, call the action, map the answer.
import { wallClock, type Clock } from "../../clock";
import { getDb, type Db } from "../../db";
import { identityKey, type Who } from "../../identity";
import {
  clientAddress,
  crossOriginWrite,
  failureResponse,
  PRIVATE_HEADERS,
  RATE_LIMITED,
  rateLimit,
  readJsonBody,
  thrownResponse,
} from "../../http/floor";
import { fail } from "../../rules/result";
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

export type WhoResolver = (req: Request, db: Db) => Promise<{ who: Who; badToken: boolean }>;

export async function dispatch(
  req: Request,
  resolveWho: WhoResolver,
  opts: { db?: Db; routes?: RestRoute[]; clock?: Clock } = {},
): Promise<Response> {
  const url = new URL(req.url);
  const found = match(opts.routes ?? REST_ROUTES, req.method, url.pathname);
  if (found === null) return failureResponse(fail("not_found", `There is nothing at ${url.pathname}.`));
  if (found === "wrong-method")
    return failureResponse(fail("not_found", `${req.method} is not something ${url.pathname} answers.`));
  const crossSite = crossOriginWrite(req);
  if (crossSite) return failureResponse(crossSite);
  try {
    const db = opts.db ?? (await getDb());
    const { who, badToken } = await resolveWho(req, db);
    if (badToken) return failureResponse(fail("signin_required", "That bearer token is unknown or revoked."));
    const rateKey = identityKey(who, clientAddress(req));
    // A route generated from an operation is charged by the operation's floor, at its own cost.
    const limited = found.route.operation
      ? null
      : rateLimit(rateKey, req.method === "GET" ? "read" : "write");
    if (limited)
      return failureResponse(RATE_LIMITED(limited.retryAfter), { "Retry-After": String(limited.retryAfter) });
    const body =
      req.method === "GET" || req.method === "HEAD"
        ? { ok: true as const, value: undefined }
        : await readJsonBody(req);
    if (!body.ok) return failureResponse(body);
    const result = await found.route.call({
      db,
      who,
      clock: opts.clock ?? wallClock,
      rateKey,
      params: found.params,
      body: body.value,
      query: url.searchParams,
    });
    if (!result.ok) return failureResponse(result);
    return Response.json(result.value, { status: found.route.status ?? 200, headers: PRIVATE_HEADERS });
  } catch (e) {
    return thrownResponse(req, e);
  }
}
