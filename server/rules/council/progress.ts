// Where a table stands and what is due now: the writes the clock and the answers call for, derived from the ledger.
import { draftAxes } from "@/server/rules/council/axes";
import { ROUNDS, SEATS_MIN } from "@/server/rules/council/constants";
import { toState } from "@/server/rules/council/convert";
import { liveSeats, type Council } from "@/server/rules/council/council";
import { missedDeadline, nextStep, roundStatus } from "@/server/rules/council/lifecycle";
import type { RoundNumber } from "@/server/rules/council/replies";
import { vote } from "@/server/rules/council/vote";

/** A round as the ledger holds it; times in ms. */
export type RoundRecord = {
  round: RoundNumber;
  openedAt: number;
  deadlineAt: number;
  closedAt: number | null;
};

/** What the engine said after a round: the inspector's verdict, the count, or an escalation. */
export type VerdictRecord = {
  afterRound: RoundNumber;
  verdict: string;
  /** A verdict that asks the facilitator carries the question… */
  ask: string | null;
  /** …and the answer, once: true (yes), false (no, or the deadline passed), null (not yet). */
  confirmed: boolean | null;
  at: number;
  confirmedAt: number | null;
};

export type Progress = {
  council: Council;
  rounds: RoundRecord[];
  verdicts: VerdictRecord[];
  /** The 2–4 axes round 3 is asked about, once written or accepted. */
  axes: string[] | null;
  /** A model's draft of the axes, when the facilitator asked for one: it stands at the deadline instead of the template. */
  axesDraft?: string[] | null;
  /** The round deadline; the facilitator's steps (a confirmation, the axes) get as long. */
  deadlineMs: number;
  /**
   * Seats whose wearer has not said yes (invited, or declined and not yet replaced): round 1 does not open while
   * any is left, since nobody is put in a seat without consent (shared/spec/access.md).
   */
  awaiting?: string[];
};

export const FINAL_VERDICTS = ["DECIDED", "ESCALATE", "RE-PROMPT"] as const;
export type FinalVerdict = (typeof FINAL_VERDICTS)[number];
export const isFinal = (verdict: string): verdict is FinalVerdict =>
  (FINAL_VERDICTS as readonly string[]).includes(verdict);

export type CloseReason = "all answered" | "deadline" | "too few seats";

/** One write the ledger is owed now. Applied in order, then progress is derived again until nothing is due. */
export type Due =
  | { kind: "open"; round: RoundNumber; openedAt: number; deadlineAt: number }
  | { kind: "empty"; round: RoundNumber; seats: { name: string; reason: string }[] }
  | { kind: "close"; round: RoundNumber; because: CloseReason }
  | { kind: "verdict"; afterRound: RoundNumber; verdict: string; line: string; ask?: string }
  /** The facilitator let the deadline pass: the cautious answer (no) stands. */
  | { kind: "decline"; afterRound: RoundNumber }
  /** The facilitator let the deadline pass before round 3: the draft stands (a model's if asked for, else the template). */
  | { kind: "axes"; axes: string[]; source: "model" | "template" };

/** Where the table stands when nothing is due: whom it waits for, until when. */
export type Phase =
  | { kind: "round"; round: RoundNumber; deadlineAt: number; waiting: string[] }
  | {
      kind: "confirm";
      afterRound: RoundNumber;
      verdict: string;
      ask: string;
      ifYes: RoundNumber;
      ifNo: RoundNumber;
      deadlineAt: number;
    }
  | { kind: "axes"; deadlineAt: number; draft: string[] }
  | { kind: "finished"; verdict: FinalVerdict; afterRound: RoundNumber }
  /** Before round 1: the seats whose invited wearers have not accepted yet. */
  | { kind: "consent"; waiting: string[] };

export type Standing = { due: Due[]; phase: Phase | null };

/** The count after round 4, as a verdict: the decision block verbatim is its line. */
export function countVerdict(council: Council): { verdict: FinalVerdict; line: string } {
  const result = vote(toState(council));
  if (result.kind === "decided") return { verdict: "DECIDED", line: result.lines.join("\n") };
  if (result.kind === "escalated") return { verdict: "ESCALATE", line: result.lines.join("\n") };
  if (result.kind === "reprompt") return { verdict: "RE-PROMPT", line: result.lines.join("\n") };
  return { verdict: "ESCALATE", line: `ESCALATE: ${result.message}` };
}

/** The round after `afterRound`'s verdict, once any question in it is answered; null while it waits. */
function roundAfter(p: Progress, v: VerdictRecord): RoundNumber | null {
  const step = nextStep(p.council, v.afterRound);
  if (step.kind === "round") return step.round;
  if (step.kind === "confirm") return v.confirmed === null ? null : v.confirmed ? step.ifYes : step.ifNo;
  return null;
}

