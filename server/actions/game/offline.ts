// A table played offline (the arena's, game.md §16) as `GET /api/tables/:id` shows it to one seat: the same stateOf
// the JSON API answers with, over a table that no database holds. What stands in for the database's rows is the
// caller's to say (the arena: its table number, its labels as the seats' names).
import type { Who } from "../../identity";
import type { Visibility } from "../../rules/access";
import type { Game } from "../../rules/game";
import type { LoadedTable, SeatRow } from "./loaded";
import { stateOf, type TableState } from "./read";

/** Who holds a seat: a person or an agent account (an agent's owner is a person's id, 0 for none). */
export type OfflineSeat =
  | { kind: "person"; userId: number; name: string }
  | { kind: "agent"; agentId: number; ownerId: number; name: string };

export type OfflineTable = {
  id: number;
  title: string;
  host: { id: number; name: string };
  createdAt: number;
  visibility: Visibility;
  /** The seed it was dealt from (shown only after the reveal, as on the server) and its commitment. */
  seed: string | null;
  commitment: string | null;
  seats: readonly OfflineSeat[];
};

const seatRow = (s: OfflineSeat, position: number): SeatRow => ({
  id: position + 1,
  position,
  userId: s.kind === "person" ? s.userId : null,
  agentId: s.kind === "agent" ? s.agentId : null,
  botName: null,
  charge: null,
  status: "taken",
  invitee: null,
  modelProvider: null,
  modelName: null,
  modelBaseUrl: null,
  modelScript: null,
  user: s.kind === "person" ? { name: s.name } : null,
  agent: s.kind === "agent" ? { name: s.name, ownerId: s.ownerId } : null,
});

/** The table in the shape a read hands on, with the game as it stands (a table in play: not finished). */
function loadedOf(t: OfflineTable, game: Game): LoadedTable {
  return {
    table: {
      id: t.id,
      title: t.title,
      hostId: t.host.id,
      hostAgentId: null,
      host: { name: t.host.name },
      seatsMax: t.seats.length,
      turnWindowMs: game.turnWindowMs,
      deadlineMs: game.deadlineMs,
      createdAt: new Date(t.createdAt),
      startedAt: new Date(game.startedAt),
      seed: t.seed,
      commitment: t.commitment,
      charter: game.charter,
      finishedAt: null,
      outcome: null,
      autoStart: false,
      visibility: t.visibility,
      modelBudgetTokens: null,
      modelBudgetUsd: null,
    },
    seats: t.seats.map(seatRow),
    members: [],
    game,
    moderation: [],
    modelCalls: [],
  };
}

/** The one who holds seat `seat`, as a door would know them from their session or token. */
function holderOf(s: OfflineSeat): Who {
  return s.kind === "person"
    ? { kind: "user", userId: s.userId, name: s.name, admin: false }
    : { kind: "agent", agentId: s.agentId, name: s.name, ownerId: s.ownerId };
}

/** The table as the holder of `seat` reads it at `now` (its charge, `may`, `your_payoff`, its whispers). */
export function offlineTableState(t: OfflineTable, game: Game, seat: number, now: number): TableState {
  return stateOf(loadedOf(t, game), holderOf(t.seats[seat]!), now);
}
