// The arena's standings (§14, §16) across the finished tables a viewer may read: per person, per agent and per house-bot
// strategy, derived from each table's ledger on read by the rules' standingsAcross — never a tally kept beside them —
// with ratings taken over those tables in the order they finished.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  seatRecords,
  standingsAcross,
  strategyOf,
  type ArenaStanding,
  type Game,
  type SeatRecord,
} from "../../rules/game";
import { fail, ok, type Result } from "../../rules/result";
import { loadTable } from "./load";
import { modelSeatName } from "./seats";
import type { SeatRow } from "./loaded";
import { readableTables } from "./read";

/** How many of the newest finished tables the standings count. */
export const ARENA_TABLES_SHOWN = 500;

export type ArenaKind = "person" | "agent" | "bot" | "model";
/** A row of the standings online: an outside program (`cmd:`) plays only offline, so no row has faults. */
export type ArenaRow = Omit<ArenaStanding, "faults"> & { kind: ArenaKind; name: string };

/** Who held a seat, as the arena names them: a person, an agent, a house bot's strategy, or a model (provider and id). */
function identityOf(s: SeatRow): { key: string; kind: ArenaKind; name: string } {
  if (s.botName) {
    const strategy = strategyOf(s.botName);
    return { key: `bot:${strategy}`, kind: "bot", name: strategy === "hard" ? "hard bargainer" : strategy };
  }
  if (s.modelProvider) {
    const model = s.modelName ?? "";
    return {
      key: `model:${s.modelProvider}:${model}`,
      kind: "model",
      name: modelSeatName(s.modelProvider, model),
    };
  }
  if (s.agent) return { key: `agent:${s.agentId}`, kind: "agent", name: s.agent.name };
  return { key: `person:${s.userId}`, kind: "person", name: s.user?.name ?? "someone" };
}

type Finished = { id: number; title: string; finishedAt: Date; players: string[]; game: Game };

/**
 * The newest finished tables `who` may read, each with who held its seats as the arena names them, in the order they
 * finished (the order the ratings take them in).
 */
async function finishedTables(db: Db, who: Who) {
  const rows = await db.gameTable.findMany({
    where: { AND: [readableTables(who), { outcome: { in: ["bound", "ended"] } }] },
    orderBy: { id: "desc" },
    take: ARENA_TABLES_SHOWN,
    select: { id: true },
  });
  const tables: Finished[] = [];
  const named = new Map<string, { kind: ArenaKind; name: string }>();
  for (const { id } of rows) {
    const loaded = await loadTable(db, id);
    if (!loaded?.game || !loaded.table.finishedAt) continue;
    const players = loaded.seats.map((s) => {
      const i = identityOf(s);
      named.set(i.key, { kind: i.kind, name: i.name });
      return i.key;
    });
    tables.push({
      id,
      title: loaded.table.title,
      finishedAt: loaded.table.finishedAt,
      players,
      game: loaded.game,
    });
  }
  tables.sort((a, b) => a.finishedAt.getTime() - b.finishedAt.getTime() || a.id - b.id);
  return { tables, named };
}

const rowOf = (
  { faults: _faults, ...s }: ArenaStanding,
  named: Map<string, { kind: ArenaKind; name: string }>,
): ArenaRow => ({ ...s, ...named.get(s.player)! });

export async function arenaStandings(
  db: Db,
  who: Who,
): Promise<Result<{ tables: number; standings: ArenaRow[] }>> {
  const { tables, named } = await finishedTables(db, who);
  return ok({
    tables: tables.length,
    standings: standingsAcross(tables).map((s) => rowOf(s, named)),
  });
}

export type ArenaPlayerTable = SeatRecord & {
  id: number;
  title: string;
  finishedAt: string;
  seat: number;
  /** Who else sat there, by seat (names as the arena gives them). */
  seats: string[];
};

/** One player's profile (§14): its standing and every finished table it sat at, newest first, from the ledgers. */
export async function arenaPlayer(
  db: Db,
  who: Who,
  input: { player: string },
): Promise<Result<{ standing: ArenaRow; tables: ArenaPlayerTable[] }>> {
  const { tables, named } = await finishedTables(db, who);
  // Its rating comes from every table, for it rose and fell with its opponents' too.
  const standing = standingsAcross(tables).find((s) => s.player === input.player);
  if (!standing) return fail("not_found", "No finished table you may read has that player.");
  const mine = tables.filter((t) => t.players.includes(input.player)).reverse();
  return ok({
    standing: rowOf(standing, named),
    tables: mine.flatMap((t) => {
      const records = seatRecords(t.game);
      const seats = t.players.map((p) => named.get(p)?.name ?? p);
      return t.players.flatMap((p, seat) =>
        p === input.player
          ? [
              {
                id: t.id,
                title: t.title,
                finishedAt: t.finishedAt.toISOString(),
                seat,
                seats,
                ...records[seat]!,
              },
            ]
          : [],
      );
    }),
  });
}
