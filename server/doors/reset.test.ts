// A forgotten password at the JSON API's doors, signed in through next-auth itself (its CSRF token, then the
// credentials callback): asking for a reset does the same work and answers the same whatever the name — an account
// with a confirmed address, one without, none — and choosing the new password ends every session of the account
// (an old cookie names nobody at its next request) and every open live stream, while its agents' tokens stay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerLocal } from "../actions/accounts";
import { accountLinkToken, resetAsked, type ResetAsked } from "../actions/address";
import { createAgent } from "../actions/agents";
import { setDatabase } from "../db";
import { startQueue } from "../jobs/queue";
import { testDatabase, type TestDatabase } from "../testing/db";

process.env.AUTH_SECRET ??= "a test secret that is long enough to sign with";
const { handlers, authPost } = await import("../auth");
const { NextRequest } = await import("next/server");
const { apiRoute, eventsDoor } = await import("./http");

const BASE = "http://localhost:3000";
let db: TestDatabase;
let queue: Awaited<ReturnType<typeof startQueue>>;
beforeAll(async () => {
  process.env.SMTP_URL = "smtp://127.0.0.1:9"; // mail is offered; nothing here sends any (no worker runs)
  process.env.PARLEY_RATE_LIMIT = "100000"; // a reset costs 20 writes: the timing below asks for a hundred
  db = await testDatabase();
  setDatabase(db);
  queue = await startQueue(db, {}); // the queues, and no worker: the jobs stay to be counted
});
afterAll(async () => {
  await queue?.stop();
  setDatabase(undefined);
  await db?.drop();
  delete process.env.SMTP_URL;
  delete process.env.PARLEY_RATE_LIMIT;
});

