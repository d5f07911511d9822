// The one HTTP floor: a Host not on the allow-list is refused (DNS rebinding), a batch past BATCH_MAX is refused
// whole, a batch within it is charged once per call, and every personal answer is private — at tRPC and MCP alike.
// The JSON API's plain door answers a call with nothing to wait for at once, with no promise made.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { mcpAnswer } from "../doors/mcp/server";
import { dispatch } from "../doors/rest/dispatch";
import { handleTrpc } from "../doors/trpc/http";
import { ANON, type Who } from "../identity";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { askedOf } from "./asked";
import {
  allowedHosts,
  BATCH_MAX,
  door,
  hostAllowed,
  jsonRpcCalls,
  plainDoor,
  trpcCalls,
  webDoor,
} from "./door";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
let db: TestDatabase;
let person: Who;
beforeAll(async () => {
  db = await testDatabase();
  person = await makeUser(db, "door-person");
});
afterAll(async () => db?.drop());
afterEach(() => {
  delete process.env.PARLEY_RATE_LIMIT;
});

const as = (who: Who) => ({ db: db.prisma, resolveWho: async () => ({ who, badToken: false }) });
const trpc = (who: Who) =>
  door((a) => handleTrpc(a.req, a.db, a.who, clock, a.rateKey), { ...as(who), calls: trpcCalls });
