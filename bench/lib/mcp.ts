// MCP through the SDK's own Client, beside the JSON API, from this process: agents read their tables with
// `table_state` and take their turns with `pass`, and the same agents do the same through the JSON API, with the
// same concurrency, one after the other. What an agent would see: one call's latency, and calls a second.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { BenchTable } from "./seed";
import { latency, type Latency } from "./stats";

/** `cpu`: the server's CPU time (ms) per answered call, when the caller measured it (bench/run.ts). */
export type DoorRate = {
  perSecond: number;
  latency: Latency;
  failed: number;
  answered: number;
  cpu?: number;
};
/** Runs one door's timed phase and says what the server's processes spent in it (ms). */
export type CpuMeter = (run: () => Promise<DoorRate>) => Promise<DoorRate>;
export type McpResult = { reads: { mcp: DoorRate; api: DoorRate }; acts: { mcp: DoorRate; api: DoorRate } };

type Call = (tool: "table_state" | "pass", tableId: number) => Promise<boolean>;

async function mcpCaller(url: string, token: string): Promise<{ call: Call; close(): Promise<void> }> {
  const client = new Client({ name: "parley-bench", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return {
    call: async (tool, tableId) => {
      const r = (await client.callTool({ name: tool, arguments: { table_id: tableId } })) as {
        isError?: boolean;
      };
      return !r.isError;
    },
    close: () => client.close(),
  };
}

function apiCaller(url: string, token: string): Call {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return async (tool, tableId) => {
    const r =
      tool === "table_state"
        ? await fetch(`${url}/api/tables/${tableId}`, { headers })
        : await fetch(`${url}/api/tables/${tableId}/pass`, { method: "POST", headers, body: "{}" });
    await r.arrayBuffer();
    return r.ok;
  };
}

const tokenOf = (t: BenchTable, seat: number) =>
  String((t.seats[seat]!.app as Record<string, string>).authorization ?? "").replace(/^Bearer /, "");

/** The table's acts so far, read as its host (whose turn it is decides who acts next). */
async function turnOf(url: string, t: BenchTable): Promise<number> {
  const r = await fetch(`${url}/api/tables/${t.id}`, { headers: t.seats[0]!.app as Record<string, string> });
  const state = (await r.json()) as { game?: { acts?: unknown[] } | null };
  return state.game?.acts?.length ?? t.turn;
}

function rate(started: number, samples: number[], failed: number): DoorRate {
  const seconds = (performance.now() - started) / 1000;
  const answered = samples.length - failed;
  return { perSecond: answered / seconds, latency: latency(samples), failed, answered };
}

/** Each table's first agent reads its table for `seconds`, all tables at once. */
async function readsFor(
  url: string,
  tables: BenchTable[],
  callers: Call[],
  seconds: number,
): Promise<DoorRate> {
  const samples: number[] = [];
  let failed = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    tables.map(async (t, i) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        if (!(await callers[i]!("table_state", t.id))) failed++;
        samples.push(performance.now() - t0);
      }
    }),
  );
  return rate(started, samples, failed);
}

/**
 * Each table plays `acts` turns in order: its agents (seats 2–4) pass through the door measured, its host (a cookie,
 * no token) through the JSON API, untimed. A refused act (a clock pass took the turn) reads the table again.
 */
async function actsFor(
  url: string,
  tables: BenchTable[],
  callers: Call[][],
  acts: number,
): Promise<DoorRate> {
  const samples: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    tables.map(async (t, i) => {
      t.turn = await turnOf(url, t);
      for (let n = 0; n < acts; n++) {
        const seat = t.turn % t.seats.length;
        if (seat === 0) {
          const r = await fetch(`${url}/api/tables/${t.id}/pass`, {
            method: "POST",
            headers: { ...(t.seats[0]!.app as Record<string, string>), "content-type": "application/json" },
            body: "{}",
          });
          await r.arrayBuffer();
          if (r.ok) t.turn++;
          else t.turn = await turnOf(url, t);
          continue;
        }
        const t0 = performance.now();
        const ok = await callers[i]![seat - 1]!("pass", t.id);
        samples.push(performance.now() - t0);
        if (ok) t.turn++;
        else {
          failed++;
          t.turn = await turnOf(url, t);
        }
      }
    }),
  );
  return rate(started, samples, failed);
}

/** `readTables` and `actTables` are distinct tables of the app's world; MCP and the JSON API take turns on each. */
export async function mcpBeside(
  url: string,
  readTables: BenchTable[],
  actTables: BenchTable[],
  opts: { seconds: number; acts: number; meter?: CpuMeter },
): Promise<McpResult> {
  const meter: CpuMeter = opts.meter ?? ((run) => run());
  const clients: { close(): Promise<void> }[] = [];
  const mcp = async (t: BenchTable, seat: number) => {
    const c = await mcpCaller(url, tokenOf(t, seat));
    clients.push(c);
    return c.call;
  };
  try {
    const readMcp = await Promise.all(readTables.map((t) => mcp(t, 1)));
    const readApi = readTables.map((t) => apiCaller(url, tokenOf(t, 1)));
    const actMcp = await Promise.all(actTables.map((t) => Promise.all([1, 2, 3].map((s) => mcp(t, s)))));
    const actApi = actTables.map((t) => [1, 2, 3].map((s) => apiCaller(url, tokenOf(t, s))));
    await readsFor(url, readTables, readMcp, 1); // warm both
    await readsFor(url, readTables, readApi, 1);
    const reads = {
      mcp: await meter(() => readsFor(url, readTables, readMcp, opts.seconds)),
      api: await meter(() => readsFor(url, readTables, readApi, opts.seconds)),
    };
    const acts = {
      mcp: await meter(() => actsFor(url, actTables, actMcp, opts.acts)),
      api: await meter(() => actsFor(url, actTables, actApi, opts.acts)),
    };
    return { reads, acts };
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
  }
}
