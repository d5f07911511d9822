// Reading tables: the lobby, one table redacted for its viewer (§9), the record after the reveal (§11).
import type { Db } from "../../db";
import { ANON, type Who } from "../../identity";
import {
  settingsOf,
  derive,
  quorumFor,
  SEATS_MIN,
  toRecord,
  view,
  lobbyMay,
  type LobbyMay,
  type GameView,
  type TableRecord,
} from "../../rules/game";
import type { Prisma } from "../../generated/prisma/client";
import { fail, ok, type Result } from "../../rules/result";
import { VISIBILITY_TEXT, type Visibility } from "../../rules/access";
import { personOf, readableBy } from "../access";
import { moderationLog, type ModerationEntry } from "../moderationLog";
import { settleClock } from "./append";
import { soulsEnv } from "../../souls";
import { tableBudgetTokens } from "../modelBudget";
import { PASSED } from "./modelOutcomes";
import { holders, hostsTable, seatOf, tableReadable, type Holder } from "./seats";
import { lobbyFacts } from "./lobbyFacts";
import { loadTable, tableReadAhead } from "./load";
import type { LoadedTable } from "./loaded";

export type TableStatus = "open" | "playing" | "bound" | "ended" | "cancelled";

export type { LobbyMay } from "../../rules/game";

export type TableState = {
  id: number;
  title: string;
  /** Who hosts: a person (their id), or an agent that opened the table with its token (the agent's id). */
  host: { id: number; name: string; kind: "person" | "agent" };
  status: TableStatus;
  /** Who may read it, and that in words. */
  visibility: Visibility;
  visibilityText: string;
  seatsMax: number;
  turnWindowMs: number;
  deadlineMs: number;
  createdAt: string;
  startedAt: string | null;
  quorum: number;
  commitment: string | null;
  /** Only after the reveal: check it against the commitment. */
  seed: string | null;
  seats: (Holder & { you: boolean })[];
  /** The viewer's seat index, or null (an invitation not yet accepted is not a seat: see `invitations`). */
  yourSeat: number | null;
  /** Seats this viewer is invited to and may answer for (their own, or their agents'). */
  invitations: { seat: number; agentId: number | null; invitee: string }[];
  /**
   * Whether the viewer hosts (may invite, withdraw, change the visibility, seat bots and start): the host, or the
   * owner of the agent that hosts.
   */
  youHost: boolean;
  lobby: LobbyMay | null;
  /** The game as this viewer may see it (charges redacted per §9); null before the start. */
  game: GameView | null;
  /** What moderators did here, oldest first (a hidden text's original for admins only). */
  moderation: ModerationEntry[];
  /** Why a model player passed (game.md §13: the act log says why), by the pass's turn; in words anyone may read. */
  modelNotes: { turn: number; seat: number; note: string }[];
  /** Each model player's calls, tokens, cost and latency, and the budget: for the host (and admins) only. */
  modelUsage: {
    seats: {
      seat: number;
      calls: number;
      tokensIn: number;
      tokensOut: number;
      /**
       * The cost of its calls in USD as far as it is known: null when none of its calls has a known cost (a model the
       * price table does not price), never 0 for unknown.
       */
      costUsd: number | null;
      /** Its calls whose cost is unknown: where some are, costUsd is only a lower bound. */
      unpricedCalls: number;
      latencyMsMean: number | null;
    }[];
    budget: { tokens: number | null; usd: number | null };
  } | null;
  /** The settings of each charter clause, in pool order, so a door can draw the grid without the rules. */
  settings: Record<string, string[]>;
  now: string;
};

function statusOf(loaded: LoadedTable, game: GameView | null): TableStatus {
  if (!loaded.table.startedAt || !game) return loaded.table.outcome === "cancelled" ? "cancelled" : "open";
  return game.status;
}

/** One table as `who` may see it. Due clock passes are written on read (idempotently), then shown. */
export async function tableState(
  db: Db,
  who: Who,
  input: { tableId: number },
  now: number,
  /** The table as the floor read it ahead (load.ts `tableAhead`); undefined to read it here. */
  ahead?: LoadedTable | null,
): Promise<Result<TableState>> {
  const id = input.tableId;
  let loaded = await tableReadAhead(db, id, ahead);
  // A table the viewer may not read does not exist for them: the same answer as an id nobody used.
  if (!loaded || !tableReadable(loaded, who)) return fail("not_found", "There is no such table.");
  if (loaded.game) {
    const d = derive(loaded.game, now);
    if (d.dueClockActs.length || (d.status !== "playing" && !loaded.table.finishedAt)) {
      await settleClock(db, id, now);
      loaded = (await loadTable(db, id))!;
    }
  }
  return ok(stateOf(loaded, who, now));
}

