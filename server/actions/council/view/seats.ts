// The seats as anyone sees them: each soul, where its text came from, who wears it, and whether it is still live.
import type { LoadedCouncil, SeatRow } from "../load";

export type Wearer = "person" | "agent" | "model" | "nobody";

export type SeatView = {
  position: number;
  name: string;
  /** How the minutes speak of it: "the finance lens". */
  lens: string;
  soul: string;
  soulSource: string;
  sourceLabel: string;
  wearer: Wearer;
  /** The person's or agent's name, or "provider · model". */
  wornBy: string;
  status: "live" | "emptied";
  /** "invited": its wearer has not accepted yet; "declined": they said no, and the facilitator replaces it. */
  consent: "invited" | "declined" | null;
  emptiedRound: number | null;
  emptiedReason: string | null;
  you: boolean;
};

export const lensOf = (name: string): string => `the ${name} lens`;

function wearerOf(l: LoadedCouncil, s: SeatRow): { wearer: Wearer; wornBy: string } {
  // An imported record names souls but nobody who wore them here.
  if (l.imported) return { wearer: "nobody", wornBy: "imported" };
  // Until an invitation is accepted the seat shows whom the facilitator named, never more (an agent's own name).
  if (s.consent === "invited")
    return { wearer: s.wearer as Wearer, wornBy: `${s.invitee ?? "someone"} (invited)` };
  if (s.consent === "declined")
    return { wearer: s.wearer as Wearer, wornBy: `${s.invitee ?? "someone"} (declined)` };
  if (s.wearer === "person") return { wearer: "person", wornBy: s.user?.name ?? "a person" };
  if (s.wearer === "agent") return { wearer: "agent", wornBy: s.agent?.name ?? "an agent" };
  return { wearer: "model", wornBy: `${s.provider ?? "?"} · ${s.model ?? "?"}` };
}

export function seatsView(l: LoadedCouncil, mine: SeatRow | null): SeatView[] {
  return l.seats.map((s) => ({
    position: s.position,
    name: s.name,
    lens: lensOf(s.name),
    soul: s.soul,
    soulSource: s.soulSource,
    sourceLabel: s.sourceLabel,
    ...wearerOf(l, s),
    status: s.emptiedAt ? "emptied" : "live",
    consent: s.consent === "invited" || s.consent === "declined" ? s.consent : null,
    emptiedRound: s.emptiedRound,
    emptiedReason: s.emptiedReason,
    you: s.id === mine?.id,
  }));
}

/**
 * Each seat's place at the table. Lists of what the seats did are shown in it, not in arrival order: model souls
 * answer concurrently, so arrival order is chance.
 */
export function seatOrder(l: LoadedCouncil): (seatId: number) => number {
  const order = new Map(l.seats.map((s, i) => [s.id, i]));
  return (seatId) => order.get(seatId) ?? order.size;
}
