// Appending to a table's ledger: the act judged on the table as this process keeps it (or, when it keeps none or the
// table is no longer so, on one read of it), then one statement writes due clock passes and the act at their turns
// (unique per table) with their events and notices; the end of the table takes a transaction. The second writer of a
// turn loses.
import {
  changed,
  mailNotes,
  mayMail,
  writeChange,
  writeChanged,
  type Changed,
  type News,
  type WrittenRow,
} from "../notify";
import { jsonRows } from "../rows";
import { isUniqueViolation } from "../unique";
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { OutboxEvent } from "../../live/outbox";
import { enqueue } from "../../jobs/queue";
import { batching, eachOrAlone } from "../../batch";
import {
  checkWithDue,
  derive,
  noticesAfter,
  reminderDue,
  WHISPERED_LATER,
  type Act,
  type Derived,
  type Game,
  type ProposedAct,
} from "../../rules/game";
import { fail, ok, type Result } from "../../rules/result";
import { tableAndLobby } from "./events";
import { keepWritten, keptTable, loadTable, tableReadAhead } from "./load";
import type { LoadedTable } from "./loaded";
import { seatNotes, tellSeats } from "./notices";

/** A binding act lost to a whisper written at or after its moment: the transaction is rolled back (see writeActs). */
class LateWhisper extends Error {}

export const LOST_RACE = fail(
  "conflict",
  "Another act took this turn first; read the table again and act on what stands now.",
);

/** An act's row; the first of a write judged on the table as kept also carries what the table must still be. */
type ActRow = Prisma.ActCreateManyInput & { kept?: string; before?: number | null };

function actRow(tableId: number, turn: number, seats: number, act: Act): ActRow {
  return {
    tableId,
    turn,
    seat: turn % seats,
    type: act.type,
    by: act.type === "pass" && act.by === "clock" ? "clock" : "seat",
    accord: act.type === "offer" ? act.accord : undefined,
    cite: act.type === "accept" && act.cite ? act.cite : undefined,
    said: act.said ? (act.said as Prisma.InputJsonValue) : undefined,
    // As JSON writes a Date, made here: rows holding Dates make JSON.stringify call each one's toJSON.
    at: new Date(act.at).toISOString(),
  };
}

const ACT_COLUMNS =
  '"tableId" int, turn int, seat int, type text, "by" text, accord jsonb, cite jsonb, said jsonb, at timestamp(3), ' +
  "kept uuid, before int";

/**
 * The INSERT of the acts at their turns, from one jsonb parameter (server/actions/rows.ts), returning each act's id.
 * A row that carries `kept` is written only if its table is still as kept (`parley_as_kept`, migration table_stamp):
 * else the function raises PA001 and the statement writes nothing.
 */
function actInsert(rows: readonly ActRow[]): Prisma.Sql {
  return Prisma.sql`INSERT INTO "Act" ("tableId", turn, seat, type, "by", accord, cite, said, at)
    SELECT r."tableId", r.turn, r.seat, r.type, r."by", r.accord, r.cite, r.said, r.at
    FROM ${jsonRows(rows, ACT_COLUMNS)}
    WHERE r.kept IS NULL OR "parley_as_kept"(r."tableId", r.kept, r.turn, r.before)
    ORDER BY r.ord
    RETURNING id, "tableId", turn`;
}

/** The table was not as this process kept it (PA001, from `parley_as_kept`): pg's own error, or the ORM's. */
function isStale(e: unknown): boolean {
  const f = e as { code?: string; meta?: { driverAdapterError?: { cause?: { code?: string } } } } | null;
  return f?.code === "PA001" || f?.meta?.driverAdapterError?.cause?.code === "PA001";
}

/** An act's write that takes no transaction of its own: its acts' rows, its notes and its events. */
type PlainWrite = { rows: ActRow[]; change: Changed };

/**
 * The plain writes of acts of several tables, asked while the database was busy with others, in one statement
 * (server/batch.ts): one commit for all. Each table's turn is still unique, so a lost race refuses the statement,
 * and then each write is sent alone and only the loser's fails.
 */
const plainWrites = new WeakMap<object, ReturnType<typeof batching<PlainWrite, WrittenRow[]>>>();

