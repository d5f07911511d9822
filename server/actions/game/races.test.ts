// Races and the clock at a table, through the actions on a real database: one act per turn, a window that ran out,
// the deadline, readers racing past it, and the long poll for one's turn.
import { describe, expect, it } from "vitest";
import { ANON, type Who } from "../../identity";
import { act, tableState, waitForTurn } from "./index";
import { settleClock } from "./append";
import { clock, db, MIN, startedTable, T0, useTablesDatabase } from "../../testing/tables";

useTablesDatabase();

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
