// Where the table stands now — a round open, a question for the facilitator, the axes awaited, finished — and the
// one-line status the lists and headers print.
import { isFinal, ROUND_NAMES, ROUNDS, type Phase } from "../../../rules/council";
import type { LoadedCouncil } from "../load";
import type { ResultView } from "./result";

export type PhaseView =
  | { kind: "round"; round: number; name: string; deadlineAt: string; waiting: string[] }
  | { kind: "confirm"; afterRound: number; verdict: string; ask: string; deadlineAt: string }
  | { kind: "axes"; deadlineAt: string }
  | { kind: "finished"; verdict: string }
  /** Before round 1: invited wearers who have not accepted yet (or declined seats the facilitator must replace). */
  | { kind: "consent"; waiting: string[] }
  /** An imported record that stops short of a count. */
  | { kind: "record" }
  /** A moderator cancelled it (shared/spec/access.md): no round opens again, no result. */
  | { kind: "cancelled"; at: string };

export function phaseView(l: LoadedCouncil, phase: Phase | null): PhaseView {
  const cancel = l.moderation.find((m) => m.action === "cancel");
  if (cancel) return { kind: "cancelled", at: new Date(cancel.at).toISOString() };
  const final = l.verdicts.find((v) => isFinal(v.verdict));
  if (final) return { kind: "finished", verdict: final.verdict };
  if (l.imported || !phase) return { kind: "record" };
  switch (phase.kind) {
    case "round":
      return {
        kind: "round",
        round: phase.round,
        name: ROUND_NAMES[phase.round],
        deadlineAt: new Date(phase.deadlineAt).toISOString(),
        waiting: phase.waiting,
      };
    case "confirm":
      return {
        kind: "confirm",
        afterRound: phase.afterRound,
        verdict: phase.verdict,
        ask: phase.ask,
        deadlineAt: new Date(phase.deadlineAt).toISOString(),
      };
    case "axes":
      return { kind: "axes", deadlineAt: new Date(phase.deadlineAt).toISOString() };
    case "finished":
      return { kind: "finished", verdict: phase.verdict };
    case "consent":
      return { kind: "consent", waiting: phase.waiting };
  }
}

export function statusOf(l: LoadedCouncil, phase: PhaseView, result: ResultView | null): string {
  if (phase.kind === "finished")
    return result?.kind === "decided"
      ? `decided: ${result.winner}`
      : result?.kind === "reprompt"
        ? "re-prompt"
        : "escalated";
  if (phase.kind === "cancelled") return "cancelled by a moderator";
  if (phase.kind === "round") return `in round ${phase.round} of ${ROUNDS} (${phase.name.toLowerCase()})`;
  if (phase.kind === "confirm" || phase.kind === "axes") return "waiting for the facilitator";
  if (phase.kind === "consent")
    return `waiting for ${phase.waiting.length} invited seat${phase.waiting.length === 1 ? "" : "s"} to accept`;
  return l.imported ? "imported record" : "starting";
}