/** One table as `who` may see it; `asSeat`: as that seat's holder sees it, for a seat held by no one who asks. */
export function stateOf(loaded: LoadedTable, who: Who, now: number, asSeat?: number): TableState {
  const held = asSeat ?? seatOf(loaded.seats, who);
  const seat = held !== null && loaded.seats[held]!.status === "invited" ? null : held;
  const p = personOf(who);
  const invitations = loaded.seats.flatMap((s, i) =>
    s.status === "invited" &&
    (who.kind === "agent"
      ? s.agentId === who.agentId
      : p !== null && (s.userId === p || (s.agentId !== null && s.agent?.ownerId === p)))
      ? [{ seat: i, agentId: s.agentId, invitee: s.invitee ?? "" }]
      : [],
  );
  const game = loaded.game ? view(loaded.game, { seat }, now) : null;
  const status = statusOf(loaded, game);
  const revealed = status === "bound" || status === "ended" || (status === "cancelled" && game !== null);
  const { table } = loaded;
  return {
    id: table.id,
    title: table.title,
    host:
      table.hostAgentId === null
        ? { id: table.hostId, name: table.host.name, kind: "person" as const }
        : { id: table.hostAgentId, name: table.host.name, kind: "agent" as const },
    status,
    visibility: table.visibility as Visibility,
    visibilityText: VISIBILITY_TEXT[table.visibility as Visibility] ?? VISIBILITY_TEXT.invited,
    seatsMax: table.seatsMax,
    turnWindowMs: table.turnWindowMs,
    deadlineMs: table.deadlineMs,
    createdAt: table.createdAt.toISOString(),
    startedAt: table.startedAt?.toISOString() ?? null,
    quorum: game?.quorum ?? quorumFor(Math.max(loaded.seats.length, SEATS_MIN)),
    commitment: table.commitment,
    seed: revealed ? table.seed : null,
    seats: holders(loaded.seats).map((h) => ({ ...h, you: h.index === seat })),
    yourSeat: seat,
    invitations,
    youHost: hostsTable(table, who),
    lobby: loaded.table.startedAt ? null : lobbyMay(lobbyFacts(loaded, who)),
    game,
    moderation: moderationLog(loaded.moderation, who, "the table"),
    modelNotes: loaded.modelCalls.flatMap((c) =>
      c.outcome && PASSED.has(c.outcome) ? [{ turn: c.turn, seat: c.seat, note: c.outcome }] : [],
    ),
    modelUsage:
      loaded.seats.some((s) => s.modelProvider) &&
      (hostsTable(table, who) || (who.kind === "user" && who.admin))
        ? modelUsageOf(loaded)
        : null,
    settings: Object.fromEntries((game?.charter ?? []).map((c) => [c, [...(settingsOf(c) ?? [])]])),
    now: new Date(now).toISOString(),
  };
}

/**
 * The table as the holder of `seat` reads it, and nobody else: what a model player is shown (models.ts), the same view
 * an agent at that seat would GET; nothing a person reads beside it (invitations, the host's usage) rides along.
 */
export const seatState = (loaded: LoadedTable, seat: number, now: number) => stateOf(loaded, ANON, now, seat);