const mcp = (who: Who) => webDoor(plainDoor((a) => mcpAnswer(a, clock), { ...as(who), calls: jsonRpcCalls }));
const mcpPost = (body: unknown, host = "localhost:3000") =>
  new Request("http://localhost:3000/mcp", {
    method: "POST",
    headers: { host, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(body),
  });

describe("the Host allow-list", () => {
  it("is PARLEY_ALLOWED_HOSTS, else PARLEY_URL's host and this machine's own names", () => {
    const saved = { url: process.env.PARLEY_URL, hosts: process.env.PARLEY_ALLOWED_HOSTS };
    try {
      delete process.env.PARLEY_ALLOWED_HOSTS;
      process.env.PARLEY_URL = "https://Parley.Example.com:8443/app";
      expect(allowedHosts()).toEqual(["parley.example.com", "localhost", "127.0.0.1", "[::1]"]);
      process.env.PARLEY_ALLOWED_HOSTS = "a.example, b.example";
      expect(allowedHosts()).toEqual(["a.example", "b.example"]);
    } finally {
      for (const [k, v] of [
        ["PARLEY_URL", saved.url],
        ["PARLEY_ALLOWED_HOSTS", saved.hosts],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it("answers this machine's own names on any port, and refuses another name (DNS rebinding)", async () => {
    const req = (host: string) => new Request("http://localhost/api/trpc/tables.list", { headers: { host } });
    for (const host of ["localhost:3000", "127.0.0.1:3210", "[::1]:3000", "LOCALHOST"])
      expect(hostAllowed(askedOf(req(host)), ["localhost", "127.0.0.1", "[::1]"]), host).toBe(true);
    for (const host of ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io:3000"])
      expect(hostAllowed(askedOf(req(host)), ["localhost", "127.0.0.1", "[::1]"]), host).toBe(false);
    expect(hostAllowed(askedOf(req("parley.example.com")), ["*"])).toBe(true);
    // The last answer is kept only for the same Host under the same list: a new list judges it afresh.
    const own = ["localhost"];
    expect(hostAllowed(askedOf(req("localhost:3000")), own)).toBe(true);
    expect(hostAllowed(askedOf(req("localhost:3000")), ["parley.example.com"])).toBe(false);
    expect(hostAllowed(askedOf(req("evil.example")), own)).toBe(false);
    expect(hostAllowed(askedOf(req("localhost:3000")), own)).toBe(true);
    const r = await trpc(ANON)(req("rebound.evil.example:3000"));
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({
      error: { code: "forbidden", message: expect.stringMatching(/host/) },
    });
  });
});

describe("a cross-origin write", () => {
  afterEach(() => {
    delete process.env.PARLEY_TRUST_PROXY;
  });
  // A person's write (a cookie, not a bearer token) from evil.example, naming evil.example as the forwarded host.
  const headers = (origin: string, forwardedHost?: string) => ({
    host: "localhost:3000",
    origin,
    cookie: "authjs.session-token=x",
    "content-type": "application/json",
    ...(forwardedHost ? { "x-forwarded-host": forwardedHost } : {}),
  });
  const writes = (origin: string, forwardedHost?: string) => ({
    "the JSON API": () =>
      webDoor(plainDoor((a) => dispatch(a, clock), as(person)))(
        new Request("http://localhost:3000/api/agents", {
          method: "POST",
          headers: headers(origin, forwardedHost),
          body: JSON.stringify({ name: "from-afar" }),
        }),
      ),
    tRPC: () =>
      trpc(person)(
        new Request("http://localhost:3000/api/trpc/identity.createAgent", {
          method: "POST",
          headers: headers(origin, forwardedHost),
          body: JSON.stringify({ json: { name: "from-afar" } }),
        }),
      ),
    MCP: () =>
      mcp(person)(
        new Request("http://localhost:3000/mcp", {
          method: "POST",
          headers: { ...headers(origin, forwardedHost), accept: "application/json, text/event-stream" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "whoami", arguments: {} },
          }),
        }),
      ),
  });

  it("is refused whatever X-Forwarded-Host it names, unless a trusted proxy wrote it", async () => {
    for (const [door, write] of Object.entries(writes("http://evil.example", "evil.example"))) {
      const r = await write();
      expect(r.status, door).toBe(403);
      expect(await r.json(), door).toMatchObject({ error: { code: "forbidden" } });
    }
    // from its own origin, the same writes pass the floor
    for (const [door, write] of Object.entries(writes("http://localhost:3000")))
      expect((await write()).status, door).not.toBe(403);
    // behind a trusted proxy, the host it forwarded is the one an Origin must name
    process.env.PARLEY_TRUST_PROXY = "on";
    for (const [door, write] of Object.entries(writes("https://parley.example", "parley.example")))
      expect((await write()).status, door).not.toBe(403);
    for (const [door, write] of Object.entries(writes("http://evil.example", "parley.example")))
      expect((await write()).status, door).toBe(403);
  });
});

describe("a batch", () => {
  const procedures = (n: number) => Array.from({ length: n }, () => "tables.list").join(",");
  it(`of more than ${BATCH_MAX} calls is refused whole, over tRPC and as a JSON-RPC array`, async () => {
    const t = await trpc(ANON)(new Request(`http://localhost/api/trpc/${procedures(150)}?batch=1&input={}`));
    expect(t.status).toBe(422);
    expect(await t.json()).toMatchObject({
      error: { code: "invalid", message: expect.stringMatching(/at most 20/) },
    });
    const calls = Array.from({ length: 150 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i,
      method: "tools/call",
      params: { name: "list_tables", arguments: {} },
    }));
    const m = await mcp(ANON)(mcpPost(calls));
    expect(m.status).toBe(422);
  });

  it("within the cap is charged once per call: 15 writes with a budget of 10 land 10", async () => {
    process.env.PARLEY_RATE_LIMIT = "10";
    const who = await makeUser(db, "door-batcher");
    const body = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [String(i), { json: { name: `batch-agent-${i}` } }]),
    );
    const r = await trpc(who)(
      new Request(
        `http://localhost/api/trpc/${Array.from({ length: 15 }, () => "identity.createAgent").join(",")}?batch=1`,
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      ),
    );
    const answers = (await r.json()) as { result?: unknown; error?: { json: { data: { code: string } } } }[];
    expect(answers).toHaveLength(15);
    expect(answers.filter((a) => a.result)).toHaveLength(10);
    expect(answers.filter((a) => a.error?.json.data.code === "TOO_MANY_REQUESTS")).toHaveLength(5);
    expect(await db.prisma.agent.count({ where: { ownerId: who.kind === "user" ? who.userId : 0 } })).toBe(
      10,
    );
  });

  it("counts calls as the doors carry them", () => {
    expect(trpcCalls(askedOf(new Request("http://localhost/api/trpc/a,b,c?batch=1")))).toBe(3);
    expect(trpcCalls(askedOf(new Request("http://localhost/api/trpc/a")))).toBe(1);
    expect(jsonRpcCalls(askedOf(new Request("http://localhost/mcp")), "[1,2,3,4]")).toBe(4);
    expect(jsonRpcCalls(askedOf(new Request("http://localhost/mcp")), '{"id":1}')).toBe(1);
  });
});

describe("every personal answer", () => {
  it("is private at MCP too: no shared cache keeps it, and it varies with who asks", async () => {
    const r = await mcp(person)(
      mcpPost({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "whoami", arguments: {} } }),
    );
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.headers.get("vary")).toContain("Authorization");
  });
});

