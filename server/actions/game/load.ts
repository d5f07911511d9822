// Reading a table from the database into the rules' shape, keeping what was read: an act never changes once written.
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import { markLedger, type Charge, type Claim, type Game, type LedgerMark, type Said } from "../../rules/game";
import { frozen, frozenAppend } from "../../rules/frozen";
import { HIDDEN_TEXT, hiddenParts } from "../../rules/moderation";
import type { ModerationRow } from "../moderation/view";
import { jsonRows } from "../rows";
import { batchedRead } from "../../batch";
import type { LoadedTable, ModelCallRow, SeatRow } from "./loaded";

type Client = Db | Prisma.TransactionClient;

/**
 * One statement, one round trip: the table with its host, its seats (with who holds them) and its acts, as JSON
 * aggregates. The ORM's nested select took six round trips (table, host, seats, their users, their agents, acts),
 * which every act paid inside its transaction while holding a pooled connection; one statement also reads all
 * of it from one snapshot. Of the acts, only those from turn `kept` on, and the id of the one before them, which
 * tells whether the acts this process kept are still the ledger's (tableRow, below). The table's other parts (`p`)
 * only when its stamp is not the one this process kept them at (`r.stamp`): a trigger changes the stamp with every
 * write to them (migration table_stamp), and an act writes none, so under play a read sends the new acts alone
 * rather than parts that have not changed (docs/decisions/0009-table-as-kept.md).
 */
const LOAD = (asked: readonly Asked[]) => Prisma.sql`
  SELECT r.ord, t.id, t.stamp::text AS stamp,
    (SELECT coalesce(json_agg(a ORDER BY a.turn), '[]'::json) FROM (
      SELECT a.id, a.turn, a.type, a.by, a.accord, a.cite, a.said, (extract(epoch FROM a.at) * 1000)::float8 AS at
      FROM "Act" a WHERE a."tableId" = t.id AND a.turn >= r.kept) a) AS acts,
    (SELECT a.id FROM "Act" a WHERE a."tableId" = t.id AND a.turn = r.kept - 1) AS "keptLast",
    p.*
  FROM ${jsonRows(asked, "id int, kept int, stamp uuid")}
  JOIN "GameTable" t ON t.id = r.id
  LEFT JOIN LATERAL (SELECT t.title, t."hostId", t."hostAgentId", coalesce(ha.name, h.name) AS "hostName",
    t."seatsMax", t."turnWindowMs",
    t."deadlineMs", t."createdAt", t."startedAt", t.seed, t.commitment, t.charter, t."finishedAt", t.outcome,
    t."autoStart", t.visibility, t."modelBudgetTokens", t."modelBudgetUsd",
    (SELECT coalesce(json_agg(m."userId"), '[]'::json) FROM "Member" m WHERE m."tableId" = t.id) AS members,
    (SELECT coalesce(json_agg(s ORDER BY s.position), '[]'::json) FROM (
      SELECT s.id, s.position, s."userId", s."agentId", s."botName", s.charge, s.status, s.invitee,
        s."modelProvider", s."modelName", s."modelBaseUrl", s."modelScript",
        u.name AS "userName", a.name AS "agentName", a."ownerId" AS "agentOwnerId"
      FROM "Seat" s LEFT JOIN "User" u ON u.id = s."userId" LEFT JOIN "Agent" a ON a.id = s."agentId"
      WHERE s."tableId" = t.id) s) AS seats,
    (SELECT coalesce(json_agg(w ORDER BY w.at, w.id), '[]'::json) FROM (
      SELECT w.id, w."fromSeat", w."toSeat", w.text, w.claims, (extract(epoch FROM w.at) * 1000)::float8 AS at
      FROM "Whisper" w WHERE w."tableId" = t.id) w) AS whispers,
    (SELECT coalesce(json_agg(c ORDER BY c.id), '[]'::json) FROM (
      SELECT c.id, c.seat, c.turn, c.outcome, c."tokensIn", c."tokensOut", c."costUsd", c."latencyMs"
      FROM "GameModelCall" c WHERE c."tableId" = t.id AND c."finishedAt" IS NOT NULL) c) AS "modelCalls",
    (SELECT coalesce(json_agg(json_build_object('id', m.id, 'action', m.action, 'part', m.part, 'reason', m.reason,
        'admin', u.name, 'at', m.at) ORDER BY m.id), '[]'::json)
      FROM "ModerationAct" m JOIN "User" u ON u.id = m."adminId" WHERE m."tableId" = t.id) AS moderation
    FROM "User" h LEFT JOIN "Agent" ha ON ha.id = t."hostAgentId"
    WHERE h.id = t."hostId" AND t.stamp IS DISTINCT FROM r.stamp) p ON true`;

/**
 * A table to read: how many of its acts this process keeps (the read sends only those after them), and the stamp of
 * the other parts it keeps (null: none, send them).
 */
