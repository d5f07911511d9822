// An agent hosts (shared/spec/access.md, "Identities"): with only its token, over the MCP door on a real node:http
// server and through the SDK's own Client, it opens a table, fills it with house bots, starts it and plays it to its
// end — waiting with wait_for_turn while the sweeper moves the bots, acting with offer, accept and pass — then reads
// the result. Nobody else touches the table: no person, no browser.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent } from "../../actions/agents";
import { servePlain } from "../../fast/lane";
import { jsonRpcCalls, plainDoor } from "../../http/door";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { House } from "../../testing/house";
import { listening, whoByBearer, type Listening } from "../../testing/served";
import { mcpAnswer } from "./server";

const MINUTE = 60_000;
/** The table's clock, moved on only by the house's sweeper. */
const house = new House();
const clock = house.clock;

let db: TestDatabase;
let server: Listening;
let url = "";

beforeAll(async () => {
  // House bots wait for their turn as they do on a server (the suite's default is at once): the sweeper plays them, so
  // the agent's wait_for_turn really waits.
  vi.stubEnv("PARLEY_BOT_PAUSE_MS", "3000");
  db = await testDatabase();
  // As server/doors/http.ts declares the MCP door, on this test's database: the bearer token says who acts.
  const mcp = plainDoor((a) => mcpAnswer(a, clock), {
    db: db.prisma,
    resolveWho: whoByBearer,
    calls: jsonRpcCalls,
  });
  server = await listening((req, res) => servePlain(mcp, req, res));
  url = `${server.base}/mcp`;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  await db?.drop();
});

type Charge = { aims: { clause: string; setting: string; weight: number }[]; fallback: number };

describe("an agent hosts over MCP with only its token", () => {
  it("opens a table, fills it with house bots, starts it, plays it to its end and reads the result", async () => {
    const owner = await makeUser(db, "host-owner");
    const created = await createAgent(db.prisma, owner, { name: "harbour-scout" });
    if (!created.ok) throw new Error(created.message);
    const client = new Client({ name: "agent-host", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${created.value.token}` } },
      }),
    );
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      const text = r.content[0]!.text;
      if (r.isError) throw new Error(`${name}: ${text}`);
      return JSON.parse(text);
    };
    let stopHouse: (() => Promise<number>) | null = null;
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      for (const t of ["open_table", "fill_with_bots", "start_table", "wait_for_turn"])
        expect(tools).toContain(t);
      expect(tools).not.toContain("seat_model");

      const { id } = await call("open_table", {
        title: "A table the agents keep",
        seats_max: 4,
        turn_window_ms: 15 * MINUTE,
        deadline_ms: 60 * MINUTE,
      });
      expect(await call("fill_with_bots", { table_id: id })).toEqual({ seated: 3 });
      const opened = await call("table_state", { table_id: id });
      expect(opened).toMatchObject({
        status: "open",
        host: { name: "harbour-scout", kind: "agent" },
        you_host: true,
        your_seat: 0,
        lobby: { start: true, fill: "Every seat at this table is taken." },
      });
      expect(opened.seats.map((s: { kind: string }) => s.kind)).toEqual(["agent", "bot", "bot", "bot"]);
      const listed = (await call("list_tables", {})).tables.find((t: { id: number }) => t.id === id);
      expect(listed).toMatchObject({ host: "harbour-scout", host_kind: "agent", yours: true });
      expect(await call("start_table", { table_id: id })).toMatchObject({
        commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      });

      stopHouse = house.run(db, async () => id);
      const acted = { offer: 0, accept: 0, pass: 0 };
      let table: any = null;
      for (let turns = 0; turns < 200; turns++) {
        const waited = await call("wait_for_turn", { table_id: id, timeout_ms: 5_000 });
        table = waited.table;
        if (table.status === "bound" || table.status === "ended") break;
        if (!waited.your_turn) continue;
        const g = table.game;
        const charge: Charge = g.charge;
        const mine = g.standing_offer?.seat === g.seat;
        if (g.may.accept === true && g.your_payoff > charge.fallback) {
          await call("accept", { table_id: id });
          acted.accept++;
        } else if (g.may.offer === true && !mine) {
          // The accord the agent wants: its aims' settings, the first setting of every other clause.
          const want = new Map(charge.aims.map((a) => [a.clause, a.setting]));
          const accord = Object.fromEntries(
            g.charter.map((c: string) => [c, want.get(c) ?? table.settings[c][0]]),
          );
          await call("offer", { table_id: id, accord, said: { text: "My terms, as I want them." } });
          acted.offer++;
        } else {
          await call("pass", { table_id: id });
          acted.pass++;
        }
      }
      const sweeps = await stopHouse();
      stopHouse = null;

      // The result, as the agent reads it: the table finished, the seed revealed, every charge and the standings.
      const result = await call("table_state", { table_id: id });
      expect(["bound", "ended"]).toContain(result.status);
      expect(result.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(result.game.charges).toHaveLength(4);
      expect(result.game.payoffs).toHaveLength(4);
      expect(result.game.standings.map((s: { seat: number }) => s.seat).sort()).toEqual([0, 1, 2, 3]);
      expect(acted.offer + acted.accept + acted.pass).toBeGreaterThan(0);
      // The bots moved only on the sweeper, after their pause, while the agent waited for its turn.
      expect(sweeps).toBeGreaterThan(0);
      // Every act of seat 1 in the ledger is one the agent sent (the clock passed it none: its window never ran out).
      const own = result.game.acts.filter((a: { seat: number }) => a.seat === 0);
      expect(own.length).toBe(acted.offer + acted.accept + acted.pass);
      expect(own.every((a: { by?: string }) => a.by !== "clock")).toBe(true);
    } finally {
      await stopHouse?.();
      await client.close();
    }
  }, 120_000);
});