function writePlain(db: Db, write: PlainWrite): Promise<WrittenRow[]> {
  let loader = plainWrites.get(db);
  if (!loader)
    plainWrites.set(
      db,
      (loader = batching((writes) =>
        eachOrAlone(writes, async (some) => {
          const rows = some.flatMap((w) => w.rows);
          const written = await writeChanged(
            db,
            {
              notes: some.flatMap((w) => w.change.notes),
              events: some.flatMap((w) => w.change.events),
            },
            rows.length ? actInsert(rows) : null,
            true,
          );
          const byTurn = new Map(written.rows.map((r) => [`${r.tableId}:${r.turn}`, r]));
          return some.map((w) => w.rows.flatMap((r) => byTurn.get(`${r.tableId}:${r.turn}`) ?? []));
        }),
      )),
    );
  return loader.load(write);
}

/**
 * Writes the acts (due clock passes first) at their turns, their events and the seats' notices, and the table's end
 * if the ledger now has one. An act that ends nothing is one statement (writeChange): the turn's unique constraint
 * settles a race and the outbox row is in its transaction, with no BEGIN and COMMIT around it. Ending the table,
 * a model player to ask or mail to queue take a transaction, for the writes that are not that statement's.
 */
async function writeActs(
  db: Db,
  loaded: LoadedTable,
  game: Game,
  acts: Act[],
  now: number,
  /** derive of the ledger with `acts` appended, at `now`, when the caller has it (checkWithDue's `after`). */
  derived?: Derived,
) {
  const tableId = loaded.table.id;
  const ledger = { ...game, acts: [...game.acts, ...acts] };
  const after = derived ?? derive(ledger, now);
  const actRows = acts.map((a, i) => actRow(tableId, game.acts.length + i, game.seats, a));
  // Judged on the table as kept, unread: the write must find it still so (its first act's row asks).
  if (loaded.asKept && actRows[0])
    Object.assign(actRows[0], { kept: loaded.asKept.stamp, before: loaded.asKept.lastId });
  // Made only where it is sent alone: a batched write makes one INSERT of all its acts (writePlain).
  const rows = () => (actRows.length ? actInsert(actRows) : null);
  const news = (finished: boolean): News => {
    const events: OutboxEvent[] = acts.map((a, i) => ({
      topic: `table:${tableId}`,
      type: "act",
      payload: {
        tableId,
        turn: game.acts.length + i,
        seat: (game.acts.length + i) % game.seats,
        act: a.type,
        by: a.type === "pass" && a.by === "clock" ? "clock" : "seat",
      },
    }));
    if (finished) events.push(...tableAndLobby(tableId, "table.finished", { outcome: after.status }));
    const notices = noticesAfter(game, acts, now, finished, after);
    return { events, notes: seatNotes(loaded, ledger, notices, now, after) };
  };
  const ends = after.status !== "playing" && !loaded.table.finishedAt;
  // A model player to act next is asked from the job queue (game.md §13), enqueued with the act that made it due.
  const modelNext =
    after.status === "playing" && after.turn !== null && !!loaded.seats[after.turn]?.modelProvider;
  const plain = ends || modelNext ? null : news(false);
  if (plain && !mayMail(plain.notes ?? [])) {
    if ("$transaction" in db)
      keepWritten(db, loaded, acts, await writePlain(db, { rows: actRows, change: changed(now, plain) }));
    else await writeChange(db, now, plain, rows());
    return { after, finished: false };
  }
  return db.$transaction(async (tx) => {
    // Two readers can both see the deadline pass: only the one whose write finds finishedAt still empty announces it.
    let finished = false;
    if (ends) {
      const at = after.boundAt ?? after.endedAt ?? now;
      const claimed = await tx.gameTable.updateMany({
        where: { id: tableId, finishedAt: null },
        data: { finishedAt: new Date(at), outcome: after.status },
      });
      finished = claimed.count === 1;
      // That update holds the table's row, so a whisper still being written (it locks the row first) has
      // committed by now: a binding act at or before a whisper's moment would leave that whisper after the end
      // (§12). Rare; retry.
      if (finished && after.boundAt !== null) {
        const late = await tx.whisper.findFirst({
          where: { tableId, at: { gte: new Date(after.boundAt) } },
          select: { id: true },
        });
        if (late) throw new LateWhisper();
      }
    }
    await mailNotes(tx, await writeChange(tx, now, news(finished), rows()));
    if (modelNext) await enqueue(tx, "model", { tableId });
    return { after, finished };
  });
}

/** An act judged on the table as kept that must be judged again on the table as read. */
const STALE = Symbol("stale");

type Appended = Result<{ seat: number; turn: number; act: Act; status: string; botToAct: boolean }>;