type Asked = { id: number; kept: number; stamp: string | null };

type RawSeat = Omit<SeatRow, "user" | "agent"> & {
  userName: string | null;
  agentName: string | null;
  agentOwnerId: number | null;
};
type RawAct = {
  id: number;
  turn: number;
  type: string;
  by: string;
  accord: unknown;
  cite: unknown;
  said: unknown;
  at: number;
};
type RawWhisper = { fromSeat: number; toSeat: number; text: string | null; claims: unknown; at: number };
/** The table's parts besides its acts, as the read sends them when its stamp is not the one kept. */
type RawParts = Omit<LoadedTable["table"], "host" | "id"> & {
  hostName: string;
  seats: RawSeat[];
  whispers: RawWhisper[];
  modelCalls: ModelCallRow[];
  members: number[];
  moderation: ModerationRow[];
};
/** A read's row: every part's column is null when the stamp was the one kept (LOAD's `p`). */
type RawTable = { id: number; stamp: string; acts: RawAct[]; keptLast: number | null } & (
  RawParts | { [K in keyof RawParts]: null }
);

/** The parts besides the acts in the shape a read hands on, made once per stamp and shared by every read: frozen. */
type Parts = {
  table: LoadedTable["table"];
  seats: SeatRow[];
  members: number[];
  moderation: ModerationRow[];
  modelCalls: ModelCallRow[];
  /** The moderation log's hides, by part ("said:4"). */
  hidden: ReadonlySet<string>;
  /** The rules' Game without its acts (and without its mark), once started. */
  game: Omit<Game, "acts" | "mark"> | null;
};

/**
 * What this process keeps of each table, by database: its acts, the same in the rules' shape, and its other parts at
 * the stamp they were read at. A transaction's client keeps none (it lives for one transaction).
 */
type Kept = {
  acts: readonly RawAct[];
  ruled: readonly RuleAct[];
  /** The id of the last kept act; null when none is. */
  lastId: number | null;
  mark?: LedgerMark;
  stamp: string;
  parts: Parts;
};
const keptOf = new WeakMap<object, Map<number, Kept>>();
/** The tables a process keeps, per database: the most recently read. */
const LEDGERS_KEPT = 1_000;

function ledgersOf(db: Client): Map<number, Kept> | null {
  if (!("$transaction" in db)) return null;
  let ledgers = keptOf.get(db);
  if (!ledgers) keptOf.set(db, (ledgers = new Map()));
  return ledgers;
}

/**
 * The table: its acts whole (those this process kept, then those written since) and its other parts (as kept, while
 * the table's stamp is the one they were read at). An act is never changed once written (only appended, at a turn
 * unique to its table), so what was read once need not be sent and parsed again at every act and read, a cost that
 * grows with the table (docs/decisions/0008-kept-ledger.md). If the act before the new ones is not the one kept (a
 * database restored from a backup, say), the table is read whole.
 */
async function tableRow(db: Client, id: number): Promise<{ entry: Kept; keeps: boolean } | undefined> {
  tablesRead.count++;
  const ledgers = ledgersOf(db);
  const kept = ledgers?.get(id);
  const row = await readRow(db, { id, kept: kept?.acts.length ?? 0, stamp: kept?.stamp ?? null });
  if (kept && row?.keptLast !== kept.lastId) {
    ledgers!.delete(id);
    return tableRow(db, id);
  }
  if (!row) return row;
  const parts = row.seats === null ? kept?.parts : shaped(row);
  // Asked with no stamp or another, the parts come; so they are missing only if the kept ones still stand.
  if (!parts) throw new Error(`table ${id}: its parts were neither sent nor kept`);
  const added = row.acts.map(frozen);
  const grown = !kept || added.length > 0;
  const acts = !kept ? added : grown ? kept.acts.concat(added) : kept.acts;
  // Frozen too: every later read of the table hands this same array to the rules as its Game's acts.
  const ruled = !grown ? kept.ruled : frozenAppend(kept?.ruled ?? [], added.map(keptRuleAct));
  // The same entry while nothing is new, so the tally it marked goes with it.
  const entry: Kept =
    !grown && parts === kept.parts
      ? kept
      : { acts, ruled, lastId: acts.at(-1)?.id ?? null, mark: kept?.mark, stamp: row.stamp, parts };
  if (!ledgers) return { entry, keeps: false };
  // A read that went out before an act this process wrote, and came back after the act went on the kept ledger, does
  // not put the shorter ledger back: the next act at the table would be refused by its write and read again.
  const since = ledgers.get(id);
  if (since && since !== kept && since.acts.length > entry.acts.length) return { entry, keeps: true };
  ledgers.delete(id); // re-set below: the Map's order is the order of last reading
  ledgers.set(id, entry);
  if (ledgers.size > LEDGERS_KEPT) ledgers.delete(ledgers.keys().next().value!);
  return { entry, keeps: true };
}

