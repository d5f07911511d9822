// Sign-in through next-auth's real flow (its CSRF token, then the credentials callback) against the built app: a
// password reset ends every session of the account and every open stream (the SSE feed, a tRPC subscription, a long
// poll) at once, while its agents' tokens stay; wrong passwords from one address never keep the owner out from
// another, an admin included, and guessing spread over many addresses never holds an address the owner signed in
// from before.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { asPerson, signIn, signUp } from "./http";
import { serveOwn, type Served } from "./servers";

const app = inject("app");
const maildir = inject("maildir");
const call = asPerson(app);

/** The first link to `route` in the mails the test SMTP server received for `to` (quoted-printable decoded). */
function linkIn(to: string, route: string): URLSearchParams | null {
  for (const f of fs.readdirSync(maildir).sort()) {
    const raw = fs.readFileSync(path.join(maildir, f), "utf8");
    if (!raw.startsWith(`X-Envelope-To: ${to}`)) continue;
    const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const m = new RegExp(`http://127\\.0\\.0\\.1:3210${route}\\?([^\\s"<]+)`).exec(text);
    if (m) return new URLSearchParams(m[1]!.replaceAll("&amp;", "&"));
  }
  return null;
}

async function until<T>(what: () => T | null | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error("waited in vain");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An open stream's text as it arrives, and whether (and when) the server ended it. */
function watch(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const seen = { text: "", ended: false, status: 0 };
  const done = (async () => {
    const r = await fetch(url, { headers, signal: abort.signal });
    seen.status = r.status;
    const reader = r.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen.text += new TextDecoder().decode(value);
    }
    seen.ended = true;
  })().catch(() => {});
  return { seen, stop: () => (abort.abort(), done) };
}

