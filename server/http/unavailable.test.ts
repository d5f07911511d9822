// The database goes away and comes back: every door answers 503 with Retry-After meanwhile (never a 500), health
// says so, and the next request after it returns is served — no restart. Real PostgreSQL behind a TCP proxy the
// test cuts; the embedded database runs in this process and cannot be out of reach, so there it is skipped. Which
// errors say the database cannot serve (class 53 too) is checked by hand; a real full disk is diskfull.test.ts.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { openDatabase, type Database } from "../db";
import { ANON } from "../identity";
import { api, callTool, mcpClient, trpcHttp } from "../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { PROBE_FRESH_MS } from "../actions/health";
import { guarded } from "./floor";
import { isDatabaseDown } from "./unavailable";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
const onPostgres = !!process.env.DATABASE_URL && !process.env.DATABASE_URL.startsWith("pglite:");

/** A TCP proxy to PostgreSQL that the test can cut (every socket at once) and open again on the same port. */
function proxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { open, cut };
}

describe.skipIf(!onPostgres)("the database goes away and comes back (PostgreSQL behind a proxy)", () => {
  let db: TestDatabase;
  let viaProxy: Database;
  let link: ReturnType<typeof proxy>;
  beforeAll(async () => {
    db = await testDatabase();
    const u = new URL(db.url);
    link = proxy({ host: u.hostname, port: Number(u.port || 5432) });
    u.port = String(await link.open());
    viaProxy = await openDatabase(u.toString(), { migrate: false });
  });
  afterAll(async () => {
    await link?.cut();
    await viaProxy?.close().catch(() => {});
    await db?.drop();
  });

  it("answers 503 with Retry-After at every door while it is away, and serves again once it is back", async () => {
    const host = await makeUser(db, "outage-host");
    const as = api(viaProxy.prisma, host, { clock });
    expect((await as("GET", "/api/tables")).status).toBe(200);
    expect(await as("GET", "/api/health")).toMatchObject({ status: 200, body: { ok: true, database: "up" } });

    await link.cut();
    // Health answers from a probe that stands for PROBE_FRESH_MS of the wall clock: past it, it probes again.
    await new Promise((r) => setTimeout(r, PROBE_FRESH_MS + 50));
    for (const [method, path, body] of [
      ["GET", "/api/tables", undefined],
      ["GET", "/api/health", undefined],
      ["POST", "/api/tables", { title: "During the outage", seats_max: 4 }],
      ["GET", "/api/councils", undefined],
      ["GET", "/api/plans", undefined],
    ] as const) {
      const r = await as(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(503);
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.body.error).toMatchObject({
        code: "unavailable",
        message: expect.stringMatching(/Try again/),
      });
    }
    const t = await trpcHttp(viaProxy.prisma, host, clock)("tables.list", "{}", "query");
    expect(t.status).toBe(503);
    const client = await mcpClient(viaProxy.prisma, ANON, clock);
    expect(await callTool(client, "list_tables")).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^unavailable: /),
    });
    await client.close();

    await link.open();
    expect((await as("GET", "/api/health")).status).toBe(200);
    expect(await as("POST", "/api/tables", { title: "After the outage", seats_max: 4 })).toMatchObject({
      status: 201,
    });
  });
});

describe("an error before any door's own mapping", () => {
  const req = new Request("http://parley.test/mcp", { method: "POST" });
  it("is a 503 when it says the database is out of reach", async () => {
    const down = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: "P1001" });
    const r = await guarded(async () => Promise.reject(down))(req);
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(await r.json()).toMatchObject({ error: { code: "unavailable" } });
  });
  it("is our one-sentence 500 otherwise, its details kept to the log", async () => {
    const spy = console.error;
    console.error = () => {};
    try {
      const r = await guarded(async () => Promise.reject(new Error("secret detail")))(req);
      expect(r.status).toBe(500);
      expect(await r.text()).not.toContain("secret detail");
    } finally {
      console.error = spy;
    }
  });
  it("is told apart by code, adapter kind, SQLSTATE and the driver's words", () => {
    expect(isDatabaseDown({ code: "ECONNREFUSED" })).toBe(true);
    expect(
      isDatabaseDown({ meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } }),
    ).toBe(true);
    expect(isDatabaseDown({ code: "57P01" })).toBe(true);
    expect(isDatabaseDown(new Error("x", { cause: new Error("Connection terminated unexpectedly") }))).toBe(
      true,
    );
    expect(isDatabaseDown({ code: "P2002" })).toBe(false);
    expect(isDatabaseDown(new Error("unique constraint"))).toBe(false);
  });
  it("is a 503 when PostgreSQL is short of a resource (class 53) or the disk under the embedded one is full", async () => {
    // As pg throws them on PostgreSQL: 53100 disk_full, 53200 out_of_memory, 53300 too_many_connections, 53400.
    for (const code of ["53000", "53100", "53200", "53300", "53400"])
      expect(
        isDatabaseDown(Object.assign(new Error("insufficient resources"), { code, severity: "ERROR" })),
        code,
      ).toBe(true);
    // As Prisma wraps a driver's error: the SQLSTATE in the adapter's cause.
    const viaPrisma = Object.assign(new Error("Raw query failed. Code: `53100`."), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "53100" } } },
    });
    expect(isDatabaseDown(viaPrisma)).toBe(true);
    expect(isDatabaseDown(Object.assign(new Error("write failed"), { code: "ENOSPC" }))).toBe(true);
    expect(isDatabaseDown(Object.assign(new Error("write failed"), { code: "EDQUOT" }))).toBe(true);
    expect(isDatabaseDown(new Error('could not extend file "base/5/16399": No space left on device'))).toBe(
      true,
    );
    // Neighbouring classes are ours or the request's: 54 program limits, 22 data exceptions.
    expect(isDatabaseDown({ code: "54000" })).toBe(false);
    expect(isDatabaseDown({ code: "22001" })).toBe(false);

    const full = Object.assign(new Error("could not write to file"), { code: "53100" });
    const r = await guarded(async () => Promise.reject(full))(req);
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(await r.json()).toMatchObject({ error: { code: "unavailable" } });
  });
});
