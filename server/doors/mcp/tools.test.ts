// MCP tools as clients expect them (issue 48 points 1 and 2), through the SDK's own Client, which checks every
// structuredContent against the tool's outputSchema once it has listed the tools: each tool has a title, an input and
// an output schema (valid JSON Schema 2020-12) and all four hints from its declaration; an answer is structured and
// the same JSON as text; a refusal is isError with structuredContent.error; no endpoint lists more than 40 tools to
// any caller, always in the same order, and a tool on another endpoint is named there.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../../actions/agents";
import { fixedClock } from "../../clock";
import { ANON, type Who } from "../../identity";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { BASE, mcpClient } from "../../testing/doors";
import { handleMcp } from "./server";
import { TOOLS_MAX } from "./tools";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
const ENDPOINTS = ["/mcp", "/mcp/tables", "/mcp/councils", "/mcp/plans"];
let db: TestDatabase;
let callers: Record<"guest" | "person" | "agent", Who>;
const clients: Client[] = [];

beforeAll(async () => {
  db = await testDatabase();
  const person = await makeUser(db, "tools-person");
  const a = await createAgent(db.prisma, person, { name: "tools-agent" });
  const agent = a.ok ? await whoForToken(db.prisma, a.value.token) : null;
  callers = { guest: ANON, person, agent: agent! };
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await db?.drop();
});

async function client(who: Who, path = "/mcp") {
  const c = await mcpClient(db.prisma, who, clock, path);
  clients.push(c);
  return c;
}

type Called = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
};

describe("the tools' listing", () => {
  it("no endpoint lists more than 40 tools to any caller, in the same order each time", async () => {
    for (const [kind, who] of Object.entries(callers))
      for (const path of ENDPOINTS) {
        const c = await client(who, path);
        const first = (await c.listTools()).tools.map((t) => t.name);
        const again = (await c.listTools()).tools.map((t) => t.name);
        expect(first.length, `${kind} on ${path}`).toBeLessThanOrEqual(TOOLS_MAX);
        expect(first.length).toBeGreaterThan(0);
        expect(again).toEqual(first);
        expect(new Set(first).size).toBe(first.length);
      }
  });

  it("every tool of every endpoint a person can reach: title, schemas that compile, all four hints", async () => {
    const ajv = new Ajv2020({ strict: false });
    const seen = new Map<string, Tool>();
    for (const path of ENDPOINTS)
      for (const t of (await (await client(callers.person, path)).listTools()).tools) seen.set(t.name, t);
    expect(seen.size).toBeGreaterThan(TOOLS_MAX); // a person's tools do not all fit on one endpoint
    for (const t of seen.values()) {
      expect(t.title, t.name).toMatch(/^[A-Z][a-z ]+$/);
      expect(t.description, t.name).toBeTruthy();
      expect(t.outputSchema?.type, t.name).toBe("object");
      expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();
      expect(() => ajv.compile(t.outputSchema!), t.name).not.toThrow();
      const a = t.annotations!;
      for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const)
        expect(typeof a[hint], `${t.name} ${hint}`).toBe("boolean");
      expect(a.openWorldHint).toBe(false);
    }
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint, idempotentHint } = seen.get(name)!.annotations!;
      return { readOnlyHint, destructiveHint, idempotentHint };
    };
    expect(hints("table_state")).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(hints("accept")).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(hints("offer")).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(hints("set_table_visibility")).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(seen.get("wait_for_turn")!.title).toBe("Wait for turn");
  });

  it("/mcp lists all a guest's and an agent's tools; a person's plan tools are on /mcp/plans, and named there", async () => {
    const names = async (who: Who, path: string) =>
      (await (await client(who, path)).listTools()).tools.map((t) => t.name);
    for (const who of [callers.guest, callers.agent]) {
      const all = new Set(await names(who, "/mcp"));
      for (const path of ENDPOINTS.slice(1)) for (const n of await names(who, path)) expect(all).toContain(n);
    }
    const person = await names(callers.person, "/mcp");
    expect(person).toContain("seat_model");
    expect(person).not.toContain("approve");
    const plans = await names(callers.person, "/mcp/plans");
    expect(plans).toEqual(expect.arrayContaining(["whoami", "approve", "list_plans"]));
    expect(plans).not.toContain("offer");
    const c = await client(callers.person);
    const r = (await c.callTool({ name: "approve", arguments: {} })) as Called;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual({
      error: {
        code: "not_found",
        message: 'The tool "approve" is not on /mcp: connect to /mcp/plans to use it.',
      },
    });
    // A tool a caller may never use still answers why (an agent's seat_model), on every endpoint.
    const agent = await client(callers.agent);
    const refused = (await agent.callTool({ name: "seat_model", arguments: {} })) as Called;
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent?.error as { code: string }).code).toBe("forbidden");
  });

  it("a path that is no endpoint is a plain 404", async () => {
    const r = await handleMcp(
      new Request(`${BASE}/mcp/nowhere`, { method: "POST", body: "{}" }),
      db.prisma,
      ANON,
      clock,
      "test",
    );
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { message: string } }).error.message).toContain("/mcp/tables");
  });
});

describe("a call's answer", () => {
  it("is structuredContent valid against its schema, and the same JSON as text", async () => {
    const c = await client(callers.agent);
    await c.listTools(); // the Client now checks every structuredContent against its tool's outputSchema
    const opened = (await c.callTool({ name: "open_table", arguments: { title: "Structured" } })) as Called;
    expect(opened.isError).toBeFalsy();
    expect(JSON.parse(opened.content[0]!.text)).toEqual(opened.structuredContent);
    const id = (opened.structuredContent as { id: number }).id;
    for (const [name, args] of [
      ["table_state", { table_id: id }],
      ["list_tables", {}],
      ["whoami", {}],
      ["fill_with_bots", { table_id: id }],
      ["start_table", { table_id: id }],
      ["table_state", { table_id: id }],
      ["list_councils", {}],
      ["list_notifications", {}],
    ] as const) {
      const r = (await c.callTool({ name, arguments: args })) as Called;
      expect(r.isError, `${name}: ${r.content[0]?.text}`).toBeFalsy();
      expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
    }
  });

  it("a list answer is carried as { items }", async () => {
    const c = await client(callers.guest);
    await c.listTools();
    const r = (await c.callTool({ name: "list_plans", arguments: {} })) as Called;
    expect(r.isError).toBeFalsy();
    expect(Array.isArray(r.structuredContent?.items)).toBe(true);
    expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
  });

  it("a refusal is isError with the one sentence and structuredContent.error, which the Client accepts", async () => {
    const c = await client(callers.agent);
    await c.listTools();
    const missing = (await c.callTool({ name: "table_state", arguments: { table_id: 999999 } })) as Called;
    expect(missing.isError).toBe(true);
    const error = missing.structuredContent?.error as { code: string; message: string };
    expect(error.code).toBe("not_found");
    expect(missing.content[0]!.text).toBe(`not_found: ${error.message}`);
    const bad = (await c.callTool({ name: "table_state", arguments: { table_id: "x" } })) as Called;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent?.error).toMatchObject({ code: "invalid", field: "table_id" });
  });
});
