// GET /api/events as an agent's client sees it: a Last-Event-ID out of range is a fresh stream (not a 500), a
// client too far behind gets `event: reset`, and a stream whose token is revoked ends with `signin_required`.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createAgent,
  mayHaveRevoked,
  revokeAgent,
  stillSignedIn,
  whoForToken,
} from "@/server/actions/agents";
import { setDatabase } from "@/server/db";
import { ANON } from "@/server/identity";
import { makeUser, testDatabase, type TestDatabase } from "@/server/testing/db";
import { eventStream } from "@/server/live/sse";
import { sleep, until, writeTx } from "@/server/live/testkit";

// The real sign-in reads the Next.js session; here only bearer tokens, read by the same action the real one uses.
vi.mock("@/server/auth", () => ({
  async whoFromRequest(req: Request) {
    const header = req.headers.get("authorization");
    if (!header) return { who: ANON, badToken: false };
    const who = await whoForToken(db.prisma, header.slice(7));
    return who ? { who, badToken: false } : { who: ANON, badToken: true };
  },
}));
const { GET } = await import("./route");

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
  setDatabase(db); // the process's live feed tails this database
});
afterAll(async () => {
  setDatabase(undefined);
  await db?.drop();
});

type Frame = { id?: string; event?: string; data?: string };
/** Opens the stream and parses its frames as they come; `ended` once the server closes it. */
async function open(headers: Record<string, string>, topics = "lobby") {
  const abort = new AbortController();
  const res = await GET(
    new Request(`http://localhost/api/events?topics=${topics}`, { headers, signal: abort.signal }),
  );
  const s = { status: res.status, frames: [] as Frame[], ended: false, close: () => abort.abort() };
  if (!res.body) return s;
  const body = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = "";
    for (;;) {
      const { value, done } = await body.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buf += value;
      for (let i = buf.indexOf("\n\n"); i >= 0; i = buf.indexOf("\n\n")) {
        const frame: Frame = {};
        for (const line of buf.slice(0, i).split("\n")) {
          const [k, ...v] = line.split(": ");
          if (k === "id" || k === "event" || k === "data") frame[k] = v.join(": ");
        }
        buf = buf.slice(i + 2);
        if (frame.event) s.frames.push(frame);
      }
    }
    s.ended = true;
  })();
  return s;
}

async function agent(name: string) {
  const owner = await makeUser(db, `owner-${name}`);
  const made = await createAgent(db.prisma, owner, { name });
  if (!made.ok) throw new Error(made.message);
  return { owner, id: made.value.id, bearer: { authorization: `Bearer ${made.value.token}` } };
}

describe("GET /api/events", () => {
  // First: the process's tailer is not started yet, so opening the stream has to reach the database.
  it("while the database is away, opening the stream is a 503 with Retry-After, not a stream that dies", async () => {
    const refused = () =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    setDatabase({ ...db, sql: { exec: refused, query: refused } });
    try {
      const res = await GET(new Request("http://localhost/api/events?topics=lobby"));
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
    } finally {
      setDatabase(db);
    }
  });

  it("a Last-Event-ID beyond the bigint range is read as a fresh connection, not an error", async () => {
    const s = await open({ "last-event-id": "9999999999999999999" });
    expect(s.status).toBe(200);
    await sleep(400);
    const [id] = await writeTx(db, "lobby");
    await until(() => s.frames.length >= 1);
    s.close();
    expect(s.frames).toEqual([{ id, event: "live", data: expect.stringContaining('"topic":"lobby"') }]);
  });

  it("a client whose Last-Event-ID names no event gets `event: reset` with the id to resume after", async () => {
    const [last] = await writeTx(db, "lobby");
    await sleep(400); // the tailer has read it: the feed's position is that event
    const s = await open({ "last-event-id": "123456789" });
    await until(() => s.frames.length >= 1);
    s.close();
    expect(s.frames[0]).toEqual({ id: last, event: "reset", data: '{"type":"reset","reason":"unknown"}' });
  });

  it("an agent's stream ends promptly with `signin_required` when its token is revoked", async () => {
    const a = await agent("watcher");
    const s = await open(a.bearer);
    expect(s.status).toBe(200);
    await sleep(400);
    const [id] = await writeTx(db, "lobby");
    await until(() => s.frames.length >= 1); // the stream works
    const revokedAt = Date.now();
    const r = await revokeAgent(db.prisma, a.owner, { id: a.id });
    expect(r.ok).toBe(true);
    await until(() => s.ended, 3000);
    const took = Date.now() - revokedAt;
    expect(took).toBeLessThan(2000);
    expect(s.frames.map((f) => f.event)).toEqual(["live", "signin_required"]);
    expect(s.frames[0]!.id).toBe(id);
    expect(JSON.parse(s.frames[1]!.data!)).toMatchObject({ error: { code: "signin_required" } });
    // and a reconnect with the token is refused
    expect((await open(a.bearer)).status).toBe(401);
  });

  it("a stream whose token is revoked between sign-in and subscribing ends at once", async () => {
    const a = await agent("racer");
    const who = await whoForToken(db.prisma, a.bearer.authorization.slice(7));
    expect(who).not.toBeNull();
    await revokeAgent(db.prisma, a.owner, { id: a.id });
    const text = await new Response(
      eventStream({
        who: who!,
        topics: null,
        lastEventId: null,
        signal: new AbortController().signal,
        access: { check: () => stillSignedIn(db.prisma, who!), recheckOn: (e) => mayHaveRevoked(e, who!) },
        subjects: async (e) => e,
      }),
    ).text();
    expect(text).toContain("event: signin_required");
  });
});
