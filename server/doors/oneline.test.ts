// A single-line field (a title, a name) holds one line at every door: CR, LF, tabs and other control characters that a
// person or an agent wrote collapse to one space, trimmed, through the JSON API, MCP and tRPC alike, for a table's
// title, a plan's name and its nodes' titles, a Round Table's question and its seats' names. Multi-line fields (a
// council's context, a plan's rationale) keep their line breaks, and a NUL is refused as before. Titles stored before
// are collapsed the same way by their migration.
import fs from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelSeat, table } from "../actions/council/testing";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import { api, callTool, mcpClient, mcpPathOf, trpcHttp } from "../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
let host: Who & { kind: "user" };
/** One client per MCP endpoint, each as the host. */
const mcp = new Map<string, Client>();
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  host = await makeUser(db, "oneline-host");
});
afterAll(async () => {
  await Promise.all([...mcp.values()].map((c) => c.close()));
  await db?.drop();
});

/** What each door writes (the JSON API's snake_case body, an MCP tool's arguments, a tRPC mutation's input). */
type Door = {
  name: string;
  write(
    rest: string,
    tool: string,
    procedure: string,
    body: Record<string, unknown>,
  ): Promise<{ id: number }>;
};
const DOORS: Door[] = [
  {
    name: "the JSON API",
    async write(path, _tool, _procedure, body) {
      const r = await api(db.prisma, host, { clock })("POST", path, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body;
    },
  },
  {
    name: "MCP",
    async write(_path, tool, _procedure, body) {
      const path = mcpPathOf(tool);
      if (!mcp.has(path)) mcp.set(path, await mcpClient(db.prisma, host, clock, path));
      const r = await callTool(mcp.get(path)!, tool, body);
      expect(r.isError, r.text).toBe(false);
      return r.json;
    },
  },
  {
    name: "tRPC",
    async write(_path, _tool, procedure, body) {
      const r = await trpcHttp(
        db.prisma,
        host,
        clock,
      )(procedure, JSON.stringify({ json: inCodeNames(body) }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result.data.json;
    },
  },
];
/** tRPC speaks the code's names: a table's seatsMax, a plan's nodes' dependsOn (the convening's are snake_case everywhere). */
function inCodeNames({ seats_max, ...rest }: Record<string, unknown>) {
  const body = seats_max === undefined ? rest : { ...rest, seatsMax: seats_max };
  return Array.isArray(body.nodes)
    ? {
        ...body,
        nodes: body.nodes.map(({ depends_on, ...n }: Record<string, unknown>) => ({
          ...n,
          dependsOn: depends_on,
        })),
      }
    : body;
}

/** Everything as the JSON API reads it back. */
const read = async (path: string) => (await api(db.prisma, host, { clock })("GET", path)).body;

describe.each(DOORS)("$name", (door) => {
  it("a table's title written over two lines is one line", async () => {
    const { id } = await door.write("/api/tables", "open_table", "tables.open", {
      title: "Salt\r\nTide\t ",
      seats_max: 4,
    });
    expect((await read(`/api/tables/${id}`)).title).toBe("Salt Tide");
  });

  it("a plan's name and its nodes' titles are one line; its rationale keeps its line breaks", async () => {
    const { id } = await door.write("/api/plans", "create_plan", "plans.create", {
      name: " Launch\r\n\r\nplan",
      rationale: "First line.\nSecond line.",
      nodes: [
        { id: "scan", title: "Scan\u2028the\u0085code" },
        { id: "patch", depends_on: ["scan"] },
      ],
    });
    const plan = await read(`/api/plans/${id}`);
    expect(plan.plan.name).toBe("Launch plan");
    expect(plan.nodes.find((n: { id: string }) => n.id === "scan").title).toBe("Scan the code");
    expect(JSON.stringify(plan)).toContain("First line.\\nSecond line.");
  });

  it("a Round Table's question and its seats' names are one line; its context keeps its line breaks", async () => {
    const { id } = await door.write(
      "/api/councils",
      "convene",
      "councils.convene",
      table([modelSeat("fin\r\nance"), modelSeat("brand"), modelSeat("legal")], {
        question: "Do we ship\r\non Friday?",
        context: "The tests pass.\nThe rota is thin.",
      }) as unknown as Record<string, unknown>,
    );
    const council = await read(`/api/councils/${id}`);
    expect(council.question).toBe("Do we ship on Friday?");
    expect(council.context).toBe("The tests pass.\nThe rota is thin.");
    expect(council.seats.map((s: { name: string }) => s.name)).toContain("fin ance");
  });
});

it("a NUL in a title is still refused, by name", async () => {
  const r = await api(db.prisma, host, { clock })("POST", "/api/tables", { title: "a\u0000b" });
  expect(r.status).toBe(422);
  expect(r.body.error).toMatchObject({ code: "invalid" });
  expect(JSON.stringify(r.body)).toMatch(/title/);
});

it("the migration collapses the titles stored before, as the doors now do", async () => {
  const as = api(db.prisma, host, { clock });
  const t = (await as("POST", "/api/tables", { title: "x" })).body.id as number;
  const p = (await as("POST", "/api/plans", { name: "x", nodes: [{ id: "a" }] })).body.id as number;
  const c = (await as("POST", "/api/councils", table([modelSeat("a"), modelSeat("b"), modelSeat("c")]))).body
    .id as number;
  // as they could be written before: straight into the rows
  await db.prisma.gameTable.update({ where: { id: t }, data: { title: "Salt \r\n\tTide" } });
  await db.prisma.plan.update({ where: { id: p }, data: { name: "Launch\u2028plan" } });
  await db.prisma.council.update({ where: { id: c }, data: { question: "Ship\non Friday?" } });
  const other = (await as("POST", "/api/tables", { title: "x" })).body.id as number;
  await db.prisma.gameTable.update({ where: { id: other }, data: { title: "\r\n" } });
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  const name = fs.readdirSync(dir).find((d) => d.endsWith("_one_line_titles"))!;
  await db.sql.exec(fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
  expect((await read(`/api/tables/${t}`)).title).toBe("Salt Tide");
  expect((await read(`/api/plans/${p}`)).plan.name).toBe("Launch plan");
  expect((await read(`/api/councils/${c}`)).question).toBe("Ship on Friday?");
  expect((await read(`/api/tables/${other}`)).title).toBe("\r\n"); // left empty, it keeps what it had
});
