// An act judged on the table as this process keeps it (server/actions/game/append.ts): written only if the table is
// still as kept, else refused by the write and judged again on the table as read.
import { describe, expect, it } from "vitest";
import { makeUser } from "../../testing/db";
import type { Who } from "../../identity";
import { act } from "./index";
import { asJsonb, loadTable, tablesRead } from "./load";
import { settingsOf } from "../../rules/game/pool";
import { db, MIN, T0, useTablesDatabase } from "../../testing/tables";
import { expectWhole, passElsewhere, playedTable, readWhole, texts } from "../../testing/ledger";

useTablesDatabase();

describe("an act on the table as kept", () => {
  const pass = (who: Who, id: number, turn: number, text = `turn ${turn}`) =>
    act(db.prisma, who, "pass", { tableId: id, body: { said: { text } } }, T0 + (turn + 1) * MIN);

  it("reads nothing while the table is as kept, and the ledger it keeps is the ledger as read", async () => {
    const { id, players } = await playedTable("askept-quiet");
    await loadTable(db.prisma, id);
    const before = tablesRead.count;
    for (let turn = 0; turn < 6; turn++)
      expect(await pass(players[turn % 4]!, id, turn)).toMatchObject({ ok: true, value: { turn } });
    expect(tablesRead.count).toBe(before);
    const kept = await loadTable(db.prisma, id);
    expect(texts(kept)).toEqual([0, 1, 2, 3, 4, 5].map((t) => `turn ${t}`));
    await expectWhole(id, kept);
  });

  it("is refused by the write when a part changed behind its back, and judged again on the table as read", async () => {
    const { id, players } = await playedTable("askept-seat");
    await pass(players[0]!, id, 0);
    // Seat 1 changes hands behind the process's back: its old holder is refused as the table now stands.
    const other = await makeUser(db, "askept-seat-other");
    await db.sql.exec(
      `UPDATE "Seat" SET "userId" = ${other.userId} WHERE "tableId" = ${id} AND position = 1`,
    );
    const before = tablesRead.count;
    expect(await pass(players[1]!, id, 1)).toMatchObject({ ok: false, code: "forbidden" });
    expect(tablesRead.count).toBe(before + 1);
    expect(await pass(other, id, 1)).toMatchObject({ ok: true, value: { turn: 1 } });
    expect(texts(await readWhole(id))).toEqual(["turn 0", "turn 1"]);
  });

  it("lands on the next turn when another process took the turn it kept as free; the seat that lost it is told", async () => {
    const { id, players } = await playedTable("askept-turn");
    await pass(players[0]!, id, 0);
    // Another process writes turn 1 (seat 1's pass), unseen here.
    await passElsewhere(id, 1, "elsewhere");
    // Seat 1, judged on the ledger as kept, would take turn 1; the turn is taken, so it is judged as read.
    expect(await pass(players[1]!, id, 1, "late")).toMatchObject({ ok: false, code: "conflict" });
    // Seat 2's turn as the table stands, though not as kept: judged as read, it lands.
    expect(await pass(players[2]!, id, 2)).toMatchObject({ ok: true, value: { turn: 2 } });
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0", "elsewhere", "turn 2"]);
    await expectWhole(id, await loadTable(db.prisma, id));
  });

  it("is refused by the write when the act before is not the one kept (a database restored from a backup)", async () => {
    const { id, players } = await playedTable("askept-restored");
    await pass(players[0]!, id, 0);
    await pass(players[1]!, id, 1);
    // Restored to turn 0 and played on elsewhere: turn 1 is another act now, and turn 2 is free.
    await db.sql.exec(`DELETE FROM "Act" WHERE "tableId" = ${id} AND turn = 1`);
    await passElsewhere(id, 1, "restored");
    expect(await pass(players[2]!, id, 2)).toMatchObject({ ok: true, value: { turn: 2 } });
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0", "restored", "turn 2"]);
    await expectWhole(id, await loadTable(db.prisma, id));
  });

  it("the guard: true for the table as kept, PA001 for another stamp or another act before", async () => {
    const { id, players } = await playedTable("askept-guard");
    await pass(players[0]!, id, 0);
    const [row] = await db.sql.query<{ stamp: string; act: number }>(
      `SELECT t.stamp::text AS stamp, a.id AS act FROM "GameTable" t JOIN "Act" a ON a."tableId" = t.id
       WHERE t.id = ${id} AND a.turn = 0`,
    );
    const guard = (stamp: string | null, turn: number, before: number | null) =>
      db.sql.query(`SELECT "parley_as_kept"($1, $2::uuid, $3, $4) AS ok`, [id, stamp, turn, before]);
    expect(await guard(row!.stamp, 1, row!.act)).toEqual([{ ok: true }]);
    expect(await guard(null, 1, null)).toEqual([{ ok: true }]);
    await expect(guard(row!.stamp, 1, row!.act + 1)).rejects.toMatchObject({ code: "PA001" });
    await expect(guard("00000000-0000-4000-8000-000000000000", 1, row!.act)).rejects.toMatchObject({
      code: "PA001",
    });
  });
});

describe("an act kept as written reads as one read back", () => {
  /** Every object's keys, depth first: the order a page lists them in. */
  const keysOf = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(keysOf)
      : v && typeof v === "object"
        ? Object.entries(v).map(([k, x]) => [k, keysOf(x)])
        : v;

  it("orders an object's keys as jsonb gives them back", async () => {
    const value = {
      salvage: "b",
      name: "a",
      hold: { zz: 1, a: 2, é: 3, e: [{ bb: 1, c: 2 }] },
      ü: null,
      z: undefined,
      chart: "c",
    };
    const [row] = await db.sql.query<{ v: unknown }>(`SELECT $1::jsonb AS v`, [JSON.stringify(value)]);
    expect(keysOf(asJsonb(value))).toEqual(keysOf(row!.v));
    expect(asJsonb(value)).toEqual(row!.v);
  });

  it("lists an offer's clauses in the same order, written here or read", async () => {
    const { id, players } = await playedTable("askept-order");
    const charter = (await loadTable(db.prisma, id))!.game!.charter;
    const accord = Object.fromEntries(charter.map((c) => [c, settingsOf(c)![0]!]));
    expect(
      await act(db.prisma, players[0]!, "offer", { tableId: id, body: { accord } }, T0 + MIN),
    ).toMatchObject({
      ok: true,
      value: { turn: 0 },
    });
    const before = tablesRead.count;
    const kept = (await loadTable(db.prisma, id))!.game!.acts[0]!;
    expect(tablesRead.count).toBe(before + 1);
    const read = (await readWhole(id))!.game!.acts[0]!;
    expect(kept.type === "offer" && Object.keys(kept.accord)).toEqual(
      read.type === "offer" && Object.keys(read.accord),
    );
  });
});
