// A round in running text: its number, then its kind in lower case ("Round 1 (open)"), so the kind never reads as the
// round's state; and why a round closed, as words.

/** "Round 1 (open)", "round 4 (vote)" with `lead: "round"`. */
export const roundTitle = (round: number, name: string, lead: "Round" | "round" = "Round"): string =>
  `${lead} ${round} (${name.toLowerCase()})`;

const CLOSED: Record<string, string> = {
  deadline: "closed at its deadline",
  "all answered": "closed once every seat had answered",
  "too few seats": "closed with too few seats left",
};

/** Why a round closed, as a clause: "closed at its deadline"; a reason with no wording of its own is quoted. */
export const closedWords = (because: string | null): string =>
  because === null ? "closed" : (CLOSED[because] ?? `closed: ${because}`);
