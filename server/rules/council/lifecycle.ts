// A round's life: who has answered, when it may close, which seats to empty, and what comes next.
import { REPROMPTS, ROUND_DEADLINE_DEFAULT_MS, SEATS_MIN } from "./constants";
import { liveSeats, type Council } from "./council";
import { judge, type Inspection, type InspectorRow } from "./inspect";
import { stanceOf, type RoundNumber } from "./replies";

export type RoundStatus = {
  round: RoundNumber;
  /** Live seats that have answered this round, in seat order. */
  answered: string[];
  /** Live seats still owed an answer, in seat order. */
  waiting: string[];
  emptied: string[];
  live: number;
  /** Every live seat has answered: the round may close now. */
  canClose: boolean;
};

export function roundStatus(council: Pick<Council, "seats" | "answers">, round: RoundNumber): RoundStatus {
  const live = liveSeats(council).map((s) => s.name);
  const has = new Set(council.answers.filter((a) => a.round === round).map((a) => a.name));
  const waiting = live.filter((n) => !has.has(n));
  return {
    round,
    answered: live.filter((n) => has.has(n)),
    waiting,
    emptied: council.seats.filter((s) => s.status === "emptied").map((s) => s.name),
    live: live.length,
    canClose: waiting.length === 0,
  };
}

/** The seats to empty because the round's deadline has passed; time comes in as arguments. */
export function missedDeadline(
  council: Pick<Council, "seats" | "answers">,
  round: RoundNumber,
  clock: { openedAt: number; now: number; deadlineMs?: number },
): { name: string; reason: string }[] {
  if (clock.now < clock.openedAt + (clock.deadlineMs ?? ROUND_DEADLINE_DEFAULT_MS)) return [];
  return roundStatus(council, round).waiting.map((name) => ({
    name,
    reason: `missed the round ${round} deadline`,
  }));
}

/** After a malformed or off-option reply: ask once more, or empty the seat. `badReplies` counts this one. */
export function afterBadReply(
  round: RoundNumber,
  badReplies: number,
): { action: "reprompt" } | { action: "empty"; reason: string } {
  return badReplies <= REPROMPTS
    ? { action: "reprompt" }
    : { action: "empty", reason: `a malformed or off-option reply ${badReplies} times in round ${round}` };
}

/** The council with one seat emptied; its earlier answers stay in the record. */
export function emptySeat<C extends Pick<Council, "seats">>(council: C, name: string, reason: string): C {
  return {
    ...council,
    seats: council.seats.map((s) =>
      s.name === name && s.status === "live" ? { ...s, status: "emptied", emptiedReason: reason } : s,
    ),
  };
}

export type NextStep =
  /** Some live seats have not answered: the round stays open. */
  | { kind: "wait"; waiting: string[] }
  /** Open this round next. After rounds 2 and 3 the inspector's verdict comes along for the minutes. */
  | { kind: "round"; round: RoundNumber; inspection?: Inspection }
  /** The facilitator chooses: yes opens `ifYes`, no opens `ifNo`. */
  | { kind: "confirm"; inspection: Inspection; ask: string; ifYes: RoundNumber; ifNo: RoundNumber }
  /** Round 4 is in: count it with vote(toState(council)). */
  | { kind: "count" }
  /** The table cannot go on; the human decides. */
  | { kind: "escalate"; reason: string };

/** What happens once `justFinished` closes. */
export function nextStep(
  council: Pick<Council, "seats" | "answers" | "options">,
  justFinished: RoundNumber,
): NextStep {
  const live = liveSeats(council);
  if (live.length < SEATS_MIN) return { kind: "escalate", reason: `fewer than ${SEATS_MIN} live seats` };
  const status = roundStatus(council, justFinished);
  if (!status.canClose) return { kind: "wait", waiting: status.waiting };
  if (justFinished === 4) return { kind: "count" };
  if (justFinished === 1) return { kind: "round", round: 2 };

  const rows: InspectorRow[] = live.flatMap((seat) => {
    const a = council.answers.find((x) => x.round === justFinished && x.name === seat.name);
    if (!a) return [];
    const { position, confidence } = stanceOf(a);
    return [
      { name: seat.name, position, confidence, selfUpdate: a.round === 2 ? a.reply.self_update : undefined },
    ];
  });
  const inspection = judge(rows, justFinished, council.options);
  const next: RoundNumber = justFinished === 2 ? 3 : 4;
  switch (inspection.verdict) {
    case "EARLY-STOP":
      return { kind: "round", round: 4, inspection };
    case "CONTINUE":
      return { kind: "round", round: next, inspection };
    case "SKIP-ROUND-3":
      return {
        kind: "confirm",
        inspection,
        ask: "Nobody moved in round 2. Confirm that no new evidence has arrived, and go straight to the vote?",
        ifYes: 4,
        ifNo: 3,
      };
    case "EXPERT-DEFERENCE":
      // After round 3 the vote is next either way: there is nothing left to short-circuit.
      if (next === 4) return { kind: "round", round: 4, inspection };
      return {
        kind: "confirm",
        inspection,
        ask: `Only ${inspection.certain ?? "one seat"} is certain and the rest are at 3 or less. Short-circuit to the vote?`,
        ifYes: 4,
        ifNo: next,
      };
  }
}