const api = async (method: string, path: string, body?: unknown, cookie?: string) => {
  const r = await apiRoute(
    new Request(BASE + path, {
      method,
      headers: {
        host: "localhost:3000",
        ...(cookie ? { cookie, origin: BASE } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        "x-forwarded-for": "192.0.2.44",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: r.status, body: (await r.json()) as any };
};

/** next-auth's own flow: a CSRF token and its cookie, then the credentials callback; the session cookie. */
async function signIn(name: string, password: string): Promise<string> {
  const csrf = await handlers.GET(new NextRequest(`${BASE}/api/auth/csrf`));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const r = await authPost(
    new Request(`${BASE}/api/auth/callback/credentials`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: jar,
        "x-forwarded-for": "192.0.2.44",
      },
      body: new URLSearchParams({ csrfToken, name, password, callbackUrl: BASE }).toString(),
    }),
  );
  const session = r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed: ${r.status}`);
  return session;
}

const jobs = async () =>
  (
    await db.sql.query<{ data: ResetAsked | { kind: string } }>(
      `SELECT data FROM pgboss.job WHERE name = 'account' ORDER BY created_on`,
    )
  ).map((r) => (typeof r.data === "string" ? JSON.parse(r.data) : r.data));

describe("asking for a reset", () => {
  it("does the same work and answers the same, whether the name has an account, an address, or neither", async () => {
    const made = await registerLocal(db.prisma, { name: "has-address", password: "a long password" });
    if (!made.ok) throw new Error(made.message);
    await db.prisma.user.update({ where: { id: made.value.id }, data: { email: "has@example.test" } });
    await registerLocal(db.prisma, { name: "no-address", password: "a long password" });
    const answers = [];
    for (const name of ["has-address", "no-address", "nobody-at-all"]) {
      const before = (await jobs()).length;
      answers.push(await api("POST", "/api/accounts/reset", { name }));
      // one job queued each time: the door never asks whether the account or its address exists
      expect((await jobs()).length - before, name).toBe(1);
    }
    expect(answers[0]).toMatchObject({ status: 200 });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // the worker makes a link for the account with a confirmed address only
    for (const job of await jobs())
      if (job.kind === "reset-asked") await resetAsked(db.prisma, job as ResetAsked);
    const links = await db.prisma.passwordReset.findMany({ select: { userId: true } });
    expect(links).toEqual([{ userId: made.value.id }]);
    expect((await jobs()).filter((j) => j.kind === "password-reset")).toHaveLength(1);
  });

  it("takes the same time whether the name has an account with a confirmed address or none", async () => {
    // Interleaved, so a slow moment of the machine falls on each kind alike; the first rounds warm up.
    const took: Record<"address" | "nobody", number[]> = { address: [], nobody: [] };
    for (let i = 0; i < 50; i++)
      for (const [kind, name] of [
        ["address", "has-address"],
        ["nobody", `nobody-${i}`],
      ] as const) {
        const start = performance.now();
        expect((await api("POST", "/api/accounts/reset", { name })).status).toBe(200);
        took[kind].push(performance.now() - start);
      }
    const median = (ms: number[]) => ms.slice(10).sort((a, b) => a - b)[20]!;
    const [a, b] = [median(took.address), median(took.nobody)];
    // Before, the one with an address wrote its link in the request: 3 to 10 times as long on either database.
    expect(Math.max(a, b) / Math.min(a, b), `${a.toFixed(1)} ms vs ${b.toFixed(1)} ms`).toBeLessThan(1.6);
  });
});

/** A reset link for `userId`, as the mail carries it, used at the door to choose `password`. */
async function reset(userId: number, password: string) {
  const r = await db.prisma.passwordReset.create({
    data: { userId, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return api("POST", "/api/accounts/reset/confirm", {
    reset: r.id,
    token: accountLinkToken("password-reset", r.id),
    password,
  });
}

describe("choosing a new password", () => {
  it("ends every session of the account and its open live stream; the agent's token stays", async () => {
    const made = await registerLocal(db.prisma, { name: "resetter", password: "the old password" });
    if (!made.ok) throw new Error(made.message);
    const first = await signIn("resetter", "the old password");
    const second = await signIn("resetter", "the old password");
    const agent = await createAgent(
      db.prisma,
      { kind: "user", userId: made.value.id, name: "resetter", admin: false },
      { name: "stays" },
    );
    if (!agent.ok) throw new Error(agent.message);
    for (const cookie of [first, second])
      expect((await api("GET", "/api/me", undefined, cookie)).body).toMatchObject({
        kind: "user",
        name: "resetter",
      });

    const abort = new AbortController();
    const stream = await eventsDoor(
      new Request(`${BASE}/api/events`, { headers: { cookie: first }, signal: abort.signal }),
    );
    expect(stream.status).toBe(200);
    const seen = { text: "", ended: false };
    const reading = (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        seen.text += value;
      }
      seen.ended = true;
    })();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.ended).toBe(false);

    expect(await reset(made.value.id, "the new password")).toMatchObject({ status: 200 });
    for (const cookie of [first, second]) {
      expect((await api("GET", "/api/me", undefined, cookie)).body).toEqual({ kind: "anon" });
      expect((await api("POST", "/api/agents", { name: "after" }, cookie)).status).toBe(401);
    }
    const end = Date.now() + 10_000;
    while (!seen.ended && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(seen.ended).toBe(true);
    expect(seen.text).toContain("event: signin_required");
    abort.abort();
    await reading;

    // signed in again with the new password: a session of the new generation, which the next reset ends in turn
    const third = await signIn("resetter", "the new password");
    expect((await api("GET", "/api/me", undefined, third)).body).toMatchObject({ kind: "user" });
    const asAgent = await apiRoute(
      new Request(`${BASE}/api/me`, { headers: { authorization: `Bearer ${agent.value.token}` } }),
    );
    expect(await asAgent.json()).toMatchObject({ kind: "agent", name: "stays" });
    expect(await reset(made.value.id, "the newest password")).toMatchObject({ status: 200 });
    expect((await api("GET", "/api/me", undefined, third)).body).toEqual({ kind: "anon" });
  });
});
