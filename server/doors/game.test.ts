// Sworn & Said through every door: the seed document's curl examples on /api/tables, MCP tools, tRPC;
// refusals as named failures; a race for one turn across doors; no charge leaks through any door.
import { describe, expect, it } from "vitest";
import { createAgent, revokeAgent, whoForToken } from "../actions/agents";
import { loadTable } from "../actions/game";
import { ANON, type Who } from "../identity";
import { api, callTool, mcpClient } from "../testing/doors";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { createCaller } from "./trpc";
import { fixedClock } from "../clock";
/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
databaseForFile((made) => (db = made));

async function agent(owner: Extract<Who, { kind: "user" }>, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token))!;
}

/** A started 4-seat table: host (person), an agent, and two more people. */
async function table(tag: string) {
  const host = await makeUser(db, `${tag}-host`);
  // Another person's agent: the host's own would be a second identity at one table.
  const owner = await makeUser(db, `${tag}-owner`);
  const bot = await agent(owner, `${tag}-agent`);
  const p2 = await makeUser(db, `${tag}-p2`);
  const p3 = await makeUser(db, `${tag}-p3`);
  const opened = await api(db.prisma, host, { clock })("POST", "/api/tables", {
    title: "The Wreck of the Fathom",
    seats_max: 4,
  });
  expect(opened.status).toBe(201);
  const id = opened.body.id as number;
  for (const who of [bot, p2, p3])
    expect((await api(db.prisma, who, { clock })("POST", `/api/tables/${id}/join`)).status).toBe(200);
  expect((await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/start`)).status).toBe(200);
  return { id, host, owner, bot, p2, p3 };
}

describe("the JSON API for tables (the seed document's curl examples)", () => {
  it("lists, opens, reads, joins, leaves, starts, offers, accepts and passes", async () => {
    const host = await makeUser(db, "curl-host");
    const call = api(db.prisma, host, { clock });
    const opened = await call("POST", "/api/tables", { title: "The Wreck of the Fathom", seats_max: 5 });
    expect(opened).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const id = opened.body.id;
    expect(
      (await api(db.prisma, ANON, { clock })("GET", "/api/tables")).body.tables.some((t: any) => t.id === id),
    ).toBe(true);
    const others = [await makeUser(db, "curl-2"), await makeUser(db, "curl-3"), await makeUser(db, "curl-4")];
    for (const o of others)
      expect((await api(db.prisma, o, { clock })("POST", `/api/tables/${id}/join`)).status).toBe(200);
    expect((await api(db.prisma, others[2]!, { clock })("POST", `/api/tables/${id}/leave`)).status).toBe(200);
    expect((await call("POST", `/api/tables/${id}/start`)).status).toBe(409); // 3 seats
    expect((await api(db.prisma, others[2]!, { clock })("POST", `/api/tables/${id}/join`)).status).toBe(200);
    expect((await call("POST", `/api/tables/${id}/start`)).body).toMatchObject({
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const state = (await call("GET", `/api/tables/${id}`)).body;
    expect(state.game.may.offer).toBe(true);
    const accord = Object.fromEntries(state.game.charter.map((c: string) => [c, state.settings[c][0]]));
    expect((await call("POST", `/api/tables/${id}/offer`, { accord })).body).toMatchObject({
      seat: 0,
      turn: 0,
    });
    const second = api(db.prisma, others[0]!, { clock });
    const s2 = (await second("GET", `/api/tables/${id}`)).body;
    const r = await second("POST", `/api/tables/${id}/${s2.game.may.accept === true ? "accept" : "pass"}`);
    expect(r.status).toBe(200);
    expect((await second("POST", `/api/tables/${id}/pass`)).body.error.code).toBe("conflict");
  });

  it("answers every refusal with its name and status, never a 500", async () => {
    const { id, host, p2 } = await table("refuse");
    const call = api(db.prisma, host, { clock });
    const state = (await call("GET", `/api/tables/${id}`)).body;
    const accord = Object.fromEntries(state.game.charter.map((c: string) => [c, state.settings[c][0]]));
    const cases: [Who, string, string, unknown, number][] = [
      [ANON, "POST", `/api/tables/${id}/pass`, undefined, 401],
      [p2, "POST", `/api/tables/${id}/pass`, undefined, 409],
      [await makeUser(db, "refuse-out"), "POST", `/api/tables/${id}/pass`, undefined, 403],
      [host, "GET", `/api/tables/1e3`, undefined, 404],
      [host, "GET", `/api/tables/1.0`, undefined, 404],
      [host, "POST", `/api/tables/${id}/offer`, { accord: { ...accord, moon: "full" } }, 422],
      [host, "POST", `/api/tables/${id}/offer`, { accord: { beacon: "kept" } }, 422],
      [host, "POST", `/api/tables/${id}/offer`, { accord: 7 }, 422],
      [host, "POST", `/api/tables/${id}/offer`, "[[[", 422],
      [host, "POST", `/api/tables/${id}/pass`, { said: { text: "x".repeat(300) } }, 422],
      [
        host,
        "POST",
        `/api/tables/${id}/pass`,
        { said: { claims: [{ clause: "ledger", setting: "burnt" }] } },
        422,
      ],
      [host, "POST", `/api/tables/${id}/pass`, { surprise: 1 }, 422],
      [host, "POST", `/api/tables/${id}/accept`, undefined, 409],
      [host, "POST", `/api/tables/${id}/accept`, { cite: { clause: "ledger" } }, 422],
      [host, "GET", `/api/tables/${id}/record`, undefined, 409],
    ];
    for (const [who, method, path, body, status] of cases) {
      const r = await api(db.prisma, who, { clock })(method, path, body);
      expect({ path, body, status: r.status }).toEqual({ path, body, status });
      expect(r.body.error.message).toMatch(/\w.*[.!?]$/);
    }
    expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(0); // no refused act was written
  });
});

describe("MCP tools for tables", () => {
  it("an agent joins, reads its own charge, and acts; schema errors name the argument", async () => {
    const { id, host, bot } = await table("mcp");
    const client = await mcpClient(db.prisma, bot, clock);
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const n of [
      "list_tables",
      "table_state",
      "join_table",
      "leave_table",
      "offer",
      "accept",
      "pass",
      "wait_for_turn",
    ])
      expect(names).toContain(n);
    // An agent may host (open, invite, fill with bots, start); seating a model player, which spends the server's
    // keys, stays a person's and is not offered to an agent at all.
    for (const n of ["open_table", "invite_to_table", "fill_with_bots", "start_table"])
      expect(names).toContain(n);
    expect(names).not.toContain("seat_model");
    const st = await callTool(client, "table_state", { table_id: id });
    expect(st.json).toMatchObject({ your_seat: 1, game: { charge: { aims: expect.any(Array) } } });
    expect((await callTool(client, "table_state", { table_id: "1e3" })).isError).toBe(true);
    expect((await callTool(client, "table_state", {})).text).toMatch(/"table_id" is required/);
    expect((await callTool(client, "pass", { table_id: id, volume: 11 })).text).toMatch(
      /unknown field: volume/,
    );
    expect((await callTool(client, "pass", { table_id: id })).text).toMatch(/^conflict: /);
    await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/pass`);
    expect(
      (await callTool(client, "pass", { table_id: id, said: { text: "over to you" } })).json,
    ).toMatchObject({ seat: 1, turn: 1 });
    await client.close();
  });
});

