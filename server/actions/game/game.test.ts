// Sworn & Said through the actions, on a real database: a table opened, filled, started and played to the end,
// the refusals of every step, redaction for every kind of viewer, races for one turn, and the clock on read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../agents";
import { ANON, type Who } from "../../identity";
import { derive, score, WORKED_EXAMPLE } from "../../rules/game";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import {
  act,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  openTable,
  startTable,
  tableRecord,
  tableState,
  waitForTurn,
} from "./index";
import { settleClock } from "./append";
import { loadTable } from "./load";
import { renewWaitingTable, seedGameDemo } from "./demo";
import { verifyDeal } from "./verify";
import { fixedClock } from "../../clock";

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const T0 = Date.parse("2026-11-29T09:00:00Z");
const clock = fixedClock(T0);
const MIN = 60_000;
const DAY = 24 * 60 * MIN; // the default deadline

async function agentOf(owner: Who & { kind: "user" }, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token))!;
}

async function startedTable(title: string, seats = 4, startAt = T0) {
  const host = await makeUser(db, `${title}-host`);
  const opened = await openTable(db.prisma, host, { title, seats_max: seats });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  const others: Who[] = [];
  for (let i = 1; i < seats; i++) {
    const p = await makeUser(db, `${title}-p${i}`);
    expect(await joinTable(db.prisma, p, { tableId: id }, startAt)).toMatchObject({
      ok: true,
      value: { seat: i },
    });
    others.push(p);
  }
  expect(await startTable(db.prisma, host, { tableId: id }, startAt)).toMatchObject({ ok: true });
  return { id, players: [host, ...others] as Who[], host };
}

