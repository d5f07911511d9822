// A table's read keeps the acts it has read (server/actions/game/load.ts): the next read of that table asks only for
// the acts written since. What it answers is always the ledger as it stands: the same acts, in order, as a read
// that keeps nothing (inside a transaction), whoever wrote them; a ledger not as remembered is read whole again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import type { Who } from "../../identity";
import { act, joinTable, openTable, startTable } from "./index";
import { loadTable, type LoadedTable } from "./load";
import { hideSaid } from "../moderation";
import { HIDDEN_TEXT } from "../../rules/moderation";

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const T0 = Date.parse("2026-11-29T09:00:00Z");
const MIN = 60_000;

async function startedTable(title: string) {
  const host = await makeUser(db, `${title}-host`);
  const opened = await openTable(db.prisma, host, { title, seats_max: 4 });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  const players: Who[] = [host];
  for (let i = 1; i < 4; i++) {
    const p = await makeUser(db, `${title}-p${i}`);
    expect(await joinTable(db.prisma, p, { id }, T0)).toMatchObject({ ok: true });
    players.push(p);
  }
  expect(await startTable(db.prisma, host, { id }, T0)).toMatchObject({ ok: true });
  /** `n` passes with talk, each by the seat whose turn it is, a minute apart from `from`. */
  const pass = async (from: number, n: number) => {
    for (let turn = from; turn < from + n; turn++)
      expect(
        await act(
          db.prisma,
          players[turn % 4]!,
          "pass",
          { id, body: { said: { text: `turn ${turn}` } } },
          T0 + (turn + 1) * MIN,
        ),
      ).toMatchObject({ ok: true, value: { turn } });
  };
  return { id, pass };
}

/** The table read inside a transaction, whose client keeps nothing: the ledger as it stands. */
const readWhole = (id: number) => db.prisma.$transaction((tx) => loadTable(tx, id));
const texts = (loaded: LoadedTable | null) => loaded!.game!.acts.map((a) => a.said?.text);

describe("a table's read keeps the acts it read", () => {
  it("reads the acts written since, after the ones it kept, in order: what a read that keeps nothing reads", async () => {
    const { id, pass } = await startedTable("kept-order");
    await pass(0, 3);
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0", "turn 1", "turn 2"]);
    await pass(3, 4);
    const again = await loadTable(db.prisma, id);
    expect(texts(again)).toEqual([0, 1, 2, 3, 4, 5, 6].map((t) => `turn ${t}`));
    expect(again).toEqual(await readWhole(id));
    // Nothing new: the same ledger again.
    expect(await loadTable(db.prisma, id)).toEqual(again);
  });

  it("does not read again an act it kept (acts are never changed once written)", async () => {
    const { id, pass } = await startedTable("kept-once");
    await pass(0, 2);
    await loadTable(db.prisma, id);
    // Changed behind its back, which no door does: the kept act is what the read answers, the whole read shows it.
    await db.sql.exec(`UPDATE "Act" SET said = '{"text":"rewritten"}' WHERE "tableId" = ${id} AND turn = 0`);
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0", "turn 1"]);
    expect(texts(await readWhole(id))).toEqual(["rewritten", "turn 1"]);
  });

  it("reads the ledger whole when the act before the new ones is not the one it kept", async () => {
    const { id, pass } = await startedTable("kept-restored");
    await pass(0, 3);
    expect(texts(await loadTable(db.prisma, id))).toHaveLength(3);
    // As a database restored from an earlier backup, then played on: from turn 1 on, other acts (written here as
    // they stand in the database; a door's act would read the table first, and so read it whole itself).
    await db.sql.exec(`DELETE FROM "Act" WHERE "tableId" = ${id} AND turn >= 1`);
    await db.sql.exec(`UPDATE "Act" SET said = '{"text":"restored 0"}' WHERE "tableId" = ${id} AND turn = 0`);
    for (const turn of [1, 2, 3])
      await db.sql.exec(
        `INSERT INTO "Act" ("tableId", turn, seat, type, said, at)
         VALUES (${id}, ${turn}, ${turn % 4}, 'pass', '{"text":"again ${turn}"}', '${new Date(T0 + (turn + 1) * MIN).toISOString()}')`,
      );
    const read = await loadTable(db.prisma, id);
    expect(texts(read)).toEqual(["restored 0", "again 1", "again 2", "again 3"]);
    expect(read).toEqual(await readWhole(id));
  });

  it("hands out kept acts frozen: no reader can change them for the next", async () => {
    const { id, pass } = await startedTable("kept-frozen");
    await pass(0, 1);
    const first = (await loadTable(db.prisma, id))!.game!.acts[0]!;
    expect(() => {
      (first.said as { text?: string }).text = "changed";
    }).toThrow(TypeError);
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0"]);
  });

  it("makes each kept act into the rules' shape once, shared frozen by later reads; a text hidden since reads hidden", async () => {
    const { id, pass } = await startedTable("kept-shape");
    await pass(0, 2);
    const first = (await loadTable(db.prisma, id))!.game!.acts;
    await pass(2, 1);
    const second = (await loadTable(db.prisma, id))!.game!.acts;
    // The ledger itself is kept in that shape: a read with nothing new hands out the same frozen array.
    expect((await loadTable(db.prisma, id))!.game!.acts).toBe(second);
    expect(Object.isFrozen(second)).toBe(true);
    expect(() => (second as unknown[]).push({ type: "pass", at: 0 })).toThrow(TypeError);
    expect(second.slice(0, 2)).toEqual(first);
    second.slice(0, 2).forEach((act, i) => expect(act).toBe(first[i]));
    expect(Object.isFrozen(second[0])).toBe(true);
    expect(() => {
      (second[0] as { at: number }).at = 0;
    }).toThrow(TypeError);
    // A moderator hides turn 0's text: every read from then on shows it hidden, as a read that keeps nothing does.
    const admin = { ...(await makeUser(db, "kept-shape-admin")), admin: true };
    expect(
      await hideSaid(db.prisma, admin, { tableId: id, act: 0, reason: "spam" }, T0 + 10 * MIN),
    ).toMatchObject({
      ok: true,
    });
    const hidden = await loadTable(db.prisma, id);
    expect(texts(hidden)).toEqual([HIDDEN_TEXT, "turn 1", "turn 2"]);
    expect(hidden!.game!.acts[1]).toBe(first[1]);
    expect(hidden!.game).toEqual((await readWhole(id))!.game);
    expect(hidden!.moderation[0]).toMatchObject({ action: "hide", part: "said:0", original: "turn 0" });
  });
});
