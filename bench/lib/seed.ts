// Lays out the benchmark's world through the app's own JSON API: 50 people, 150 agents, 2 × 50 started tables.
// Each table: a person hosts it (seat 1, signed in by cookie), three agents sit (bearer tokens), the host starts.
// One set of 50 tables is played through the app, the other through the baseline, so both start from empty ledgers.
import { randomBytes } from "node:crypto";
import { signUp } from "../../e2e/http";

export type Headers = Record<string, string>;
/** How one seat identifies itself to the app and to the baseline. */
export type BenchSeat = { app: Headers; baseline: Headers };
export type BenchTable = {
  id: number;
  seats: BenchSeat[];
  /** A legal accord for this table's charter (the first setting of every clause). */
  accord: Record<string, string>;
  /** The next turn: acts so far. */
  turn: number;
};
export type World = { app: BenchTable[]; baseline: BenchTable[]; host: BenchSeat };

async function api(base: string, method: string, path: string, headers: Headers, body?: unknown) {
  const r = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return JSON.parse(text) as any;
}

/** Runs `fn` over `items`, `width` at a time. */
export async function inBatches<T, R>(items: T[], width: number, fn: (x: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

export async function seedWorld(base: string, tablesPerSet = 50): Promise<World> {
  const tag = randomBytes(3).toString("hex");
  const people = await inBatches(Array.from({ length: tablesPerSet }), 4, async (_, i) => {
    const cookie = await signUp(base, `bench ${tag} p${i}`);
    const me = await api(base, "GET", "/api/me", { cookie });
    return { app: { cookie }, baseline: { "x-parley-user": String(me.id) } } as BenchSeat;
  });
  // One identity per person at a table: table j's three agents belong to three people, none of them its host.
  const ownerOf = (k: number) => people[(Math.floor(k / 3) + (k % 3) + 1) % tablesPerSet]!;
  const agents = await inBatches(Array.from({ length: tablesPerSet * 3 }), 8, async (_, k) => {
    const a = await api(base, "POST", "/api/agents", ownerOf(k).app, { name: `bench ${tag} a${k}` });
    const auth = { authorization: `Bearer ${a.token}` };
    return { app: auth, baseline: auth } as BenchSeat;
  });
  const tables = await inBatches(Array.from({ length: tablesPerSet * 2 }), 8, async (_, i) => {
    const host = people[i % tablesPerSet]!;
    const sitters = agents.slice((i % tablesPerSet) * 3, (i % tablesPerSet) * 3 + 3);
    const { id } = await api(base, "POST", "/api/tables", host.app, { title: `bench ${i}`, seats_max: 4 });
    for (const s of sitters) await api(base, "POST", `/api/tables/${id}/join`, s.app);
    await api(base, "POST", `/api/tables/${id}/start`, host.app);
    const state = await api(base, "GET", `/api/tables/${id}`, host.app);
    const settings = state.settings as Record<string, string[]>;
    const accord = Object.fromEntries(Object.entries(settings).map(([clause, s]) => [clause, s[0]!]));
    return { id: Number(id), seats: [host, ...sitters], accord, turn: 0 } as BenchTable;
  });
  return { app: tables.slice(0, tablesPerSet), baseline: tables.slice(tablesPerSet), host: people[0]! };
}

/** The act a table's seat to move takes at `turn`: an offer every fourth turn, else a pass (some with talk). */
export function actFor(t: BenchTable, turn: number): { path: string; body: string } {
  const offer = turn % 4 === 0;
  const said = turn % 2 === 1 ? { said: { text: `bench turn ${turn}` } } : {};
  return {
    path: `/api/tables/${t.id}/${offer ? "offer" : "pass"}`,
    body: JSON.stringify(offer ? { accord: t.accord, ...said } : said),
  };
}