describe("the JSON API's plain door", () => {
  // A guest (known at once, as a request without credentials is), on the real database and the real routes.
  const guest = () => ({ who: ANON, badToken: false });
  const api = (asked: ReturnType<typeof askedOf>) =>
    plainDoor((a) => dispatch(a, clock), { db: db.prisma, resolveWho: guest })(asked);
  const ask = (method: string, path: string, body?: string) =>
    askedOf(
      new Request(`http://localhost:3000${path}`, {
        method,
        headers: { host: "localhost:3000", ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body } : {}),
      }),
    );

  it("answers at once, with no promise, what needs nothing to wait for; the rest after its wait", async () => {
    // The health probe's first answer waits on the database; once it said "up", the next second's calls do not.
    const first = api(ask("GET", "/api/health"));
    expect(first).toBeInstanceOf(Promise);
    expect((await first).status).toBe(200);
    const atOnce = api(ask("GET", "/api/health"));
    expect(atOnce).not.toBeInstanceOf(Promise);
    const health = atOnce as Exclude<typeof atOnce, Promise<unknown>>;
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true, database: "up" });
    expect(health.headers).toMatchObject({ "cache-control": "private, no-store" });
    expect(health.headers.vary).toContain("Authorization");
    // A path that names nothing, and a guest's write that only a signed-in caller may make: refused at once.
    for (const [method, path, status] of [
      ["GET", "/api/nowhere", 404],
      ["DELETE", "/api/health", 404],
      ["POST", "/api/tables/1/pass", 401],
    ] as const) {
      const r = api(ask(method, path));
      expect(r, path).not.toBeInstanceOf(Promise);
      expect((r as { status: number }).status, path).toBe(status);
    }
    // A call that spends a rate limit waits on its charge.
    const read = api(ask("GET", "/api/tables"));
    expect(read).toBeInstanceOf(Promise);
    expect((await read).status).toBe(200);
  });

  it("answers a handler that throws, at once or later, with one sentence (500)", async () => {
    const errors = console.error;
    console.error = () => {};
    try {
      const opts = { db: db.prisma, resolveWho: guest };
      const atOnce = plainDoor(() => {
        throw new Error("a bug before any promise");
      }, opts)(ask("GET", "/api/x"));
      expect(atOnce).not.toBeInstanceOf(Promise);
      const later = plainDoor(() => Promise.reject(new Error("a bug")), opts)(ask("GET", "/api/x"));
      expect(later).toBeInstanceOf(Promise);
      for (const r of [atOnce, await later]) {
        expect((r as { status: number }).status).toBe(500);
        expect(JSON.parse((r as { body: string }).body).error.code).toBe("internal");
      }
    } finally {
      console.error = errors;
    }
  });
});