/** How many times this process has read a table from the database (the tests count an act's reads with it). */
export const tablesRead = { count: 0 };

/** A table's row (tables asked about together go as one statement: server/batch.ts). */
const readRow = batchedRead<Asked, RawTable>(LOAD);

/** The parts a read sent, in the shape a read hands on. */
function shaped(row: RawTable & RawParts): Parts {
  const { seats: rawSeats, whispers, modelCalls, hostName, members, moderation, ...rest } = row;
  const { stamp: _stamp, acts: _acts, keptLast: _keptLast, ...columns } = rest;
  const seats: SeatRow[] = rawSeats.map(({ userName, agentName, agentOwnerId, ...s }) => ({
    ...s,
    user: userName === null ? null : { name: userName },
    agent: agentName === null ? null : { name: agentName, ownerId: agentOwnerId! },
  }));
  const table = { ...columns, host: { name: hostName } };
  const cancel = moderation.find((m) => m.action === "cancel");
  const game: Parts["game"] = !table.startedAt
    ? null
    : {
        seats: seats.length,
        charter: table.charter as string[],
        charges: seats.map((s) => s.charge as Charge),
        startedAt: table.startedAt.getTime(),
        turnWindowMs: table.turnWindowMs,
        deadlineMs: table.deadlineMs,
        ...(cancel ? { cancelledAt: Date.parse(cancel.at) } : {}),
        ...(whispers.length
          ? {
              whispers: whispers.map((w) => ({
                from: w.fromSeat,
                to: w.toSeat,
                at: w.at,
                ...(w.text !== null ? { text: w.text } : {}),
                ...(w.claims ? { claims: w.claims as Claim[] } : {}),
              })),
            }
          : {}),
      };
  return frozen({ table, seats, members, moderation, modelCalls, hidden: hiddenParts(moderation), game });
}

type RuleAct = Game["acts"][number];

/** An act read from the database in the rules' shape; `said` as it is to be shown (a moderator may have hidden it). */
function ruleAct(a: RawAct, shown: (said: Said, turn: number) => Said = (said) => said): RuleAct {
  const at = a.at;
  const said = a.said ? { said: shown(a.said as Said, a.turn) } : {};
  if (a.type === "offer")
    return { type: "offer" as const, accord: a.accord as Record<string, string>, ...said, at };
  if (a.type === "accept")
    return {
      type: "accept" as const,
      ...(a.cite ? { cite: a.cite as { clause: string; setting: string } } : {}),
      ...said,
      at,
    };
  return { type: "pass" as const, ...said, ...(a.by === "clock" ? { by: "clock" as const } : {}), at };
}

/**
 * A kept act (frozen, shared by every later read of its table) in the rules' shape, made once and shared likewise:
 * rather than every act of the ledger made again at each read (docs/decisions/0008-kept-ledger.md).
 */
const ruleActOf = new WeakMap<RawAct, RuleAct>();
function keptRuleAct(a: RawAct): RuleAct {
  if (!Object.isFrozen(a)) return ruleAct(a);
  let act = ruleActOf.get(a);
  if (!act) ruleActOf.set(a, (act = frozen(ruleAct(a))));
  return act;
}

/**
 * The table as read now. Its table, seats, members, model calls and (unless something is hidden) moderation log are
 * the kept parts, frozen and shared by every read at the same stamp; the Game is made for this read.
 */
export async function loadTable(db: Client, id: number): Promise<LoadedTable | null> {
  const read = await tableRow(db, id);
  return read ? loadedOf(read.entry, read.keeps) : null;
}

/**
 * The table as this process keeps it, unread, or undefined when it keeps none of it (or its client is a
 * transaction's, or something at the table is hidden). What is judged on it may be out of date, so it is written only
 * with `asKept`'s guard (append.ts): the write is refused unless the table is still as kept.
 */
export function keptTable(db: Client, id: number): LoadedTable | undefined {
  const kept = ledgersOf(db)?.get(id);
  if (!kept || kept.parts.hidden.size) return undefined;
  return { ...loadedOf(kept, true), asKept: { stamp: kept.stamp, lastId: kept.lastId } };
}

/**
 * The acts this process just wrote (`acts`, at the turns and with the ids the write returned) go on the table it
 * keeps, if what it keeps is still the ledger they were judged on: the next act at the table is then judged on the
 * ledger as kept, with no read (append.ts). Otherwise nothing is kept from them; the next read finds them.
 */