describe("a token revoked mid-wait", () => {
  it("wait_for_turn ends at once as 401 signin_required, not the seat's view when the wait ends", async () => {
    const { id, owner, bot } = await table("revoked-wait");
    const client = await mcpClient(db.prisma, bot, clock);
    const waiting = callTool(client, "wait_for_turn", { table_id: id, timeout_ms: 20_000 });
    await new Promise((r) => setTimeout(r, 600));
    const revokedAt = Date.now();
    expect(await revokeAgent(db.prisma, owner, { id: bot.kind === "agent" ? bot.agentId : 0 })).toMatchObject(
      {
        ok: true,
      },
    );
    // the request ends as HTTP 401 (server/doors/mcp/signout.test.ts reads its challenge), never the seat's view
    await expect(waiting).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("signin_required"),
    });
    expect(Date.now() - revokedAt).toBeLessThan(2_000);
    await client.close();
  });
});

describe("a race for one turn across doors", () => {
  it("20 concurrent acts from the JSON API, MCP and tRPC: exactly one lands, the rest are conflicts", async () => {
    const { id, host } = await table("race");
    const client = await mcpClient(db.prisma, host, clock);
    const trpc = createCaller({ db: db.prisma, who: host, clock });
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? api(db.prisma, host, { clock })("POST", `/api/tables/${id}/pass`).then((r) => r.status === 200)
          : i % 3 === 1
            ? callTool(client, "pass", { table_id: id }).then((r) => !r.isError)
            : trpc.tables.pass({ tableId: id }).then(
                () => true,
                (e) => {
                  expect(e.code).toBe("CONFLICT");
                  return false;
                },
              ),
      ),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(1);
    await client.close();
  });
});

describe("redaction at every door", () => {
  it("a guest and a player see no other seat's charge through the JSON API, MCP or tRPC", async () => {
    const { id, host, bot } = await table("redact");
    const loaded = (await loadTable(db.prisma, id))!;
    const secret = (i: number) => JSON.stringify(loaded.game!.charges[i]!.aims);
    const outsider = await makeUser(db, "redact-out");
    for (const [who, own] of [
      [ANON, null],
      [outsider, null],
      [host, 0],
      [bot, 1],
    ] as [Who, number | null][]) {
      const rest = JSON.stringify((await api(db.prisma, who, { clock })("GET", `/api/tables/${id}`)).body);
      const client = await mcpClient(db.prisma, who, clock);
      const mcp = (await callTool(client, "table_state", { table_id: id })).text;
      await client.close();
      const viaTrpc = JSON.stringify(
        await createCaller({ db: db.prisma, who, clock }).tables.state({ tableId: id }),
      );
      for (const text of [rest, mcp.replace(/\s/g, ""), viaTrpc]) {
        expect(text).not.toContain(loaded.table.seed!);
        for (let seat = 0; seat < 4; seat++) {
          if (seat === own || secret(seat) === (own === null ? "" : secret(own))) continue;
          expect(text).not.toContain(secret(seat).replace(/\s/g, ""));
        }
      }
    }
  });
});
