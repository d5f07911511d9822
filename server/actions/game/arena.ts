// The arena's standings (§14) across the finished tables a viewer may read: per person, per agent and per house-bot
// strategy, derived from each table's ledger on read by the rules' standingsAcross — never a tally kept beside them.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { standingsAcross, strategyOf, type ArenaStanding, type Game } from "../../rules/game";
import { ok, type Result } from "../../rules/result";
import { loadTable, modelSeatName, type SeatRow } from "./load";
import { readableTables } from "./read";

/** How many of the newest finished tables the standings count. */
export const ARENA_TABLES_SHOWN = 500;

export type ArenaKind = "person" | "agent" | "bot" | "model";
export type ArenaRow = ArenaStanding & { kind: ArenaKind; name: string };

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

export async function arenaStandings(
  db: Db,
  who: Who,
): Promise<Result<{ tables: number; standings: ArenaRow[] }>> {
  const rows = await db.gameTable.findMany({
    where: { AND: [readableTables(who), { outcome: { in: ["bound", "ended"] } }] },
    orderBy: { id: "desc" },
    take: ARENA_TABLES_SHOWN,
    select: { id: true },
  });
  const tables: { players: string[]; game: Game }[] = [];
  const named = new Map<string, { kind: ArenaKind; name: string }>();
  for (const { id } of rows) {
    const loaded = await loadTable(db, id);
    if (!loaded?.game) continue;
    const players = loaded.seats.map((s) => {
      const i = identityOf(s);
      named.set(i.key, { kind: i.kind, name: i.name });
      return i.key;
    });
    tables.push({ players, game: loaded.game });
  }
  return ok({
    tables: tables.length,
    standings: standingsAcross(tables).map((s) => ({ ...s, ...named.get(s.player)! })),
  });
}