/**
 * What is due at `now` and where the table stands. Pure: the same ledger and time give the same answer,
 * so every process and every door (a read, an answer, the sweeper) writes the same thing, at most once.
 */
export function standing(p: Progress, now: number): Standing {
  const cur = [...p.rounds].sort((a, b) => b.round - a.round)[0];
  if (!cur) {
    if (p.awaiting?.length) return { due: [], phase: { kind: "consent", waiting: [...p.awaiting] } };
    return { due: [{ kind: "open", round: 1, openedAt: now, deadlineAt: now + p.deadlineMs }], phase: null };
  }

  if (cur.closedAt === null) {
    const status = roundStatus(p.council, cur.round);
    if (liveSeats(p.council).length < SEATS_MIN)
      return { due: [{ kind: "close", round: cur.round, because: "too few seats" }], phase: null };
    if (status.canClose)
      return { due: [{ kind: "close", round: cur.round, because: "all answered" }], phase: null };
    const missed = missedDeadline(p.council, cur.round, {
      openedAt: cur.openedAt,
      now,
      deadlineMs: cur.deadlineAt - cur.openedAt,
    });
    if (missed.length > 0)
      return {
        due: [
          { kind: "empty", round: cur.round, seats: missed },
          { kind: "close", round: cur.round, because: "deadline" },
        ],
        phase: null,
      };
    return {
      due: [],
      phase: { kind: "round", round: cur.round, deadlineAt: cur.deadlineAt, waiting: status.waiting },
    };
  }

  const v = p.verdicts.find((x) => x.afterRound === cur.round);
  if (!v) {
    const step = nextStep(p.council, cur.round);
    switch (step.kind) {
      case "escalate":
        return {
          due: [
            {
              kind: "verdict",
              afterRound: cur.round,
              verdict: "ESCALATE",
              line: `ESCALATE: ${step.reason} — the human decides`,
            },
          ],
          phase: null,
        };
      case "count":
        return { due: [{ kind: "verdict", afterRound: cur.round, ...countVerdict(p.council) }], phase: null };
      case "confirm":
        return {
          due: [
            {
              kind: "verdict",
              afterRound: cur.round,
              verdict: step.inspection.verdict,
              line: step.inspection.line,
              ask: step.ask,
            },
          ],
          phase: null,
        };
      case "round":
        if (step.inspection)
          return {
            due: [
              {
                kind: "verdict",
                afterRound: cur.round,
                verdict: step.inspection.verdict,
                line: step.inspection.line,
              },
            ],
            phase: null,
          };
        return opening(p, step.round, now, now);
      case "wait":
        // A closed round always has every live seat answered or emptied; nothing to do but wait.
        return { due: [], phase: null };
    }
  }

  if (isFinal(v.verdict))
    return { due: [], phase: { kind: "finished", verdict: v.verdict, afterRound: v.afterRound } };

  if (v.ask !== null && v.confirmed === null) {
    const step = nextStep(p.council, v.afterRound);
    const deadlineAt = v.at + p.deadlineMs;
    if (now >= deadlineAt) return { due: [{ kind: "decline", afterRound: v.afterRound }], phase: null };
    if (step.kind !== "confirm") return { due: [], phase: null };
    return {
      due: [],
      phase: {
        kind: "confirm",
        afterRound: v.afterRound,
        verdict: v.verdict,
        ask: v.ask,
        ifYes: step.ifYes,
        ifNo: step.ifNo,
        deadlineAt,
      },
    };
  }
  const target = roundAfter(p, v);
  if (target === null || target > ROUNDS) return { due: [], phase: null };
  return opening(p, target, now, Math.max(v.at, v.confirmedAt ?? 0));
}

/** Open `round` now — unless it is round 3 and its axes are not written yet: then the facilitator is owed them. */
function opening(p: Progress, round: RoundNumber, now: number, since: number): Standing {
  if (round === 3 && p.axes === null) {
    const drafted = p.axesDraft?.length ? p.axesDraft : null;
    const draft =
      drafted ??
      draftAxes({
        options: p.council.options,
        transcript: p.council.answers,
        seats: p.council.seats,
      });
    const deadlineAt = since + p.deadlineMs;
    if (now >= deadlineAt)
      return { due: [{ kind: "axes", axes: draft, source: drafted ? "model" : "template" }], phase: null };
    return { due: [], phase: { kind: "axes", deadlineAt, draft } };
  }
  return { due: [{ kind: "open", round, openedAt: now, deadlineAt: now + p.deadlineMs }], phase: null };
}