describe("opening and sitting", () => {
  it("a person opens a table and takes seat 1; others sit, leave and the host starts at 4", async () => {
    const host = await makeUser(db, "hostA");
    const r = await openTable(db.prisma, host, { title: "  The Wreck  ", seats_max: 5 });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.id : 0;
    const s = await tableState(db.prisma, host, { tableId: id }, T0);
    expect(s).toMatchObject({
      ok: true,
      value: {
        title: "The Wreck",
        status: "open",
        yourSeat: 0,
        seats: [{ name: "hostA", kind: "person", you: true }],
      },
    });
    expect(s.ok && s.value.lobby).toMatchObject({
      start: "A table starts with at least 4 seats taken; 1 is.",
      join: "You already hold a seat at this table.",
    });
    const b = await makeUser(db, "sitterB");
    const agent = await agentOf(await makeUser(db, "ownerC"), "c-agent");
    expect(await joinTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 1 },
    });
    expect(await joinTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({ ok: false, code: "conflict" });
    // One identity per person: b's own agent may not sit beside b (it would read a second charge).
    expect(await joinTable(db.prisma, await agentOf(b, "b-agent"), { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringContaining("one identity per person"),
    });
    expect(await joinTable(db.prisma, agent, { tableId: id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 2 },
    });
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await startTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await leaveTable(db.prisma, host, { tableId: id })).toMatchObject({ ok: false, code: "conflict" });
    expect(await leaveTable(db.prisma, b, { tableId: id })).toMatchObject({ ok: true });
    expect(await leaveTable(db.prisma, b, { tableId: id })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await fillWithBots(db.prisma, b, { tableId: id })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await fillWithBots(db.prisma, host, { tableId: id, count: 9 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({
      ok: true,
      value: { seated: 3 },
    });
    expect(await joinTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({ ok: false, code: "conflict" });
    const full = await tableState(db.prisma, ANON, { tableId: id }, T0);
    expect(full.ok && full.value.seats.map((x) => x.kind)).toEqual(["person", "agent", "bot", "bot", "bot"]);
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await leaveTable(db.prisma, agent, { tableId: id })).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });

  it("refuses bad input by name and never a crash", async () => {
    const p = await makeUser(db, "badInput");
    expect(await openTable(db.prisma, ANON, { title: "x" })).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    expect(await openTable(db.prisma, p, { title: "   " })).toMatchObject({ ok: false, code: "invalid" });
    expect(await openTable(db.prisma, p, { title: "x".repeat(81) })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await openTable(db.prisma, p, { title: "ok", seats_max: 7 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await openTable(db.prisma, p, { title: "ok", turn_window_ms: 60_000 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(
      await openTable(db.prisma, p, {
        title: "ok",
        turn_window_ms: 6 * 60 * MIN,
        deadline_ms: 10 * 60 * MIN,
      }),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(await openTable(db.prisma, p, { title: "ok", surprise: true })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    // An id that is not plain digits never reaches the action: every door parses it first (server/doors/game.test.ts).
    expect(await tableState(db.prisma, p, { tableId: 987654 }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });
});

describe("playing through the actions", () => {
  it("only the seat to act may act; accords are checked; said is capped; the refusal is one sentence", async () => {
    const { id, players } = await startedTable("turns");
    const [a, b] = players as [Who, Who];
    const state = await tableState(db.prisma, a, { tableId: id }, T0 + MIN);
    if (!state.ok || !state.value.game) throw new Error("no game");
    const charter = state.value.game.charter;
    expect(state.value.game.may).toMatchObject({ offer: true, pass: true });
    expect(typeof state.value.game.may!.accept).toBe("string");
    expect(await act(db.prisma, b, "pass", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await act(db.prisma, ANON, "pass", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    const outsider = await makeUser(db, "outsider");
    expect(await act(db.prisma, outsider, "pass", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(
      await act(db.prisma, a, "offer", { tableId: id, body: { accord: { beacon: "kept" } } }, T0 + MIN),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(
      await act(db.prisma, a, "offer", { tableId: id, body: { accord: "nonsense" } }, T0 + MIN),
    ).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(
      await act(db.prisma, a, "pass", { tableId: id, body: { said: { text: "x".repeat(281) } } }, T0 + MIN),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(
      await act(
        db.prisma,
        a,
        "pass",
        { tableId: id, body: { said: { claims: [{ clause: "moon", setting: "full" }] } } },
        T0 + MIN,
      ),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(await act(db.prisma, a, "accept", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    const accord = Object.fromEntries(
      charter.map((c) => [c, state.value.game!.acts.length >= 0 ? pickSetting(c) : ""]),
    );
    const r = await act(
      db.prisma,
      a,
      "offer",
      { tableId: id, body: { accord, said: { text: "A fair start" } } },
      T0 + MIN,
    );
    expect(r).toMatchObject({ ok: true, value: { seat: 0, turn: 0, status: "playing" } });
    const after = await tableState(db.prisma, b, { tableId: id }, T0 + 2 * MIN);
    expect(after.ok && after.value.game?.standingOffer?.accord).toEqual(accord);
    expect(after.ok && after.value.game?.turn).toBe(1);
    const rows = await db.prisma.act.count({ where: { tableId: id } });
    expect(rows).toBe(1); // nothing of the refused acts was written
  });

  it("a full game with bots reaches its end, reveals every charge and the seed, and publishes the record", async () => {
    const host = await makeUser(db, "solo");
    const o = await openTable(db.prisma, host, { title: "solo vs bots", seats_max: 4 });
    const id = o.ok ? o.value.id : 0;
    await fillWithBots(db.prisma, host, { tableId: id });
    await startTable(db.prisma, host, { tableId: id }, T0);
    expect(await tableRecord(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    let now = T0;
    for (let i = 0; i < 60; i++) {
      now += MIN;
      const s = await tableState(db.prisma, host, { tableId: id }, now);
      if (!s.ok) throw new Error(s.message);
      if (s.value.status !== "playing") break;
      const g = s.value.game!;
      if (g.turn !== s.value.yourSeat) continue;
      if (g.may!.accept === true) await act(db.prisma, host, "accept", { tableId: id }, now);
      else
        await act(
          db.prisma,
          host,
          "pass",
          {
            tableId: id,
            body: {
              said: {
                claims: g.charge!.aims.slice(0, 1).map(({ clause, setting }) => ({ clause, setting })),
              },
            },
          },
          now,
        );
    }
    // The house bots hold out on the table's clock: what an hour of play did not settle, the deadline ends.
    const first = await tableState(db.prisma, ANON, { tableId: id }, now);
    if (first.ok && first.value.status === "playing") now = T0 + DAY;
    const end = await tableState(db.prisma, ANON, { tableId: id }, now);
    if (!end.ok) throw new Error(end.message);
    expect(["bound", "ended"]).toContain(end.value.status);
    expect(end.value.game!.charges).toHaveLength(4);
    expect(end.value.seed).toMatch(/^[0-9a-f]{64}$/);
    const rec = await tableRecord(db.prisma, ANON, { tableId: id }, now);
    expect(rec.ok && rec.value.seed).toBe(end.value.seed);
    expect(rec.ok && rec.value.seats).toEqual(["solo", "Bosun", "Gull", "Skerry"]);
    if (end.value.status === "bound") {
      const offer = end.value.game!.standingOffer!.accord;
      expect(end.value.game!.payoffs).toEqual(end.value.game!.charges!.map((c) => score(c, offer)));
    }
    const verified = await verifyDeal(db.prisma, ANON, { tableId: id }, now);
    expect(verified).toMatchObject({
      ok: true,
      value: {
        dealt: true,
        commitment: { matches: true },
        charter: { matches: true },
        charges: { matches: true },
      },
    });
    const lobby = await listTables(db.prisma, host, T0);
    expect(lobby.ok && lobby.value.tables.find((t) => t.id === id)).toMatchObject({
      status: end.value.status,
      yours: true,
    });
  });
});

describe("who sees what (§9)", () => {
  it("a guest, an outsider, an admin without a seat and another player see no charge; a player sees only its own", async () => {
    const { id, players } = await startedTable("redaction", 5);
    const loaded = (await loadTable(db.prisma, id))!;
    const charges = loaded.game!.charges;
    const admin = { ...(await makeUser(db, "root-admin")), admin: true };
    const outsider = await makeUser(db, "watcher");
    for (const viewer of [ANON, admin, outsider]) {
      const s = await tableState(db.prisma, viewer, { tableId: id }, T0 + MIN);
      const text = JSON.stringify(s);
      expect(s.ok && s.value.game?.charge).toBeNull();
      expect(s.ok && s.value.game?.may).toBeNull();
      expect(s.ok && s.value.seed).toBeNull();
      expect(text).not.toContain(loaded.table.seed!);
      expect(text).not.toContain('"fallback"');
      expect(text).not.toContain('"aims"');
    }
    for (const [i, p] of players.entries()) {
      const s = await tableState(db.prisma, p, { tableId: id }, T0 + MIN);
      expect(s.ok && s.value.game?.charge).toEqual(charges[i]);
      expect(s.ok && s.value.game?.charges).toBeNull();
      expect(JSON.stringify(s).match(/"aims"/g)).toHaveLength(1);
    }
  });
});

describe("races and the clock", () => {
  it("concurrent acts for one turn: exactly one lands, the rest are conflicts, nothing half written", async () => {
    const { id, players } = await startedTable("race");
    const a = players[0]!;
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => act(db.prisma, a, "pass", { tableId: id }, T0 + MIN)),
    );
    expect(tries.filter((t) => t.ok)).toHaveLength(1);
    expect(tries.filter((t) => !t.ok).every((t) => !t.ok && t.code === "conflict")).toBe(true);
    expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(1);
    // the act, its event and the next seat's notice (with its news on that person's topic) are written once: a loser
    // wrote none of them
    expect(await db.prisma.event.count({ where: { topic: `table:${id}`, type: "act" } })).toBe(1);
    const next = players[1]! as Who & { kind: "user" };
    expect(
      await db.prisma.notification.count({ where: { recipient: `user:${next.userId}`, kind: "turn" } }),
    ).toBe(1);
    const news = await db.prisma.event.findMany({
      where: { topic: `user:${next.userId}`, type: "notification.new" },
      orderBy: { id: "asc" },
    });
    const actEvent = await db.prisma.event.findFirstOrThrow({ where: { topic: `table:${id}`, type: "act" } });
    expect(news.at(-1)!.id > actEvent.id).toBe(true);
  });

  it("the clock passes for a seat whose window ran out: a late act is refused, the pass is written once", async () => {
    const { id, players } = await startedTable("clock");
    const sixHours = 6 * 60 * MIN;
    const late = await act(db.prisma, players[0]!, "pass", { tableId: id }, T0 + sixHours + 1);
    expect(late).toMatchObject({ ok: false, code: "conflict" });
    expect(!late.ok && late.message).toMatch(/window ran out/);
    expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(1); // the refusal still wrote the clock's pass
    const s = await tableState(db.prisma, ANON, { tableId: id }, T0 + sixHours + 2);
    expect(s.ok && s.value.game?.acts.map((x) => (x.type === "pass" ? x.by : x.type))).toEqual(["clock"]);
    expect(s.ok && s.value.game?.acts[0]?.at).toBe(T0 + sixHours);
    expect(s.ok && s.value.game?.turn).toBe(1);
    expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(1);
    // two windows later, read alone writes the next pass (the sweeper does the same)
    const s2 = await tableState(db.prisma, ANON, { tableId: id }, T0 + 2 * sixHours + 5);
    expect(s2.ok && s2.value.game?.turn).toBe(2);
    expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(2);
  });

  it("at the deadline the table ends unsettled with fallbacks, and takes no act", async () => {
    const { id, players } = await startedTable("deadline");
    const day = 24 * 60 * MIN;
    const s = await tableState(db.prisma, ANON, { tableId: id }, T0 + day);
    if (!s.ok) throw new Error(s.message);
    expect(s.value.status).toBe("ended");
    expect(s.value.game!.payoffs).toEqual(s.value.game!.charges!.map((c) => c.fallback));
    expect(await act(db.prisma, players[0]!, "pass", { tableId: id }, T0 + day + 1)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    const row = await db.prisma.gameTable.findUniqueOrThrow({ where: { id } });
    expect(row.outcome).toBe("ended");
  });

  it("readers racing past the deadline announce the end once", async () => {
    const { id } = await startedTable("deadline-race");
    const day = 24 * 60 * MIN;
    await Promise.all(Array.from({ length: 4 }, () => settleClock(db.prisma, id, T0 + day + 5)));
    const ends = await db.prisma.event.count({ where: { topic: `table:${id}`, type: "table.finished" } });
    expect(ends).toBe(1);
  });

  it("wait_for_turn returns when the seat may act", async () => {
    const { id, players } = await startedTable("waiting", 4, T0);
    const second = players[1]!;
    const waiting = waitForTurn(db.prisma, second, { tableId: id, timeoutMs: 10_000 }, clock);
    await new Promise((r) => setTimeout(r, 200));
    await act(db.prisma, players[0]!, "pass", { tableId: id }, T0);
    const r = await waiting;
    expect(r).toMatchObject({ ok: true, value: { yourTurn: true, timedOut: false } });
    const r2 = await waitForTurn(db.prisma, players[0]!, { tableId: id, timeoutMs: 300 }, clock);
    expect(r2).toMatchObject({ ok: true, value: { yourTurn: false, timedOut: true } });
  });
});

describe("the demo", () => {
  it("lays out the worked example as a finished table and a table of three bots that starts when you sit", async () => {
    await seedGameDemo(db);
    const list = await listTables(db.prisma, ANON, T0);
    const tables = list.ok ? list.value.tables : [];
    const worked = tables.find((t) => t.title.startsWith("The worked example"))!;
    const waiting = tables.find((t) => t.title === "Three house bots wait for you")!;
    expect(worked.status).toBe("bound");
    const ws = await tableState(db.prisma, ANON, { tableId: worked.id }, T0);
    expect(ws.ok && ws.value.game?.payoffs).toEqual([6, 3, 3, 3, 5]);
    expect(ws.ok && ws.value.game?.said.find((x) => x.clause === "ledger")?.truthful).toBe(true);
    expect(derive(WORKED_EXAMPLE.game).status).toBe("bound");
    expect(await verifyDeal(db.prisma, ANON, { tableId: worked.id }, T0)).toMatchObject({
      ok: true,
      value: { dealt: false, reason: "laid by hand" },
    });
    expect(await verifyDeal(db.prisma, ANON, { tableId: waiting.id }, T0)).toMatchObject({
      ok: true,
      value: { dealt: false, reason: "not revealed" },
    });
    const newcomer = await makeUser(db, "newcomer");
    expect(await joinTable(db.prisma, newcomer, { tableId: waiting.id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 3 },
    });
    const s = await tableState(db.prisma, newcomer, { tableId: waiting.id }, T0 + 10);
    expect(s.ok && s.value.status).toBe("playing");
    expect(s.ok && s.value.game?.charge?.aims).toHaveLength(3);
    // The three bots took their turns before the newcomer's, each saying one of its aims at most: nobody's whole
    // charge, and nothing bound. The newcomer has a game to play.
    const acts = s.ok ? (s.value.game?.acts ?? []) : [];
    expect(acts.map((a) => a.seat)).toEqual([0, 1, 2]);
    for (const a of acts) expect((a.said?.claims ?? []).length).toBeLessThanOrEqual(1);
    expect(s.ok && s.value.game?.turn).toBe(3);
    // It filled and started: a fresh one waits for the next newcomer, one of each house character, and only one.
    const after = await listTables(db.prisma, ANON, T0);
    const open = (after.ok ? after.value.tables : []).filter(
      (t) => t.title === "Three house bots wait for you" && t.status === "open",
    );
    expect(open).toHaveLength(1);
    expect(open[0]!.id).not.toBe(waiting.id);
    const fresh = await tableState(db.prisma, ANON, { tableId: open[0]!.id }, T0);
    expect(fresh.ok && fresh.value.seats.map((x) => x.strategy)).toEqual(["cooperative", "bluffer", "hard"]);
    // A table someone else hosts filling up opens nothing.
    await renewWaitingTable(db.prisma, newcomer.userId);
    const still = await listTables(db.prisma, ANON, T0);
    expect(
      (still.ok ? still.value.tables : []).filter((t) => t.status === "open" && t.title === open[0]!.title),
    ).toHaveLength(1);
  });
});

/** The first setting of a clause, by the pool; any valid setting will do for these tests. */
function pickSetting(clause: string): string {
  const first: Record<string, string> = {
    beacon: "kept",
    hold: "sealed",
    ledger: "redacted",
    pilot: "reinstated",
    name: "kept",
    chart: "locked",
    salvage: "to_the_finders",
    cargo: "landed",
    inquiry: "held",
    flag: "flown",
  };
  return first[clause]!;
}
