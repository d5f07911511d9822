// What the lobby's rules read of a table and the one asking.
import type { Who } from "../../identity";
import type { LobbyFacts } from "../../rules/game";
import { callerKind } from "../guard";
import type { LoadedTable } from "./loaded";
import { hostsTable, sameRealPersonSeat, seatOf } from "./seats";

/** What the lobby's rules read of a table and the one asking (server/rules/game/lobby.ts). */
export function lobbyFacts(loaded: LoadedTable, who: Who): LobbyFacts {
  return {
    caller: callerKind(who),
    started: !!loaded.table.startedAt,
    cancelled: loaded.moderation.some((m) => m.action === "cancel"),
    seated: seatOf(loaded.seats, who) !== null,
    invited: (() => {
      const i = seatOf(loaded.seats, who);
      return i !== null && loaded.seats[i]!.status === "invited";
    })(),
    samePerson: sameRealPersonSeat(loaded.seats, who) !== null,
    host: hostsTable(loaded.table, who),
    seatsTaken: loaded.seats.length,
    seatsMax: loaded.table.seatsMax,
    invitedSeats: loaded.seats.filter((s) => s.status === "invited").length,
  };
}
