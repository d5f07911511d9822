// Every input of every door, fuzzed (fast-check): the JSON API (sign-up's POST /api/accounts among its routes), MCP,
// tRPC and the sign-in form (next-auth's own credentials callback behind our floor) answer a named 4xx or success —
// never a 500 — and a refused request writes nothing. The route and tool tables are read at run time, so every
// module's doors are held to this as soon as they are mounted.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../actions/agents";
import { fillWithBots, openTable, startTable } from "../actions/game";
import { ANON, type Who } from "../identity";
import { FAILURE_CODES } from "../rules/result";
import { api, callTool, mcpClient } from "../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { MCP_TOOLS } from "./mcp/tools";
import { REST_ROUTES } from "./rest/routes";
import { appRouter, createCaller } from "./trpc";
import { fixedClock } from "../clock";
import { registerLocal } from "../actions/accounts";
import { setDatabase } from "../db";

/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
let viewers: Who[] = [];
let ids: string[] = [];
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000"; // the limiter is tested elsewhere; here it would only mask answers
  db = await testDatabase();
  const host = await makeUser(db, "fuzz-host");
  const outsider = await makeUser(db, "fuzz-outsider");
  const a = await createAgent(db.prisma, host, { name: "fuzz-agent" });
  const agent = a.ok ? (await whoForToken(db.prisma, a.value.token))! : ANON;
  const open = await openTable(db.prisma, host, { title: "open for fuzz", seatsMax: 5 });
  const played = await openTable(db.prisma, host, { title: "started for fuzz", seatsMax: 4 });
  if (!open.ok || !played.ok) throw new Error("setup failed");
  await fillWithBots(db.prisma, host, { tableId: played.value.id });
  await startTable(db.prisma, host, { tableId: played.value.id }, NOW);
  viewers = [ANON, host, outsider, agent];
  ids = [String(open.value.id), String(played.value.id), String(a.ok ? a.value.id : 1)];
});
afterAll(async () => db?.drop());

/**
 * Row counts of every table: a refused request must leave them as they were, but for the floor's own accounting (a
 * refused request still spends a read, and a long poll's place among its caller's streams is given back after it answers).
 */
async function fingerprint(): Promise<string> {
  const rows = await db.sql.query<{ relname: string; n: string }>(
    `SELECT relname, (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I', relname), false, true, '')))[1]::text AS n
       FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND relname NOT LIKE '\\_%' AND relname NOT IN ('RateLimit', 'StreamCount', 'StreamHold') ORDER BY relname`,
  );
  return rows.map((r) => `${r.relname}=${r.n}`).join(",");
}

const idArb = () =>
  fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom("1e3", "1.0", "0", "-1", "00", "abc", "99999999999", "%20", "1%2F2", "NaN", "Infinity"),
    fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || "x"),
  );
const valueArb = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, "", 0, -1, 1.5, 1e308, "1e3", [], {}, "x".repeat(5000), true),
  // What PostgreSQL cannot store as text, and a depth no writer means.
  fc.constantFrom("nul\u0000", "\uD800lone", "lone\uDC00", JSON.parse("[".repeat(200) + "]".repeat(200))),
  fc.string({ unit: "binary", maxLength: 8 }),
);
const bodyArb = (keys: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...keys, "extra", "__proto__", "constructor"), valueArb, { maxKeys: 5 }),
    valueArb,
  );
const NAMED = new Set(Object.values(FAILURE_CODES));

describe("the JSON API under fuzzing", () => {
  it.each(REST_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers a named 4xx or success",
    async (_, route) => {
      const keys =
        route.body && "shape" in route.body
          ? Object.keys((route.body as { shape: object }).shape)
          : ["title", "accord", "said", "cite", "name", "password"];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...viewers), idArb(), bodyArb(keys), async (who, id, body) => {
          // A long poll is asked not to wait, or each run would hold the test for 25 s.
          const path =
            route.path.replace(/:(\w+)/g, () => id) + (route.path.endsWith("/wait") ? "?timeout_ms=0" : "");
          const before = await fingerprint();
          const r = await api(db.prisma, who, { clock })(
            route.method,
            path,
            route.method === "GET" ? undefined : body,
          );
          expect(
            r.status,
            `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 200)} → ${JSON.stringify(r.body).slice(0, 300)}`,
          ).toBeLessThan(500);
          if (r.status >= 400) {
            expect(NAMED.has(r.status as never)).toBe(true);
            expect(Object.keys(FAILURE_CODES)).toContain(r.body.error.code);
            expect(r.body.error.message.length).toBeGreaterThan(5);
            expect(await fingerprint()).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
    },
  );
});

describe("MCP under fuzzing", () => {
  it.each(MCP_TOOLS.map((t) => [t.name, t] as const))(
    "%s answers a result or isError with one sentence",
    async (_, t) => {
      const keys = Object.keys(t.input.shape);
      const clients = await Promise.all(viewers.map((w) => mcpClient(db.prisma, w, clock)));
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.nat({ max: clients.length - 1 }),
            fc.dictionary(fc.constantFrom(...keys, "extra"), fc.oneof(valueArb, idArb().map(Number)), {
              maxKeys: 4,
            }),
            async (i, args) => {
              if (t.name === "wait_for_turn") args.timeout_ms = 0;
              const before = await fingerprint();
              const r = await callTool(clients[i]!, t.name, args).catch((e: unknown) => e as Error);
              if (r instanceof Error) {
                // A guest's call of a tool for the signed-in is refused as HTTP 401, before any tool runs.
                expect([viewers[i]!.kind, (r as { code?: unknown }).code]).toEqual(["anon", 401]);
                expect(await fingerprint()).toBe(before);
                return;
              }
              expect(r.text).not.toMatch(/went wrong on our side/);
              if (r.isError) {
                expect(r.text.length).toBeGreaterThan(5);
                expect(await fingerprint()).toBe(before);
              }
            },
          ),
          { numRuns: RUNS },
        );
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    },
  );
});

