// Bad input is a named 4xx at every door, never a 500: a NUL or a lone surrogate in any stored string, a hostile
// depth, a wrong type named as such, superjson's BigInt, MCP arguments that are not an object.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { agentOf, modelSeat, personSeat, steady, table } from "../actions/council/testing";
import { ANON, type Who } from "../identity";
import { appRouter } from "./trpc";
import { api, callTool, mcpClient, mcpRaw, toolCall, trpcHttp } from "../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
let host: Who & { kind: "user" };
let tableId: number;
let councilId: number;
let planId: number;
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  host = await makeUser(db, "input-host");
  const as = api(db.prisma, host, { clock });
  tableId = (await as("POST", "/api/tables", { title: "Bad input", seats_max: 4 })).body.id;
  councilId = (
    await as(
      "POST",
      "/api/councils",
      table([personSeat("finance", host.name), modelSeat("brand"), modelSeat("legal")]),
    )
  ).body.id;
  planId = (
    await as("POST", "/api/plans", {
      name: "Bad input plan",
      nodes: [{ id: "scan" }, { id: "patch", depends_on: ["scan"] }],
    })
  ).body.id;
});
afterAll(async () => db?.drop());

/** Every string leaf of a body, with its dotted path. */
function leaves(v: unknown, path: string[] = []): string[][] {
  if (typeof v === "string") return [path];
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, c]) => leaves(c, [...path, k]));
  return [];
}
function withLeaf(v: unknown, path: string[], to: (s: string) => string): unknown {
  if (!path.length) return to(v as string);
  const copy: any = Array.isArray(v) ? [...v] : { ...(v as object) };
  copy[path[0]!] = withLeaf(copy[path[0]!], path.slice(1), to);
  return copy;
}

const HOSTILE = {
  NUL: (s: string) => `${s}\u0000`,
  "a lone high surrogate": (s: string) => `${s}\uD800`,
  "a lone low surrogate": (s: string) => `\uDC00${s}`,
};

/** Requests that store what people write, one per kind of text: each is accepted as it stands. */
const WRITES = () =>
  [
    ["POST", "/api/accounts", { name: "input-newcomer", password: "a fine password" }],
    ["POST", "/api/agents", { name: "input-agent" }],
    ["POST", "/api/tables", { title: "A title", seats_max: 4 }],
    ["POST", "/api/councils", table([modelSeat("a"), modelSeat("b"), modelSeat("c")])],
    ["POST", `/api/councils/${councilId}/answer`, { reply: steady("ship", 6, "brand")[1] }],
    [
      "POST",
      "/api/plans",
      {
        name: "A plan",
        rationale: "why",
        nodes: [
          { id: "a", title: "A" },
          { id: "b", depends_on: ["a"] },
        ],
      },
    ],
    [
      "POST",
      `/api/plans/${planId}/outcomes`,
      { node_id: "scan", status: "success", evidence_hash: "sha256:1", provenance: "ci" },
    ],
    [
      "POST",
      `/api/plans/${planId}/risks`,
      { risk_id: "R1", severity: "low", affected_nodes: ["patch"], evidence_hash: "sha256:2", note: "n" },
    ],
  ] as const;

