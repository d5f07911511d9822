// Open streams are capped at every door of the fast lane, served as the app serves them (server/main.ts's routing to
// the real doors, who asks read from a session cookie, a bearer token or the address): one more than the cap from one
// guest address, one person or one agent is refused — 429 `rate_limited` with Retry-After at the live feed, a tRPC
// subscription and the JSON API's long poll, an `isError` result naming it on MCP — while another address or identity
// is untouched, and a stream that ends frees its place. A resumed feed's replay is charged to the caller's reads.
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent } from "../actions/agents";
import { openTable } from "../actions/game";
import { setDatabase } from "../db";
import { SESSION_COOKIE } from "../http/session";
import { STREAM_RETRY_AFTER_S } from "../http/streams";
import { sleep, writeTx } from "../live/testkit";
import { servedAsTheApp } from "../testing/app";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { MCP_HEADERS, toolCall } from "../testing/doors";
import type { Listening } from "../testing/served";

// next-auth's module does not load outside Next; who asks is read here as server/auth.ts reads it, from the same
// parts: the bearer token, else the session cookie opened with AUTH_SECRET.
vi.mock("../auth", () => import("../testing/app"));

const SECRET = "a test secret that is long enough to sign with";

let db: TestDatabase;
let server: Listening;
let base = "";
let table = 0;
/** Every stream a test opened, closed at the end. */
const open: AbortController[] = [];
/** Every answer, held: undici cancels the body of a Response once it is garbage collected, which would close a
 * stream a test still counts as open. */
const held: Response[] = [];

beforeAll(async () => {
  vi.stubEnv("AUTH_SECRET", SECRET);
  vi.stubEnv("PARLEY_STREAM_LIMIT", "3"); // a person's or an agent's
  vi.stubEnv("PARLEY_GUEST_STREAM_LIMIT", "2"); // a guest address's
  db = await testDatabase();
  setDatabase(db); // the doors' own database, and the live feed's
  const host = await makeUser(db, "stream-host");
  const t = await openTable(db.prisma, host, { title: "watched", seatsMax: 4 });
  if (!t.ok) throw new Error(t.message);
  table = t.value.id;
  // As server/main.ts routes a request; a page (nothing here) would go to Next.
  server = await servedAsTheApp();
  base = server.base;
});
afterAll(async () => {
  for (const c of open) c.abort();
  await server?.close();
  setDatabase(undefined);
  await db?.drop();
  vi.unstubAllEnvs();
});

type Asker = Record<string, string>;
/** A guest at an address (the nearest X-Forwarded-For hop, as a server without its own listener reads it). */
const guestAt = (address: string): Asker => ({ "x-forwarded-for": address });
async function person(name: string): Promise<Asker> {
  const who = await makeUser(db, name);
  const token = await encode({
    token: { uid: who.userId },
    secret: SECRET,
    salt: SESSION_COOKIE,
    maxAge: 3600,
  });
  return { cookie: `${SESSION_COOKIE}=${token}` };
}
async function agent(name: string): Promise<Asker> {
  const owner = await makeUser(db, `${name}-owner`);
  const made = await createAgent(db.prisma, owner, { name });
  if (!made.ok) throw new Error(made.message);
  return { authorization: `Bearer ${made.value.token}` };
}

/** A request held open until `close` (a stream, or a long poll in flight); `answer` once its head has come. */
function ask(path: string, asker: Asker, init: RequestInit = {}) {
  const c = new AbortController();
  open.push(c);
  const answer = fetch(base + path, {
    ...init,
    headers: { ...asker, ...init.headers },
    signal: c.signal,
  }).then((res) => (held.push(res), res));
  return { answer, close: () => c.abort() };
}
const feed = (asker: Asker) => ask("/api/events?topics=lobby", asker);
const subscription = (asker: Asker) =>
  ask(
    `/api/trpc/live.events?input=${encodeURIComponent(JSON.stringify({ json: { topics: ["lobby"] } }))}`,
    asker,
    {
      headers: { accept: "text/event-stream" },
    },
  );
const longPoll = (asker: Asker, ms = 1_500) => ask(`/api/tables/${table}/wait?timeout_ms=${ms}`, asker);
const mcpWait = (asker: Asker, ms = 1_500) =>
  ask("/mcp", asker, {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify(toolCall("wait_for_turn", { table_id: table, timeout_ms: ms })),
  });

/** The JSON refusal every door but MCP answers past the cap. */
async function expectRefused(res: Response, about: RegExp) {
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe(String(STREAM_RETRY_AFTER_S));
  const text = await res.text();
  expect(text).toContain("rate_limited");
  expect(text).toMatch(about);
}
async function expectMcpRefused(res: Response, about: RegExp) {
  const body = (await res.json()) as { result?: { isError?: boolean; content: { text: string }[] } };
  expect(body.result?.isError).toBe(true);
  expect(body.result?.content[0]?.text).toMatch(/^rate_limited: Too many open streams/);
  expect(body.result?.content[0]?.text).toMatch(about);
}

