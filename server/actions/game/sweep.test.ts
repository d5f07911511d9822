// The clock's sweeper on a real database: it writes what the clock owes — a pass when a window runs out, the end at
// the deadline, the house bots' turns — at every table that owes it, and leaves quiet tables alone.
import { describe, expect, it } from "vitest";
import type { Who } from "../../identity";
import { makeUser, type TestDatabase } from "../../testing/db";
import { databaseForFile } from "../../testing/lifecycle";
import { DAY, MIN, T0 } from "../../testing/tables";
import { act, fillWithBots, joinTable, openTable, runBots, startTable, tableState } from "./index";
import { settleClock } from "./append";
import { sweepTables } from "./sweep";

let db: TestDatabase;
databaseForFile((made) => (db = made));

const WINDOW = 6 * 60 * MIN; // the default turn window

async function table(title: string, opts: { bots?: boolean } = {}) {
  const host = await makeUser(db, `${title}-host`);
  const opened = await openTable(db.prisma, host, { title, seatsMax: 4 });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  const players: Who[] = [host];
  if (opts.bots) await fillWithBots(db.prisma, host, { tableId: id });
  else
    for (let i = 1; i < 4; i++) {
      const p = await makeUser(db, `${title}-p${i}`);
      await joinTable(db.prisma, p, { tableId: id }, T0);
      players.push(p);
    }
  expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
  return { id, players };
}

const ledger = async (tableId: number) =>
  (await db.prisma.act.findMany({ where: { tableId }, orderBy: { turn: "asc" } })).map((a) =>
    a.by === "clock" ? "clock" : a.type,
  );

describe("the sweeper", () => {
  it("leaves a table alone while the seat to act is inside its window", async () => {
    const { id, players } = await table("quiet");
    await act(db.prisma, players[0]!, "pass", { tableId: id }, T0 + 10 * MIN);
    await sweepTables(db, T0 + 10 * MIN + WINDOW - 1);
    expect(await ledger(id)).toEqual(["pass"]);
  });

  it("writes the clock's pass when a window runs out, once, at the table that owes it", async () => {
    const quiet = await table("still");
    const late = await table("late");
    await act(db.prisma, quiet.players[0]!, "pass", { tableId: quiet.id }, T0 + 5 * 60 * MIN);
    await sweepTables(db, T0 + WINDOW + 1);
    await sweepTables(db, T0 + WINDOW + 2);
    expect(await ledger(late.id)).toEqual(["clock"]);
    expect(await ledger(quiet.id)).toEqual(["pass"]);
  });

  it("ends a table at its deadline", async () => {
    const { id } = await table("ending");
    await sweepTables(db, T0 + DAY);
    const row = await db.prisma.gameTable.findUniqueOrThrow({ where: { id } });
    expect(row.outcome).toBe("ended");
    expect(row.finishedAt).not.toBeNull();
  });

  it("lets the house bots take their turns once the clock has passed for the person", async () => {
    const { id } = await table("bots", { bots: true });
    await sweepTables(db, T0 + WINDOW + 1);
    const acts = await ledger(id);
    expect(acts[0]).toBe("clock");
    expect(acts).toHaveLength(4); // the person's pass by the clock, then each of the three bots
  });

  it("a house bot waits its pause after the act before its turn, as a person would, one bot per pause", async () => {
    const { id } = await table("paused", { bots: true });
    const PAUSE = 3_000;
    // The person's window runs out: the clock passes for it at the window's end (no bot runs with that write).
    const at = T0 + WINDOW;
    expect(await settleClock(db.prisma, id, at)).toBe(1);
    // Just after, the first bot is still "thinking"; a pause later it acts, and the next bot waits its own pause.
    expect(await runBots(db.prisma, id, at + PAUSE - 1, PAUSE)).toBe(0);
    expect(await runBots(db.prisma, id, at + PAUSE, PAUSE)).toBe(1);
    expect(await runBots(db.prisma, id, at + PAUSE + 1, PAUSE)).toBe(0);
    expect(await runBots(db.prisma, id, at + 2 * PAUSE, PAUSE)).toBe(1);
    expect(await ledger(id)).toHaveLength(3);
  });

  it("with no pause, a bot still never acts in the same instant as the act before it", async () => {
    const { id, players } = await table("instant", { bots: true });
    // The person passes; in the same request the three bots take their turns (the tests run with no pause), each
    // 1 ms after the act before it.
    const at = T0 + 10 * MIN;
    await act(db.prisma, players[0]!, "pass", { tableId: id }, at);
    const times = (await db.prisma.act.findMany({ where: { tableId: id }, orderBy: { turn: "asc" } })).map(
      (a) => a.at.getTime(),
    );
    expect(times).toEqual([at, at + 1, at + 2, at + 3]);
  });

  it("seats the house's characters, each with its strategy, public beside its name", async () => {
    const { id, players } = await table("characters", { bots: true });
    const s = await tableState(db.prisma, players[0]!, { tableId: id }, T0);
    expect(s.ok && s.value.seats.map((x) => [x.name, x.strategy])).toEqual([
      [players[0]!.kind === "user" ? players[0]!.name : "", null],
      ["Bosun", "cooperative"],
      ["Gull", "bluffer"],
      ["Skerry", "hard"],
    ]);
  });
});
