// Sign-in with next-auth: local accounts (name + password) by default, GitHub and Google when their keys are set.
import NextAuth, { type NextAuthConfig, type User } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { signInName, upsertOAuthUser, verifyLocal, whoForUserId } from "./actions/accounts";
import { whoForToken } from "./actions/agents";
import { getDb } from "./db";
import { env } from "./env";
import { clientAddress } from "./http/address";
import { responseOf, type HeadersLike } from "./http/asked";
import { readBody, type Asker } from "./http/door";
import { guarded, PRIVATE_HEADERS, RATE_LIMITED } from "./http/floor";
import { signInLimit } from "./http/limits";
import { carriesSession, sessionOf } from "./http/session";
import { FAILURE_CODES, type Failure } from "./rules/result";
import { ANON, type Who } from "./identity";
import { authSecret } from "./secret";

export function providerNames(): { local: boolean; github: boolean; google: boolean } {
  const e = env();
  return {
    local: e.AUTH_LOCAL,
    github: !!(e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET),
    google: !!(e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET),
  };
}

/** The config is built per request (lazily), so `next build` never reads ./data or the environment early. */
function config(): NextAuthConfig {
  const e = env();
  const on = providerNames();
  const providers: NextAuthConfig["providers"] = [];
  if (on.local)
    providers.push(
      Credentials({
        credentials: { name: { label: "Name" }, password: { label: "Password", type: "password" } },
        async authorize(raw) {
          const r = await verifyLocal(await getDb(), raw);
          // The generation goes on to the jwt callback, which stamps it into the session (see whoForUserId).
          return r.ok
            ? ({ id: String(r.value.id), name: r.value.name, generation: r.value.generation } as User)
            : null;
        },
      }),
    );
  if (on.github) providers.push(GitHub({ clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET }));
  if (on.google) providers.push(Google({ clientId: e.AUTH_GOOGLE_ID, clientSecret: e.AUTH_GOOGLE_SECRET }));
  return {
    secret: authSecret(),
    trustHost: true,
    session: { strategy: "jwt" },
    pages: { signIn: "/signin" },
    providers,
    callbacks: {
      async jwt({ token, user, account, profile }) {
        if (account && account.provider !== "credentials" && account.providerAccountId) {
          const u = await upsertOAuthUser(await getDb(), {
            provider: account.provider,
            providerId: account.providerAccountId,
            name: String(profile?.name ?? profile?.login ?? user?.name ?? account.provider),
            email: (profile?.email as string | undefined) ?? user?.email ?? null,
          });
          token.uid = u.id;
          token.gen = u.generation;
        } else if (user?.id) {
          token.uid = Number(user.id);
          token.gen = (user as User & { generation?: number }).generation ?? 0;
        }
        return token;
      },
      session({ session, token }) {
        (session as { uid?: number }).uid = token.uid as number | undefined;
        return session;
      },
    },
  };
}

export const { handlers, signIn, signOut } = NextAuth(() => config());

/** The most a request to next-auth's own routes carries (a sign-in: a CSRF token, a name, a password, a URL). */
export const AUTH_BODY_MAX = 4_096;

/**
 * The name a credentials sign-in is for, read from its body as next-auth reads it (@auth/core's getBody: JSON, or a
 * form), so the name the floor checks and limits is the one the password is checked for. A form naming two (where
 * next-auth would take the last) gives both, which the name check refuses.
 */
function nameField(req: Request, body: string): unknown {
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      return (JSON.parse(body) as { name?: unknown } | null)?.name;
    } catch {
      return undefined;
    }
  }
  if (!type.includes("application/x-www-form-urlencoded")) return undefined;
  const names = new URLSearchParams(body).getAll("name");
  return names.length > 1 ? names : names[0];
}

/** A refusal of the sign-in floor: our error, and the `url` next-auth's own client reads from every answer. */
function refused(url: URL, f: Failure, headers: Record<string, string> = {}): Response {
  return Response.json(
    { error: { code: f.code, message: f.message }, url: `${url.origin}/signin?error=${f.code}` },
    { status: FAILURE_CODES[f.code], headers: { ...PRIVATE_HEADERS, ...headers } },
  );
}

/** Whether next-auth's answer signed someone in: it sets the session cookie (or its first chunk). */
const signsIn = (res: Response) =>
  res.headers.getSetCookie().some((c) => /^(__Secure-)?authjs\.session-token(\.0)?=[^;]/.test(c));

/**
 * next-auth's POST routes behind a floor of their own: the body read within AUTH_BODY_MAX before anything parses it
 * (so before any password is hashed); for a local sign-in, its name checked as every door checks input (no NUL: 422)
 * before any query or limit is keyed by it, and the attempt held to the sign-in limits (server/http/limits.ts,
 * signInLimit), whether the name exists or not, before it reaches the password check — 429 with Retry-After past
 * them — then told how it went.
 */
export const authPost = guarded(async (req: Request): Promise<Response> => {
  const body = await readBody(req, AUTH_BODY_MAX);
  if (!body.ok) return responseOf(body.answer);
  const url = new URL(req.url);
  const forward = () =>
    handlers.POST(
      new NextRequest(url, { method: req.method, headers: req.headers, body: body.text, signal: req.signal }),
    );
  if (!url.pathname.endsWith("/callback/credentials")) return forward();
  const name = signInName(nameField(req, body.text ?? ""));
  if (!name.ok) return refused(url, name);
  const attempt = await signInLimit(await getDb(), name.value, clientAddress(req));
  if ("refused" in attempt) {
    const { retryAfter } = attempt.refused;
    return refused(url, RATE_LIMITED(retryAfter), { "Retry-After": String(retryAfter) });
  }
  const res = await forward();
  await attempt.settle(signsIn(res));
  return res;
});

/** A guest's answer, shared: most of a flood is guests, and each would otherwise build its own. */
const GUEST: Asker = Object.freeze({ who: ANON, badToken: false });

/**
 * Who is asking, from a bearer token (agents) or the session cookie (people); a revoked token is nobody. A request
 * with neither is a guest, answered at once (no promise: the floor of every guest's call asks).
 */
export function whoFromRequest(req: { headers: HeadersLike }): Asker | Promise<Asker> {
  const header = req.headers.get("authorization");
  if (header?.toLowerCase().startsWith("bearer ")) return whoFromBearer(header.slice(7).trim());
  if (!carriesSession(req.headers)) return GUEST;
  return whoFromCookie(req.headers).then((who) => ({ who, badToken: false }));
}

async function whoFromBearer(token: string): Promise<Asker> {
  const who = await whoForToken(await getDb(), token);
  return who ? { who, badToken: false } : { who: ANON, badToken: true };
}

/** Who the session cookie names (opened once until it expires), or nobody (also once its session has ended). */
async function whoFromCookie(headers: HeadersLike): Promise<Who> {
  const session = await sessionOf({ headers }, authSecret);
  return session === null ? ANON : whoForUserId(await getDb(), session.uid, session.generation);
}

/**
 * Who is viewing a page: the session cookie read as the doors read it (whoFromCookie),
 * not through next-auth's auth(), which ran its whole session route on every render — a Request and a Response, the
 * cookie opened, its claims run through the callbacks, and a fresh cookie sealed that a page cannot send anyway.
 */
export async function whoFromSession(): Promise<Who> {
  let asked: HeadersLike;
  try {
    asked = await headers();
  } catch {
    return ANON; // outside a request (a build's prerender): nobody
  }
  return whoFromCookie(asked);
}