describe("tRPC under fuzzing", () => {
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  ).filter(([, p]) => p._def.type !== "subscription");
  it.each(procedures.map(([name, p]) => [name, p._def.type] as const))(
    "%s never fails with an internal error",
    async (name, type) => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...viewers),
          fc.oneof(valueArb, fc.record({ id: idArb(), body: valueArb })),
          async (who, input) => {
            const caller = createCaller({ db: db.prisma, who, clock }) as any;
            const fn = name.split(".").reduce((o, k) => o[k], caller);
            const before = await fingerprint();
            try {
              await fn(input);
            } catch (e: any) {
              expect(e.code, `${name}(${JSON.stringify(input)?.slice(0, 200)}) → ${e.message}`).not.toBe(
                "INTERNAL_SERVER_ERROR",
              );
              if (type === "mutation") expect(await fingerprint()).toBe(before);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
  );
});

describe("the sign-in form under fuzzing", () => {
  // next-auth's real flow: its CSRF token and cookie, then the credentials callback, behind our floor (authPost).
  const BASE = "http://localhost:3000";
  let auth: typeof import("../auth");
  let csrf: { token: string; cookie: string };
  let n = 0;
  beforeAll(async () => {
    process.env.AUTH_SECRET ??= "a test secret that is long enough to sign with";
    setDatabase(db);
    const made = await registerLocal(db.prisma, { name: "fuzz-signer", password: "the right password" });
    if (!made.ok) throw new Error(made.message);
    auth = await import("../auth");
    const { NextRequest } = await import("next/server");
    const r = await auth.handlers.GET(new NextRequest(`${BASE}/api/auth/csrf`));
    csrf = {
      token: ((await r.json()) as { csrfToken: string }).csrfToken,
      cookie: r.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
  });
  afterAll(() => setDatabase(undefined));

  // Each field mostly as a browser sends it (so runs reach the password check, and some sign in), else another
  // value a person might type, else anything.
  const field = (sent: () => string, typed: string[]) =>
    fc.oneof(
      { arbitrary: fc.constant(null).map(sent), weight: 6 },
      { arbitrary: fc.constantFrom(...typed), weight: 2 },
      valueArb,
      fc.string({ maxLength: 80 }),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
  const formArb = () => {
    const fields = {
      name: field(
        () => "fuzz-signer",
        ["FUZZ-SIGNER", "fuzz-host", "nobody", "fuzz\u0000signer", "\u0000", "ａ".repeat(70)],
      ),
      password: field(() => "the right password", ["wrong", "x".repeat(300)]),
      csrfToken: field(() => csrf.token, [`${csrf.token}x`, ""]),
      callbackUrl: field(
        () => BASE,
        [`${BASE}/tables`, "http://evil.example", "//evil.example", "javascript:x"],
      ),
      extra: valueArb,
    };
    return fc.oneof(
      {
        arbitrary: fc.record(fields, { requiredKeys: ["name", "password", "csrfToken", "callbackUrl"] }),
        weight: 3,
      },
      fc.record(fields, { requiredKeys: [] }),
    );
  };

  it("name, password, csrfToken and callbackUrl answer a named 4xx or next-auth's own answer, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        formArb(),
        fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, fc.constant(true)),
        fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, fc.constant(false)),
        async (form, asJson, withCookie) => {
          const text = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
          const body = asJson
            ? JSON.stringify(form)
            : new URLSearchParams(Object.entries(form).map(([k, v]) => [k, text(v)])).toString();
          const before = await fingerprint();
          const r = await auth.authPost(
            new Request(`${BASE}/api/auth/callback/credentials`, {
              method: "POST",
              headers: {
                "content-type": asJson ? "application/json" : "application/x-www-form-urlencoded",
                // a fresh address each run: the sign-in limits are tested elsewhere; here they would mask answers
                "x-forwarded-for": `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                ...(withCookie ? { cookie: csrf.cookie } : {}),
              },
              body,
            }),
          );
          expect(r.status, `${body.slice(0, 200)} → ${r.status}`).toBeLessThan(500);
          if (r.status >= 400) {
            const answer = (await r.json()) as { error: { code: string; message: string } };
            expect(Object.keys(FAILURE_CODES)).toContain(answer.error.code);
            expect(answer.error.message.length).toBeGreaterThan(5);
          }
          expect(await fingerprint()).toBe(before); // a sign-in writes nothing, whatever it answers
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });
});
