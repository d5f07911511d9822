// Round trips per request, counted where they happen: every statement the app's PostgreSQL pool sends (BEGIN and
// COMMIT included) while one act, and one read, goes through the JSON API's door in this process — who asks (a
// bearer token), the rate limit, the action — and how many of them follow one another (the rest overlap). The pg
// client's query method is wrapped for the count; nothing else changes. PostgreSQL only (the embedded database has
// no round trips).
import pg from "pg";
import { wallClock } from "../../server/clock";
import { openDatabase } from "../../server/db";
import { createAgent, whoForToken } from "../../server/actions/agents";
import { joinTable, openTable, startTable } from "../../server/actions/game";
import { api } from "../../server/testing/doors";
import { makeUser } from "../../server/testing/db";
import { identityKey, type Who } from "../../server/identity";
import { rateLimit as charge } from "../../server/http/limits";

export type StatementCount = {
  act: number;
  read: number;
  who: number;
  /** Round trips one after the other: statements sent while another was out (the floor's read ahead) overlap. */
  inSequence: { act: number; read: number };
  /** The same, for a call whose points this process had charged ahead (server/http/prepaid.ts): no charge sent. */
  paid: { act: number; read: number; inSequence: { act: number; read: number } };
  texts: { act: string[]; read: string[] };
};

/** `rateLimit`: the servers' PARLEY_RATE_LIMIT, which decides how many points a charge takes ahead. */
export async function countStatements(url: string, rateLimit: number): Promise<StatementCount> {
  const budget = process.env.PARLEY_RATE_LIMIT;
  process.env.PARLEY_RATE_LIMIT = String(rateLimit);
  const db = await openDatabase(url);
  const seen: string[] = [];
  // A statement sent while none is out starts a new round trip in sequence; one sent while another is out overlaps.
  let out = 0;
  let steps = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    seen.push((typeof q === "string" ? q : (q?.text ?? "?")).replace(/\s+/g, " ").slice(0, 90));
    if (out++ === 0) steps++;
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function")
      args[last] = (...r: unknown[]) => {
        out--;
        return (callback as (...a: unknown[]) => unknown)(...r);
      };
    const sent = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof callback !== "function") void Promise.resolve(sent).finally(() => out--);
    return sent;
  } as typeof query;
  const count = async (fn: () => Promise<unknown>) => {
    seen.length = 0;
    steps = 0;
    await fn();
    return Object.assign([...seen], { steps });
  };
  try {
    const tag = Math.random().toString(36).slice(2, 8);
    const host = await makeUser(db, `stmt ${tag} host`);
    const seats: Who[] = [host];
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const owner = await makeUser(db, `stmt ${tag} p${i}`);
      const a = await createAgent(db.prisma, owner, { name: `stmt ${tag} a${i}` });
      if (!a.ok) throw new Error(a.message);
      tokens.push(a.value.token);
      seats.push((await whoForToken(db.prisma, a.value.token))!);
    }
    const t = await openTable(db.prisma, host, { title: `stmt ${tag}`, seatsMax: 4 });
    if (!t.ok) throw new Error(t.message);
    const id = t.value.id;
    for (const s of seats.slice(1)) await joinTable(db.prisma, s, { tableId: id }, wallClock());
    await startTable(db.prisma, host, { tableId: id }, wallClock());
    // Seat 0 (the host) is to move; then seat 1 reads.
    const door = (who: Who) => api(db.prisma, who, { clock: wallClock });
    await door(host)("POST", `/api/tables/${id}/pass`, {}); // warm: the first call prepares what later calls reuse
    const who = await count(() => whoForToken(db.prisma, tokens[0]!));
    const act = await count(async () => {
      const r = await door(seats[1]!)("POST", `/api/tables/${id}/pass`, {});
      if (r.status !== 200) throw new Error(`the counted act was refused: ${JSON.stringify(r.body)}`);
    });
    const read = await count(async () => {
      const r = await door(seats[1]!)("GET", `/api/tables/${id}`);
      if (r.status !== 200) throw new Error(`the counted read was refused: ${JSON.stringify(r.body)}`);
    });
    // The same caller's next calls: its second read's charge takes points ahead, and its third is paid from them.
    await door(seats[1]!)("GET", `/api/tables/${id}`);
    const paidRead = await count(() => door(seats[1]!)("GET", `/api/tables/${id}`));
    // Seat 2, whose turn it is: two charges of its writes first, as its two acts before would have made.
    for (let i = 0; i < 2; i++) await charge(db.prisma, identityKey(seats[2]!), "write");
    const paidAct = await count(async () => {
      const r = await door(seats[2]!)("POST", `/api/tables/${id}/pass`, {});
      if (r.status !== 200) throw new Error(`the counted act was refused: ${JSON.stringify(r.body)}`);
    });
    return {
      who: who.length,
      act: act.length + who.length,
      read: read.length + who.length,
      inSequence: { act: act.steps + who.steps, read: read.steps + who.steps },
      paid: {
        act: paidAct.length + who.length,
        read: paidRead.length + who.length,
        inSequence: { act: paidAct.steps + who.steps, read: paidRead.steps + who.steps },
      },
      texts: { act, read },
    };
  } finally {
    pg.Client.prototype.query = query;
    await db.close();
    if (budget === undefined) delete process.env.PARLEY_RATE_LIMIT;
    else process.env.PARLEY_RATE_LIMIT = budget;
  }
}
