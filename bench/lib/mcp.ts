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
/** Starts counting the server's CPU time; the function it returns says how many ms were spent since. */
export type CpuMeter = () => () => number;
export type McpResult = { reads: { mcp: DoorRate; api: DoorRate }; acts: { mcp: DoorRate; api: DoorRate } };

/** One turn of one door: each call's latency, the refused ones, how long the turn took, the server's CPU in it. */
type Turn = { samples: number[]; failed: number; ms: number; cpuMs: number };

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

/** A door's turns as one rate: its answered calls over its own turns' time, the server's CPU over those calls. */
function rateOf(turns: Turn[], metered: boolean): DoorRate {
  const samples = turns.flatMap((t) => t.samples);
  const failed = turns.reduce((n, t) => n + t.failed, 0);
  const answered = samples.length - failed;
  const seconds = turns.reduce((n, t) => n + t.ms, 0) / 1000;
  const cpu = turns.reduce((n, t) => n + t.cpuMs, 0) / Math.max(1, answered);
  return {
    perSecond: answered / seconds,
    latency: latency(samples),
    failed,
    answered,
    ...(metered ? { cpu } : {}),
  };
}

/**
 * The two doors' timed work in turns (MCP, JSON API, MCP, …, the first door swapped each time), so both meet the
 * same minutes of a machine whose speed drifts from one to the next: measured one whole phase after the other, the
 * same build's ratio moved by a quarter between runs minutes apart.
 */
async function inTurns(
  turns: number,
  run: { mcp: () => Promise<Omit<Turn, "ms" | "cpuMs">>; api: () => Promise<Omit<Turn, "ms" | "cpuMs">> },
  meter: CpuMeter | undefined,
): Promise<{ mcp: DoorRate; api: DoorRate }> {
  const done = { mcp: [] as Turn[], api: [] as Turn[] };
  for (let i = 0; i < turns; i++)
    for (const door of i % 2 ? (["api", "mcp"] as const) : (["mcp", "api"] as const)) {
      const spent = meter?.();
      const t0 = performance.now();
      const r = await run[door]();
      done[door].push({ ...r, ms: performance.now() - t0, cpuMs: spent?.() ?? 0 });
    }
  return { mcp: rateOf(done.mcp, !!meter), api: rateOf(done.api, !!meter) };
}

/** Each table's first agent reads its table for `seconds`, all tables at once. */
async function readsFor(tables: BenchTable[], callers: Call[], seconds: number) {
  const samples: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    tables.map(async (t, i) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        if (!(await callers[i]!("table_state", t.id))) failed++;
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, failed };
}

/**
 * Each table plays `acts` turns in order from the turn it is at (`t.turn`, read once before the first turn and kept
 * since): its agents (seats 2–4) pass through the door measured, its host (a cookie, no token) through the JSON API,
 * not counted as the door's call though its time is in the turn's (alike for both doors). A refused act (a clock pass
 * took the turn) reads the table again.
 */
async function actsFor(url: string, tables: BenchTable[], callers: Call[][], acts: number) {
  const samples: number[] = [];
  let failed = 0;
  await Promise.all(
    tables.map(async (t, i) => {
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
  return { samples, failed };
}

/**
 * `readTables` and `actTables` are distinct tables of the app's world; MCP and the JSON API take turns on each:
 * `turns` of each door, `seconds` of reads and `acts` acts a table in all.
 */
export async function mcpBeside(
  url: string,
  readTables: BenchTable[],
  actTables: BenchTable[],
  opts: { seconds: number; acts: number; turns: number; meter?: CpuMeter },
): Promise<McpResult> {
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
    await readsFor(readTables, readMcp, 1); // warm both
    await readsFor(readTables, readApi, 1);
    const turn = opts.seconds / opts.turns;
    const reads = await inTurns(
      opts.turns,
      { mcp: () => readsFor(readTables, readMcp, turn), api: () => readsFor(readTables, readApi, turn) },
      opts.meter,
    );
    for (const t of actTables) t.turn = await turnOf(url, t);
    const each = Math.max(1, Math.round(opts.acts / opts.turns));
    const acts = await inTurns(
      opts.turns,
      { mcp: () => actsFor(url, actTables, actMcp, each), api: () => actsFor(url, actTables, actApi, each) },
      opts.meter,
    );
    return { reads, acts };
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
  }
}