/**
 * A seat's act, judged at `now` on the table as this process keeps it, unread, when it keeps it: the write then
 * finds the table still as kept (its stamp, and the act before: `parley_as_kept`) or writes nothing. Otherwise, or when
 * the table was not as kept, or the act was refused there (a refusal is told only from the table as read), it is
 * judged on the table as read: an act on the table as kept spares the statement that reads it
 * (docs/decisions/0009-table-as-kept.md). Returns the act as written and its turn. Due clock passes before it are
 * written with it.
 */
export async function appendAct(
  db: Db,
  tableId: number,
  seatFor: (loaded: LoadedTable) => Result<number>,
  proposed: ProposedAct | unknown,
  now: number,
  /** Whether the one acting may read the table at all; else it answers as if there were no such table. */
  readable: (loaded: LoadedTable) => boolean = () => true,
  /** The table as the floor read it ahead (load.ts `tableAhead`); undefined to read it here. */
  ahead?: LoadedTable | null,
): Promise<Appended> {
  const kept = ahead === undefined ? keptTable(db, tableId) : undefined;
  if (kept) {
    const judged = await appendOn(db, kept, seatFor, proposed, now, readable);
    if (judged !== STALE) return judged;
  }
  // Read once, outside any transaction: what is written is one statement (or a short transaction) that a
  // concurrent writer of the same turn loses at the unique constraint, as it would inside one.
  const loaded = await tableReadAhead(db, tableId, ahead);
  if (!loaded || !readable(loaded)) return fail("not_found", "There is no such table.");
  return (await appendOn(db, loaded, seatFor, proposed, now, readable)) as Appended;
}

/** The act judged on `loaded` and written; STALE when `loaded` is the table as kept and that will not do. */
async function appendOn(
  db: Db,
  loaded: LoadedTable,
  seatFor: (loaded: LoadedTable) => Result<number>,
  proposed: ProposedAct | unknown,
  now: number,
  readable: (loaded: LoadedTable) => boolean,
): Promise<Appended | typeof STALE> {
  const asKept = !!loaded.asKept;
  try {
    if (!readable(loaded)) return asKept ? STALE : fail("not_found", "There is no such table.");
    const game = loaded.game;
    if (!game)
      return asKept
        ? STALE
        : fail("conflict", "The table has not started; the host starts it once enough seats are taken.");
    const seat = seatFor(loaded);
    if (!seat.ok) return asKept ? STALE : seat;
    const { checked, due, after: derived } = checkWithDue(game, seat.value, proposed, now);
    if (!checked.ok) {
      if (asKept) return STALE;
      // A refused act still leaves the clock's due passes written, so every door sees one log.
      if (due.length) await writeActs(db, loaded, game, due, now);
      return checked;
    }
    // An act that ends the table updates the table's row first, which changes its stamp, so as kept it could never
    // be written: judged as read at once.
    if (asKept && derived && derived.status !== "playing") return STALE;
    const { after } = await writeActs(db, loaded, game, [...due, checked.value], now, derived ?? undefined);
    return ok({
      seat: seat.value,
      turn: game.acts.length + due.length,
      act: checked.value,
      status: after.status,
      // Whether a house bot holds the seat to act now, so the caller reads the table again only when one does.
      botToAct: after.turn !== null && !!loaded.seats[after.turn]?.botName,
    });
  } catch (e) {
    // On the table as kept, a turn already taken may only mean the process had not seen it: read, and judge again.
    if (asKept && (isStale(e) || isUniqueViolation(e))) return STALE;
    if (isUniqueViolation(e)) return LOST_RACE;
    if (e instanceof LateWhisper) return WHISPERED_LATER;
    throw e;
  }
}

/** The clock's own writes: due clock passes and the deadline's end, idempotent (a lost race means done already). */
export async function settleClock(db: Db, tableId: number, now: number): Promise<number> {
  try {
    const loaded = await loadTable(db, tableId);
    if (!loaded?.game) return 0;
    const derived = derive(loaded.game, now);
    if (derived.dueClockActs.length === 0 && (derived.status === "playing" || loaded.table.finishedAt))
      return 0;
    await writeActs(db, loaded, loaded.game, derived.dueClockActs, now);
    return derived.dueClockActs.length;
  } catch (e) {
    if (isUniqueViolation(e)) return 0;
    throw e;
  }
}

/** The reminder before a turn window ends (rules/game/notices.ts), written once; 1 when it was due (announce it). */
export async function remind(db: Db, tableId: number, now: number): Promise<number> {
  return db.$transaction(async (tx) => {
    const loaded = await loadTable(tx, tableId);
    const due = loaded?.game ? reminderDue(loaded.game, now) : null;
    if (!loaded?.game || !due) return 0;
    await tellSeats(tx, loaded, loaded.game, [due], now);
    return 1;
  });
}
