// What the viewer's seat is asked now — the prompt, the fields, the confidences the round accepts — so a form or an
// agent can answer without re-deriving a rule.
import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  FORBIDDEN_FINAL_CONFIDENCE,
  RATIONALE_MAX,
  REPLY_FIELDS,
  ROUND_NAMES,
  type RoundNumber,
} from "../../../rules/council";
import { openRound, type LoadedCouncil, type SeatRow } from "../load";
import { promptFor } from "../prompt";

export type YourRound = {
  round: number;
  name: string;
  prompt: string;
  fields: string[];
  options: string[];
  /** The other seats, for a challenge or a coalition. */
  others: string[];
  /** The confidences this round accepts (round 4 leaves out the forbidden middle). */
  confidences: number[];
  rationaleMax: number;
  axes: string[];
  /** 2 after a bad reply: the last chance. */
  attempt: number;
  lastProblem: string | null;
  deadlineAt: string;
};

/** Null unless `seat` is live and owes the open round an answer. */
export function yourRoundOf(l: LoadedCouncil, seat: SeatRow | null): YourRound | null {
  const open = openRound(l);
  if (!seat || seat.emptiedAt || !open || l.imported) return null;
  const round = open.round as RoundNumber;
  if (l.answers.some((a) => a.seatId === seat.id && a.round === round)) return null;
  const failures = l.failures.filter((f) => f.seatId === seat.id && f.round === round);
  const scale = Array.from({ length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 }, (_, i) => CONFIDENCE_MIN + i);
  return {
    round,
    name: ROUND_NAMES[round],
    prompt: promptFor(l, seat, round),
    fields: [...REPLY_FIELDS[round]],
    options: l.options,
    others: l.seats.filter((s) => s.id !== seat.id).map((s) => s.name),
    confidences: round === 4 ? scale.filter((c) => c !== FORBIDDEN_FINAL_CONFIDENCE) : scale,
    rationaleMax: RATIONALE_MAX,
    axes: l.axes ?? [],
    attempt: failures.length + 1,
    lastProblem: failures.at(-1)?.problem ?? null,
    deadlineAt: open.deadlineAt.toISOString(),
  };
}
