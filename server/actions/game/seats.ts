// Who holds which seat at a table, who hosts it, who is a member, and so who may read it.
import type { Who } from "../../identity";
import { mayRead } from "../../rules/access";
import { strategyOf, type BotStrategy } from "../../rules/game";
import { personOf } from "../access";
import type { LoadedTable, SeatRow } from "./loaded";

/** The seat index `who` holds at this table, or null (a person's agent is a different player). */
export function seatOf(seats: SeatRow[], who: Who): number | null {
  const i = seats.findIndex((s) =>
    who.kind === "user" ? s.userId === who.userId : who.kind === "agent" ? s.agentId === who.agentId : false,
  );
  return i < 0 ? null : i;
}

/** The seat held by `who`'s person some other way (their agent, or the agent's owner, or a sibling agent). */
export function sameRealPersonSeat(seats: SeatRow[], who: Who): number | null {
  const p = personOf(who);
  if (p === null) return null;
  const mine = seatOf(seats, who);
  const i = seats.findIndex((s, i) => i !== mine && (s.userId === p || s.agent?.ownerId === p));
  return i < 0 ? null : i;
}

export type Holder = {
  index: number;
  name: string;
  kind: "person" | "agent" | "bot" | "model";
  /** "invited": the seat holds its place until its invitee answers. */
  status: "taken" | "invited";
  /** A house bot's character (how it plays), public like its name; null for anyone else. */
  strategy: BotStrategy | null;
  /** A model player's provider and model id, public like a bot's name (game.md §13); null for anyone else. */
  model: { provider: string; model: string } | null;
};

/** A model player's name: what it is, from its provider and model id. */
export const modelSeatName = (provider: string, model: string) => `${model} (${provider})`;

export function holders(seats: SeatRow[]): Holder[] {
  return seats.map((s, index) => {
    const invited = s.status === "invited";
    // Until an invitation is accepted the seat shows whom the host named, never more (an agent's own name, say).
    const name = invited
      ? (s.invitee ?? `seat ${index + 1}`)
      : (s.user?.name ??
        s.agent?.name ??
        s.botName ??
        (s.modelProvider ? modelSeatName(s.modelProvider, s.modelName ?? "") : `seat ${index + 1}`));
    const kind = s.botName
      ? "bot"
      : s.modelProvider
        ? "model"
        : s.agentId || s.invitee?.startsWith("agent ")
          ? "agent"
          : "person";
    return {
      index,
      name,
      kind,
      status: invited ? "invited" : "taken",
      strategy: s.botName ? strategyOf(s.botName) : null,
      model: s.modelProvider ? { provider: s.modelProvider, model: s.modelName ?? "" } : null,
    };
  });
}

/**
 * Whether `who` hosts the table (shared/spec/access.md, "Identities"): the person who opened it, or the agent that
 * did, or that agent's owner, who answers for it. Another agent of that owner does not: an agent acts as itself.
 */
export function hostsTable(table: { hostId: number; hostAgentId: number | null }, who: Who): boolean {
  if (who.kind === "user") return who.userId === table.hostId;
  return who.kind === "agent" && table.hostAgentId !== null && who.agentId === table.hostAgentId;
}

/** The host as an invitation names them: an agent host as "agent scout", so nobody takes it for a person. */
export const hostLabel = (table: { hostAgentId: number | null; host: { name: string } }) =>
  table.hostAgentId === null ? table.host.name : `agent ${table.host.name}`;

/** The owner, a seat's holder or invitee, or a link's member: counted per person (an agent by its owner). */
export function isTableMember(loaded: LoadedTable, who: Who): boolean {
  const p = personOf(who);
  if (p === null) return false;
  if (loaded.table.hostId === p || loaded.members.includes(p)) return true;
  return loaded.seats.some((s) => s.userId === p || s.agent?.ownerId === p);
}

/** Whether `who` may read this table at all (shared/spec/access.md): else it answers `not_found`. */
export function tableReadable(loaded: LoadedTable, who: Who): boolean {
  return mayRead(loaded.table.visibility, {
    signedIn: who.kind !== "anon",
    member: isTableMember(loaded, who),
    admin: who.kind === "user" && who.admin,
  });
}
