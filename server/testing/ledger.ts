// The kept ledger's test builders (server/actions/game/load.ts): a started table played by this process, acts written
// behind its back as another process would, and the ledger as a read that keeps nothing reads it.
import { expect } from "vitest";
import { act, joinTable, loadTable, openTable, startTable, type LoadedTable } from "../actions/game";
import type { Who } from "../identity";
import { makeUser } from "./db";
import { db, MIN, T0 } from "./tables";

export async function playedTable(title: string) {
  const host = await makeUser(db, `${title}-host`);
  const opened = await openTable(db.prisma, host, { title, seatsMax: 4 });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  const players: Who[] = [host];
  for (let i = 1; i < 4; i++) {
    const p = await makeUser(db, `${title}-p${i}`);
    expect(await joinTable(db.prisma, p, { tableId: id }, T0)).toMatchObject({ ok: true });
    players.push(p);
  }
  expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
  /** `n` passes with talk, each by the seat whose turn it is, a minute apart from `from`. */
  const pass = async (from: number, n: number) => {
    for (let turn = from; turn < from + n; turn++)
      expect(
        await act(
          db.prisma,
          players[turn % 4]!,
          "pass",
          { tableId: id, body: { said: { text: `turn ${turn}` } } },
          T0 + (turn + 1) * MIN,
        ),
      ).toMatchObject({ ok: true, value: { turn } });
  };
  return { id, pass, players };
}

/**
 * A pass at `turn` written straight to the database, as another process (or a restored backup) would: unseen by
 * this process's kept tables. A minute after the one before, as `pass` in startedTable.
 */
export const passElsewhere = (id: number, turn: number, text: string) =>
  db.sql.exec(
    `INSERT INTO "Act" ("tableId", turn, seat, type, said, at)
     VALUES (${id}, ${turn}, ${turn % 4}, 'pass', '${JSON.stringify({ text })}', '${new Date(T0 + (turn + 1) * MIN).toISOString()}')`,
  );

/** The table read inside a transaction, whose client keeps nothing: the ledger as it stands. */
export const readWhole = (id: number) => db.prisma.$transaction((tx) => loadTable(tx, id));
/**
 * A read without its ledger's mark: a hint the rules go on from (ignored unless it is of the same first acts), made
 * again only every few acts, so two reads of one ledger may carry different marks.
 */
export const unmarked = (loaded: LoadedTable | null) =>
  loaded && { ...loaded, game: loaded.game && { ...loaded.game, mark: undefined } };
/** `read` is the table as a read that keeps nothing reads it. */
export const expectWhole = async (id: number, read: LoadedTable | null) =>
  expect(unmarked(read)).toEqual(unmarked(await readWhole(id)));
export const texts = (loaded: LoadedTable | null) => loaded!.game!.acts.map((a) => a.said?.text);
