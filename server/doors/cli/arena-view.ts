// What an outside strategy reads at its turn in the arena (game.md §16): one JSON line whose `view` is byte for byte
// the body `GET /api/tables/:id` answers that seat — the same stateOf, the same wire mapping (the operation's own
// output schema) and the same JSON writer as the JSON API, over the arena's table instead of a database's.
import { offlineTableState, type OfflineTable, type TableState } from "@/server/actions/game";
import { answerJson } from "@/server/http/json";
import { GAME_OPERATIONS } from "@/server/operations/game";
import { toWire } from "@/server/operations/wire";
import { ARENA_START, commitment, type ArenaDecision } from "@/server/rules/game";

/** The arena's host: no account, so no seat reads `you_host` true. */
export const ARENA_HOST = { id: 0, name: "parley arena" };

/**
 * What stands in for a database's table offline: its id is the run's table number (from 0, as `--record` names its
 * files), its title "arena table N", created when it starts; each seat is held by an agent account whose id is the
 * seat's index + 1 and whose name is the player's label (`bot:hard`, `cmd:mine`); the seed's commitment is published.
 */
export function arenaTableFacts(d: Pick<ArenaDecision, "table" | "seed" | "players">): OfflineTable {
  return {
    id: d.table,
    title: `arena table ${d.table}`,
    host: ARENA_HOST,
    createdAt: ARENA_START,
    visibility: "public",
    seed: d.seed,
    commitment: commitment(d.seed),
    seats: d.players.map((label, s) => ({ kind: "agent", agentId: s + 1, ownerId: 0, name: label })),
  };
}

/** A table's state as the JSON API writes it: snake_case by the state operation's schema, by the same writer. */
export const tableStateJson = (state: TableState): string =>
  answerJson(toWire(GAME_OPERATIONS.state.output, state));

/** The request line for decision `id` (without its newline). */
export function decisionLine(id: number, d: ArenaDecision, facts: OfflineTable): string {
  const view = tableStateJson(offlineTableState(facts, d.game, d.seat, d.now));
  return `{"id":${id},"table":${d.table},"seat":${d.seat},"view":${view}}`;
}
