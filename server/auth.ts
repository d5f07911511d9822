// Sign-in with next-auth: local accounts (name + password) by default, GitHub and Google when their keys are set.
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { upsertOAuthUser, verifyLocal, whoForUserId } from "./actions/accounts";
import { whoForToken } from "./actions/agents";
import { getDb } from "./db";
import { env } from "./env";
import { clientAddress } from "./http/address";
import { responseOf, type HeadersLike } from "./http/asked";
import { readBody, type Asker } from "./http/door";
import { guarded, PRIVATE_HEADERS, RATE_LIMITED } from "./http/floor";
import { authLimit } from "./http/limits";
import { carriesSession, sessionUserId } from "./http/session";
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
          return r.ok ? { id: String(r.value.id), name: r.value.name } : null;
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
        } else if (user?.id) token.uid = Number(user.id);
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

/** The name a credentials sign-in is for, from its form (or JSON) body; "" when it names none. */
function signInName(req: Request, body: string): string {
  if (req.headers.get("content-type")?.includes("json")) {
    try {
      const parsed = JSON.parse(body) as { name?: unknown };
      return typeof parsed?.name === "string" ? parsed.name : "";
    } catch {
      return "";
    }
  }
  return new URLSearchParams(body).get("name") ?? "";
}

/**
 * next-auth's POST routes behind a floor of their own: the body read within AUTH_BODY_MAX before anything parses it
 * (so before any password is hashed), and a local sign-in charged to its name and to the client's address — a few a
 * minute each (server/http/limits.ts), whether the name exists or not — before it reaches the password check. Over
 * either, 429 with Retry-After; the body also carries the `url` next-auth's own client reads from every answer.
 */
export const authPost = guarded(async (req: Request): Promise<Response> => {
  const body = await readBody(req, AUTH_BODY_MAX);
  if (!body.ok) return responseOf(body.answer);
  const url = new URL(req.url);
  if (url.pathname.endsWith("/callback/credentials")) {
    const spent = await authLimit(
      await getDb(),
      "sign-in",
      signInName(req, body.text ?? ""),
      clientAddress(req),
    );
    if (spent) {
      const refusal = RATE_LIMITED(spent.retryAfter);
      return Response.json(
        {
          error: { code: refusal.code, message: refusal.message },
          url: `${url.origin}/signin?error=rate_limited`,
        },
        { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": String(spent.retryAfter) } },
      );
    }
  }
  return handlers.POST(
    new NextRequest(url, { method: req.method, headers: req.headers, body: body.text, signal: req.signal }),
  );
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

/** Who the session cookie names (opened once until it expires), or nobody. */
async function whoFromCookie(headers: HeadersLike): Promise<Who> {
  const uid = await sessionUserId({ headers }, authSecret);
  return uid === null ? ANON : whoForUserId(await getDb(), uid);
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
