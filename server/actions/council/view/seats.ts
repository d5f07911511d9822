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
  emptiedRound: number | null;
  emptiedReason: string | null;
  you: boolean;
};

export const lensOf = (name: string): string => `the ${name} lens`;

function wearerOf(l: LoadedCouncil, s: SeatRow): { wearer: Wearer; wornBy: string } {
  // An imported record names souls but nobody who wore them here.
  if (l.imported) return { wearer: "nobody", wornBy: "imported" };
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
    emptiedRound: s.emptiedRound,
    emptiedReason: s.emptiedReason,
    you: s.id === mine?.id,
  }));
}