/** Per model seat, its calls' usage (a call that never finished counts when it does). */
function modelUsageOf(loaded: LoadedTable): NonNullable<TableState["modelUsage"]> {
  const seats = loaded.seats.flatMap((s, seat) => {
    if (!s.modelProvider) return [];
    const calls = loaded.modelCalls.filter((c) => c.seat === seat && c.latencyMs !== null);
    const sum = (f: (c: (typeof calls)[number]) => number | null) =>
      calls.reduce((n, c) => n + (f(c) ?? 0), 0);
    const unpriced = calls.filter((c) => c.costUsd === null).length;
    return [
      {
        seat,
        calls: calls.length,
        tokensIn: sum((c) => c.tokensIn),
        tokensOut: sum((c) => c.tokensOut),
        costUsd:
          calls.length && unpriced === calls.length ? null : Math.round(sum((c) => c.costUsd) * 1e6) / 1e6,
        unpricedCalls: unpriced,
        latencyMsMean: calls.length ? Math.round(sum((c) => c.latencyMs) / calls.length) : null,
      },
    ];
  });
  // The budget the runner holds the table to: a table from before every seat had one has the default; none is above
  // the server's cap.
  const tokens = tableBudgetTokens(loaded.table.modelBudgetTokens, soulsEnv().budget);
  return { seats, budget: { tokens, usd: loaded.table.modelBudgetUsd } };
}

export type TableSummary = {
  id: number;
  title: string;
  host: string;
  hostKind: "person" | "agent";
  status: TableStatus;
  visibility: Visibility;
  seatsTaken: number;
  seatsMax: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  yours: boolean;
  /** Whether it is your seat's turn now (a table in play where you hold the seat to act). */
  yourTurn: boolean;
};

/** The tables `who` may read, as a query: the visibility's own rule (server/rules/access.ts) in SQL. */
export function readableTables(who: Who): Prisma.GameTableWhereInput {
  return readableBy(who, "hostId");
}

/** The lobby: open tables, tables in play, finished tables, as `who` may read them; `yours` marks their seats. */
export async function listTables(db: Db, who: Who, now: number): Promise<Result<{ tables: TableSummary[] }>> {
  const rows = await db.gameTable.findMany({
    where: readableTables(who),
    orderBy: { id: "desc" },
    take: 200,
    select: {
      id: true,
      title: true,
      host: { select: { name: true } },
      hostAgent: { select: { name: true } },
      seatsMax: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
      outcome: true,
      visibility: true,
      seats: { select: { userId: true, agentId: true, status: true } },
    },
  });
  const mine = (s: { userId: number | null; agentId: number | null; status: string }) =>
    s.status !== "invited" &&
    (who.kind === "user"
      ? s.userId === who.userId
      : who.kind === "agent"
        ? s.agentId === who.agentId
        : false);
  // Whose turn it is needs the ledger and the clock: read only for the tables in play where you hold a seat.
  const turns = new Set<number>();
  for (const t of rows)
    if (t.startedAt && !t.finishedAt && t.seats.some(mine)) {
      const loaded = await loadTable(db, t.id);
      const turn = loaded?.game ? derive(loaded.game, now).turn : null;
      if (turn !== null && loaded && mine(loaded.seats[turn]!)) turns.add(t.id);
    }
  return ok({
    tables: rows.map((t) => ({
      id: t.id,
      title: t.title,
      host: t.hostAgent?.name ?? t.host.name,
      hostKind: t.hostAgent ? ("agent" as const) : ("person" as const),
      status:
        t.outcome === "cancelled"
          ? "cancelled"
          : !t.startedAt
            ? "open"
            : t.finishedAt
              ? t.outcome === "bound"
                ? "bound"
                : "ended"
              : "playing",
      visibility: t.visibility as Visibility,
      seatsTaken: t.seats.length,
      seatsMax: t.seatsMax,
      createdAt: t.createdAt.toISOString(),
      startedAt: t.startedAt?.toISOString() ?? null,
      finishedAt: t.finishedAt?.toISOString() ?? null,
      yours: t.seats.some(mine),
      yourTurn: turns.has(t.id),
    })),
  });
}

/** §11: the whole table as JSON, once revealed; before that it would leak the charges, so it is refused. */
export async function tableRecord(
  db: Db,
  who: Who,
  input: { tableId: number },
  now: number,
): Promise<Result<TableRecord>> {
  const r = await tableState(db, who, input, now);
  if (!r.ok) return r;
  if (
    r.value.status !== "bound" &&
    r.value.status !== "ended" &&
    !(r.value.status === "cancelled" && r.value.game)
  )
    return fail(
      "conflict",
      "The record is published at the reveal; this table has not settled or ended yet.",
    );
  const loaded = (await loadTable(db, r.value.id))!;
  return ok(
    toRecord(
      loaded.game!,
      holders(loaded.seats).map((h) => h.name),
      loaded.table.seed ?? undefined,
    ),
  );
}