describe("a password reset", () => {
  it("ends every session and open stream of the account at once; the agent's token stays", async () => {
    const name = `reset-${Date.now().toString(36)}`;
    const address = `${name}@example.test`;
    const first = await signUp(app, name, "the old password 1");
    // an address of its own, confirmed by the link mailed to it
    expect((await call("POST", "/api/me/email", first, { email: address })).status).toBe(200);
    const confirm = await until(() => linkIn(address, "/email/confirm"));
    expect(
      (
        await call("POST", "/api/me/email/confirm", first, {
          change: Number(confirm.get("change")),
          token: confirm.get("token"),
        })
      ).status,
    ).toBe(200);
    const second = await signIn(app, name, "the old password 1"); // another browser
    const agent = await call("POST", "/api/agents", first, { name: "stays" });
    expect(agent.status).toBe(201);
    const token = agent.body.token as string;
    const table = await call("POST", "/api/tables", first, { title: "Waiting room", seats_max: 4 });
    expect(table.status).toBe(201);

    // open streams of the first session: the live feed, a tRPC subscription, a long poll
    const sse = watch(`${app}/api/events`, { cookie: first });
    const sub = watch(`${app}/api/trpc/live.events?input=${encodeURIComponent("{}")}`, {
      cookie: first,
      accept: "text/event-stream",
    });
    const poll = fetch(`${app}/api/tables/${table.body.id}/wait?timeout_ms=20000`, {
      headers: { cookie: first },
    });
    await until(() => sse.seen.status === 200 && sub.seen.status === 200);
    await new Promise((r) => setTimeout(r, 300));
    expect(sse.seen.ended).toBe(false);
    expect(sub.seen.ended).toBe(false);
    for (const session of [first, second])
      expect((await call("GET", "/api/me", session)).body).toMatchObject({ kind: "user", name });

    // forgotten: a link mailed to the confirmed address, a new password chosen with it (signed in nowhere)
    expect((await call("POST", "/api/accounts/reset", "", { name })).status).toBe(200);
    const reset = await until(() => linkIn(address, "/reset"));
    const chosen = Date.now();
    expect(
      (
        await call("POST", "/api/accounts/reset/confirm", "", {
          reset: Number(reset.get("reset")),
          token: reset.get("token"),
          password: "the new password 2",
        })
      ).status,
    ).toBe(200);

    // every session from before is nobody now, at every door
    for (const session of [first, second]) {
      expect((await call("GET", "/api/me", session)).body).toEqual({ kind: "anon" });
      expect((await call("POST", "/api/agents", session, { name: "after" })).status).toBe(401);
    }
    const page = await fetch(`${app}/agents`, { headers: { cookie: first } });
    expect(await page.text()).not.toContain(name);
    // the streams ended: the feed with its signin_required, the subscription, the long poll with a 401
    await until(() => sse.seen.ended && sub.seen.ended, 10_000);
    expect(sse.seen.text).toContain("event: signin_required");
    expect(sub.seen.text).toMatch(/UNAUTHORIZED|signin_required/);
    const waited = await poll;
    expect(waited.status).toBe(401);
    expect(Date.now() - chosen).toBeLessThan(10_000);

    // the new password signs in; the old one does not; the agent's token was not the password's
    const fresh = await signIn(app, name, "the new password 2");
    expect((await call("GET", "/api/me", fresh)).body).toMatchObject({ kind: "user", name });
    await expect(signIn(app, name, "the old password 1")).rejects.toThrow(/sign-in failed/);
    const asAgent = await fetch(`${app}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await asAgent.json()).toMatchObject({ kind: "agent", name: "stays" });
    await Promise.all([sse.stop(), sub.stop()]);
  });
});

describe("wrong passwords", () => {
  const PORT = 3245;
  let own: Served;
  beforeAll(async () => {
    // Behind one trusted proxy: each request's X-Forwarded-For names the address it comes from.
    own = await serveOwn(PORT, "signin", {
      PARLEY_TRUST_PROXY: "on",
      ADMIN_EMAILS: "lock-admin",
    });
  });
  afterAll(async () => own?.stop());

  /** An account made from `from`, as its sign-up page makes it. */
  async function account(name: string, password: string, from: string) {
    const made = await fetch(`${own.url}/api/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ name, password }),
    });
    expect(made.status).toBe(201);
  }

  /** One sign-in as a browser makes it, from `from`: the status, and the session cookie when it signed in. */
  async function attempt(name: string, password: string, from: string) {
    const headers = { "x-forwarded-for": from };
    const csrf = await fetch(`${own.url}/api/auth/csrf`, { headers });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const r = await fetch(`${own.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: jar },
      body: new URLSearchParams({ csrfToken, name, password, callbackUrl: own.url }),
    });
    const session = r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("authjs.session-token="));
    return { status: r.status, retryAfter: r.headers.get("retry-after"), session };
  }

  it("from one address never keep the owner out from another, an admin included", async () => {
    await account("lock-admin", "the admin's password", "192.0.2.1");
    const tries = [];
    for (let i = 0; i < 12; i++) tries.push(await attempt("LOCK-ADMIN", `guess ${i}`, "198.51.100.7"));
    expect(tries.filter((t) => t.status === 429).length).toBeGreaterThan(0);
    expect(tries.every((t) => !t.session)).toBe(true);
    // the owner, from an address that has not failed, signs in as the admin they are…
    const owner = await attempt("lock-admin", "the admin's password", "203.0.113.8");
    expect(owner.session).toBeDefined();
    const me = await fetch(`${own.url}/api/me`, { headers: { cookie: owner.session! } });
    expect(await me.json()).toMatchObject({ kind: "user", name: "lock-admin", tier: "admin" });
    // …while the attacker's address stays held at that name, the right password included
    const held = await attempt("lock-admin", "the admin's password", "198.51.100.7");
    expect(held.status).toBe(429);
    expect(Number(held.retryAfter)).toBeGreaterThan(60);
  });

  it("spread over many addresses hold new addresses at that name, never one the owner signed in from", async () => {
    await account("spread-owner", "the owner's password", "192.0.2.2");
    expect((await attempt("spread-owner", "the owner's password", "192.0.2.20")).session).toBeDefined();
    let refused = null;
    for (let i = 0; i < 60 && !refused; i++) {
      const t = await attempt("spread-owner", `guess ${i}`, `198.18.${i % 8}.${i}`);
      if (t.status === 429) refused = t;
    }
    expect(refused).not.toBeNull();
    // a stranger's address is held now, even with the right password; the owner's own is not
    expect((await attempt("spread-owner", "the owner's password", "198.19.0.1")).status).toBe(429);
    expect((await attempt("spread-owner", "the owner's password", "192.0.2.20")).session).toBeDefined();
  });
});