export function keepWritten(
  db: Client,
  judgedOn: LoadedTable,
  acts: readonly Game["acts"][number][],
  written: readonly { id: number; turn: number }[],
): void {
  const id = judgedOn.table.id;
  const ledgers = ledgersOf(db);
  const kept = ledgers?.get(id);
  if (!kept || !judgedOn.game || judgedOn.game.acts !== kept.ruled || written.length !== acts.length) return;
  const first = kept.acts.length;
  if (written.some((w, i) => w.turn !== first + i)) return;
  const added = acts.map((a, i) => frozen(rawAct(a, written[i]!)));
  const all = kept.acts.concat(added);
  ledgers!.set(id, {
    ...kept,
    acts: all,
    ruled: frozenAppend(kept.ruled, added.map(keptRuleAct)),
    lastId: all.at(-1)!.id,
  });
}

/**
 * An act this process wrote, as a read would send it back: its JSON's keys in jsonb's order, so an offer's clauses
 * are listed alike whether the act was kept as written or read (a page lists them in their order).
 */
function rawAct(a: Game["acts"][number], { id, turn }: { id: number; turn: number }): RawAct {
  return {
    id,
    turn,
    type: a.type,
    by: a.type === "pass" && a.by === "clock" ? "clock" : "seat",
    accord: a.type === "offer" ? asJsonb(a.accord) : null,
    cite: a.type === "accept" && a.cite ? asJsonb(a.cite) : null,
    said: a.said ? asJsonb(a.said) : null,
    at: a.at,
  };
}

/**
 * A JSON value as PostgreSQL's jsonb gives it back: an object's keys shorter first, those of one length in the order
 * of their UTF-8 bytes; a key whose value is undefined left out, as JSON leaves it.
 */
export function asJsonb(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonb);
  if (!value || typeof value !== "object") return value;
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  const bytes = new Map(keys.map((k) => [k, Buffer.from(k, "utf8")]));
  keys.sort(
    (x, y) => bytes.get(x)!.length - bytes.get(y)!.length || Buffer.compare(bytes.get(x)!, bytes.get(y)!),
  );
  return Object.fromEntries(keys.map((k) => [k, asJsonb((value as Record<string, unknown>)[k])]));
}

/**
 * How many acts past its mark a kept ledger grows before the mark is made again: made at every act, the mark cost
 * more than the few acts past it cost a tally (docs/decisions/0010-ledger-mark.md).
 */
const MARK_AGAIN = 16;

/** The table as a read hands it on, from what it read or keeps. */
function loadedOf(kept: Kept, keeps: boolean): LoadedTable {
  const { parts, acts } = kept;
  const { hidden } = parts;
  // A hidden text's original goes to the log's row, for admins: this read's own copy of the rows.
  const moderation = hidden.size ? parts.moderation.map((m) => ({ ...m })) : parts.moderation;
  let game: Game | null = null;
  if (parts.game) {
    game = {
      ...parts.game,
      // The kept acts' rules shape as kept, not made again at every read, unless something at the table is hidden
      // (a part's name is made only then): docs/decisions/0008-kept-ledger.md.
      acts: hidden.size
        ? acts.map((a) => (hidden.has(`said:${a.turn}`) ? ruleAct(a, moderated) : keptRuleAct(a)))
        : (kept.ruled as RuleAct[]), // frozen: a writer throws, never shares
    };
  }
  // The kept ledger's tally goes with it (the rules go on from it and tally the acts after it), made again once the
  // ledger has grown MARK_AGAIN acts past it; a table with something hidden reads its acts apart, and is tallied
  // whole; a transaction's read, which keeps nothing, too.
  if (game && keeps && game.acts === kept.ruled) {
    if (!kept.mark || kept.ruled.length - kept.mark.acts.length >= MARK_AGAIN)
      kept.mark = markLedger({ ...game, mark: kept.mark });
    if (kept.mark) game.mark = kept.mark;
  }
  const { table, seats, members, modelCalls } = parts;
  return { table, seats, members, game, moderation, modelCalls };

  /** A said text a moderator hid reads HIDDEN_TEXT; its original goes to the log's row, for admins. */
  function moderated(said: Said, turn: number): Said {
    if (said.text === undefined || !hidden.has(`said:${turn}`)) return said;
    const row = moderation.find((m) => m.action === "hide" && m.part === `said:${turn}`);
    if (row) row.original = said.text;
    return { ...said, text: HIDDEN_TEXT };
  }
}
/**
 * The table an operation on `tableId` reads first, read ahead by the floor beside the rate limit's charge
 * (server/operations/operation.ts `readAhead`). It only reads; who may see the table is still the action's to decide.
 */
export const tableAhead = (db: Db, input: { tableId: number }): Promise<LoadedTable | null> =>
  loadTable(db, input.tableId);

/** The table as the floor read it ahead, or, when it did not (undefined), read now. */
export const tableReadAhead = (db: Client, id: number, ahead: LoadedTable | null | undefined) =>
  ahead !== undefined ? ahead : loadTable(db, id);
