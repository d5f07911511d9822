// What the viewer may do now at this table — answer, confirm, write the axes, record the ruling — each true or the
// sentence that says why not.
import type { LoadedCouncil, SeatRow } from "../load";
import type { PhaseView } from "./phase";
import type { YourRound } from "./your-round";

/** May the viewer do it now: true, or the sentence that says why not. */
export type CouncilMay = {
  answer: true | string;
  confirm: true | string;
  axes: true | string;
  ruling: true | string;
};

export function mayOf(
  l: LoadedCouncil,
  at: { mine: SeatRow | null; facilitator: boolean; phase: PhaseView; yourRound: YourRound | null },
): CouncilMay {
  const { mine, facilitator, phase, yourRound } = at;
  const last = l.verdicts.at(-1);
  return {
    answer:
      yourRound !== null
        ? true
        : !mine
          ? "You wear no seat at this round table."
          : mine.emptiedAt
            ? `Your seat was emptied: ${mine.emptiedReason ?? "no reason recorded"}.`
            : phase.kind === "round"
              ? `You have answered round ${phase.round}; the next opens when every seat has.`
              : "No round is open for you now.",
    confirm: !facilitator
      ? "Only the facilitator confirms."
      : phase.kind === "confirm"
        ? true
        : "Nothing is waiting for your confirmation.",
    axes: !facilitator
      ? "Only the facilitator writes the axes."
      : l.imported || phase.kind === "finished"
        ? "The round table has finished."
        : l.rounds.some((r) => r.round >= 3)
          ? "Round 3 has opened; its axes are fixed."
          : true,
    ruling: !facilitator
      ? "Only the facilitator records the human ruling."
      : l.ruling
        ? "The ruling is recorded."
        : last?.verdict === "ESCALATE"
          ? true
          : "Only an escalated round table takes a ruling.",
  };
}