describe("a NUL or a lone surrogate in any stored string", () => {
  it("is refused as invalid, naming the field, and stores nothing — at every string of every write", async () => {
    const as = api(db.prisma, host, { clock });
    let tried = 0;
    for (const [method, path, body] of WRITES()) {
      for (const leaf of leaves(body)) {
        for (const [what, spoil] of Object.entries(HOSTILE)) {
          const r = await as(method, path, withLeaf(body, leaf, spoil));
          const where = `${path} ${leaf.join(".")} with ${what}`;
          expect(r.status, `${where}: ${JSON.stringify(r.body)}`).toBe(422);
          expect(r.body.error.code).toBe("invalid");
          // The field is named as the action reads it (a single outcome is read as outcomes.0, say).
          expect(r.body.error.message, where).toMatch(new RegExp(`"([\\w.]+\\.)?${leaf.join("\\.")}"`));
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    // …and each untouched body is accepted, so the refusals above were about the character alone.
    for (const [method, path, body] of WRITES()) {
      const r = await as(method, path, body);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
  });

  it("in a field name, too", async () => {
    const r = await api(db.prisma, host, { clock })("POST", "/api/tables", { title: "x", ["k\u0000"]: 1 });
    expect(r).toMatchObject({ status: 422, body: { error: { code: "invalid" } } });
  });

  it("through MCP and tRPC alike", async () => {
    const { who: agent } = await agentOf(db, host, "input-mcp");
    const client = await mcpClient(db.prisma, agent, clock);
    const r = await callTool(
      client,
      "convene",
      table([modelSeat("a\u0000"), modelSeat("b"), modelSeat("c")]),
    );
    expect(r).toMatchObject({ isError: true, text: expect.stringContaining('"seats.0.name"') });
    await client.close();
    const t = await trpcHttp(
      db.prisma,
      host,
      clock,
    )("tables.open", JSON.stringify({ json: { title: "\uDFFF", seats_max: 4 } }));
    expect(t.status).toBe(422);
    expect(t.body.error.json.message).toContain('"title"');
  });
});

describe("a hostile depth", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  it("is a 422 at the JSON API", async () => {
    const r = await api(db.prisma, host, { clock })("POST", "/api/tables", `{"title":${deep(25_000)}}`);
    expect(r.status).toBe(422);
    expect(r.body.error.message).toMatch(/deeper than/);
  });
  it("is a named failure, not an internal error, over tRPC and MCP", async () => {
    const t = await trpcHttp(db.prisma, host, clock)("tables.open", `{"json":{"title":${deep(25_000)}}}`);
    expect(t.status).toBeLessThan(500);
    expect(t.status).toBeGreaterThanOrEqual(400);
    const m = await mcpRaw(
      db.prisma,
      host,
      clock,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"open_table","arguments":{"title":${deep(25_000)}}}}`,
    );
    expect(m.status).toBeLessThan(500);
    expect(m.text).not.toMatch(/-32603|went wrong on our side/);
  });
});

describe("a wrong type", () => {
  it("is named as such, not as missing (JSON API and MCP)", async () => {
    const r = await api(db.prisma, host, { clock })("POST", "/api/tables", { title: "x", seats_max: "five" });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toMatch(/"seats_max".*expected number/);
    expect(r.body.error.message).not.toMatch(/required/);
    const missing = await api(db.prisma, host, { clock })("POST", `/api/councils/${councilId}/answer`, {});
    expect(missing.body.error.message).toMatch(/"reply" is required/);
    const { who: agent } = await agentOf(db, host, "input-types");
    const client = await mcpClient(db.prisma, agent, clock);
    const m = await callTool(client, "table_state", { table_id: "one" });
    expect(m).toMatchObject({ isError: true, text: expect.stringMatching(/"table_id".*expected number/) });
    await client.close();
  });
});

describe("tRPC over HTTP", () => {
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: "query" | "mutation" | "subscription" } }
    >,
  ).filter(([, p]) => p._def.type !== "subscription");
  it.each(procedures.map(([name, p]) => [name, p._def.type as "query" | "mutation"] as const))(
    "%s: a superjson BigInt in any field is a named failure, never an internal error",
    async (procedure, type) => {
      const bigints = { id: String(tableId), count: "2", body: { revision: "1", confirm: "1" } };
      const meta = {
        values: {
          id: ["bigint"],
          count: ["bigint"],
          "body.revision": ["bigint"],
          "body.confirm": ["bigint"],
        },
      };
      const r = await trpcHttp(db.prisma, host, clock)(
        procedure,
        JSON.stringify({ json: bigints, meta }),
        type,
      );
      // A procedure that takes no input answers as usual; every other one refuses by name.
      expect(r.status, `${procedure}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
      if (r.status >= 400)
        expect(r.body.error.json.data.failure).toMatch(/^(invalid|not_found|forbidden|conflict)$/);
    },
  );
});

describe("MCP arguments that are not an object", () => {
  it.each([5, "x", [1], true])("%j is an isError result with one sentence", async (args) => {
    const r = await mcpRaw(db.prisma, ANON, clock, toolCall("list_tables", args));
    expect(r.status).toBe(200);
    expect(r.json?.error, r.text).toBeUndefined();
    expect(r.json.result).toMatchObject({ isError: true });
    expect(r.json.result.content[0].text).toMatch(/arguments/);
  });
});