/** Asks until a stream opens (a place given back is given back once the server has seen the client leave). */
async function opensSoon(next: () => { answer: Promise<Response> }): Promise<Response> {
  for (let i = 0; ; i++) {
    const res = await next().answer;
    if (res.status === 200 || i === 40) return res;
    await res.body?.cancel();
    await sleep(50);
  }
}

describe("the open streams of one guest address", () => {
  it("past the cap, the feed, a subscription, a long poll and MCP's wait are refused; another address is not", async () => {
    const here = guestAt("192.0.2.10");
    const first = feed(here);
    expect((await first.answer).status).toBe(200);
    expect((await subscription(here).answer).status).toBe(200);
    // the address holds its two places: one more is refused at every door
    await expectRefused(await feed(here).answer, /from this address: at most 2 at once/);
    await expectRefused(await subscription(here).answer, /TOO_MANY_REQUESTS/);
    await expectRefused(await longPoll(here).answer, /Too many open streams from this address/);
    await expectMcpRefused(await mcpWait(here).answer, /from this address/);
    // another address has places of its own
    expect((await feed(guestAt("192.0.2.11")).answer).status).toBe(200);
    // the feed closed, its place is free again
    first.close();
    expect((await opensSoon(() => feed(here))).status).toBe(200);
    await expectRefused(await feed(here).answer, /from this address/);
  });
});

describe("the open streams of one identity", () => {
  it("a person's cookie: three at once, the fourth refused; a long poll's place is free once it answers", async () => {
    const ana = await person("stream-ana");
    const poll = longPoll(ana);
    expect((await feed(ana).answer).status).toBe(200);
    expect((await subscription(ana).answer).status).toBe(200);
    await sleep(200); // the long poll is waiting
    await expectRefused(await feed(ana).answer, /for this identity: at most 3 at once/);
    await expectRefused(await subscription(ana).answer, /TOO_MANY_REQUESTS/);
    // another person, at the same address, is untouched
    expect((await feed(await person("stream-bea")).answer).status).toBe(200);
    // the long poll answers (its wait ran out) and gives its place back
    expect(await (await poll.answer).json()).toMatchObject({ timed_out: true });
    expect((await opensSoon(() => feed(ana))).status).toBe(200);
  });

  it("an agent's token: its long polls at the JSON API and MCP share the cap with its feeds", async () => {
    const scout = await agent("stream-scout");
    const polls = [longPoll(scout, 2_000), mcpWait(scout, 2_000)];
    expect((await feed(scout).answer).status).toBe(200);
    await sleep(200);
    await expectRefused(await longPoll(scout).answer, /for this identity: at most 3 at once/);
    await expectMcpRefused(await mcpWait(scout).answer, /for this identity/);
    await expectRefused(await feed(scout).answer, /for this identity/);
    // another agent is untouched
    const other = await agent("stream-other");
    expect(await (await longPoll(other, 10).answer).json()).toMatchObject({ timed_out: true });
    // both waits answer and give their places back
    expect((await polls[0]!.answer).status).toBe(200);
    expect((await polls[1]!.answer).status).toBe(200);
    expect((await opensSoon(() => longPoll(scout, 10))).status).toBe(200);
  });
});

describe("a resumed feed's replay", () => {
  it("is charged to the caller's reads: from the oldest event once, then a reset instead of the history", async () => {
    process.env.PARLEY_RATE_LIMIT = "1"; // ten reads a minute
    try {
      const written = await writeTx(db, "lobby", 450);
      await sleep(600); // the tailer has read past them
      const here = guestAt("192.0.2.20");
      const resume = () => ask("/api/events?topics=lobby", { ...here, "last-event-id": written[0]! });
      // The first resume: one read to open, five for the 449 events it replays.
      const first = resume();
      const events = await framesOf(await first.answer, (f) => f.filter((e) => e === "live").length === 449);
      expect(events.filter((e) => e === "live")).toHaveLength(449);
      first.close();
      // The second: opened (one read more, the seventh), but its replay would be the twelfth: a reset, no history.
      const second = resume();
      expect(await framesOf(await second.answer, (f) => f.includes("reset"))).toEqual(["reset"]);
      second.close();
    } finally {
      delete process.env.PARLEY_RATE_LIMIT;
    }
  });
});

/** The event names of a feed's frames, read until `enough` says so. */
async function framesOf(res: Response, enough: (names: string[]) => boolean): Promise<string[]> {
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const names: string[] = [];
  let text = "";
  while (!enough(names)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    for (let i = text.indexOf("\n\n"); i >= 0; i = text.indexOf("\n\n")) {
      const name = /^event: (.*)$/m.exec(text.slice(0, i))?.[1];
      if (name) names.push(name);
      text = text.slice(i + 2);
    }
  }
  await reader.cancel();
  return names;
}
