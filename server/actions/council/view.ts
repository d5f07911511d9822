// One round table as one viewer may see it. An open round's answers (and its bad replies' content) reach only the
// seat that wrote them; everyone — the facilitator included — sees who has answered, and all of it once it closes.
import type { Who } from "../../identity";
import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  FORBIDDEN_FINAL_CONFIDENCE,
  isFinal,
  RATIONALE_MAX,
  REPLY_FIELDS,
  ROUND_NAMES,
  ROUNDS,
  stanceOf,
  standing,
  toState,
  vote,
  type Answer,
  type Phase,
  type RoundNumber,
} from "../../rules/council";
import { axesDraft, NO_DECISION } from "./facilitate";
import {
  isFacilitator,
  openRound,
  progressOf,
  rulesCouncil,
  seatName,
  seatOf,
  type LoadedCouncil,
} from "./load";
import { promptFor } from "./prompt";

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

export type AnswerView = {
  name: string;
  round: number;
  reply: Record<string, unknown>;
  position: string;
  confidence: number;
  at: string;
};

export type RoundView = {
  round: number;
  name: string;
  openedAt: string;
  deadlineAt: string;
  closedAt: string | null;
  closedBecause: string | null;
  open: boolean;
  /** Who has answered: public, even while the round is open. */
  answered: string[];
  /** Live seats still owed an answer (open round only). */
  waiting: string[];
  /** The answers this viewer may read: all once closed; while open, only their own. */
  answers: AnswerView[];
  /** Answers written but not shown to this viewer until the round closes. */
  hidden: number;
};

export type FailureView = {
  name: string;
  round: number;
  attempt: number;
  /** Null while the round is open, for everyone but the seat itself. */
  problem: string | null;
  raw: string | null;
  at: string;
};

export type CallView = {
  name: string;
  round: number;
  attempt: number;
  provider: string;
  model: string;
  startedAt: string;
  finishedAt: string | null;
  ok: boolean | null;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number | null;
  costUsd: number | null;
  error: string | null;
};

export type VerdictView = {
  afterRound: number;
  verdict: string;
  line: string;
  ask: string | null;
  confirmed: boolean | null;
  /** Who answered the question; null with `confirmed` set means the deadline answered it. */
  confirmedBy: string | null;
  confirmedAt: string | null;
  at: string;
};

export type VoteRow = {
  name: string;
  lens: string;
  vote: string;
  confidence: number;
  rationale: string;
  dissentNote: string | null;
};

export type ResultView = {
  kind: "decided" | "escalated" | "reprompt";
  afterRound: number;
  winner: string | null;
  /** The decision block, line by line, exactly as `parley council vote` prints it for the exported state. */
  lines: string[];
  tally: { option: string; sum: number; count: number }[];
  weightedConfidence: { sum: number; max: number; percent: number } | null;
  votes: VoteRow[];
  reasons: string[];
};

export type PhaseView =
  | { kind: "round"; round: number; name: string; deadlineAt: string; waiting: string[] }
  | { kind: "confirm"; afterRound: number; verdict: string; ask: string; deadlineAt: string }
  | { kind: "axes"; deadlineAt: string }
  | { kind: "finished"; verdict: string }
  /** An imported record that stops short of a count. */
  | { kind: "record" };

/** What the viewer's seat is asked now, so a form or an agent can answer without re-deriving a rule. */
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

/** May the viewer do it now: true, or the sentence that says why not. */
export type CouncilMay = {
  answer: true | string;
  confirm: true | string;
  axes: true | string;
  ruling: true | string;
};

export type CouncilView = {
  id: number;
  question: string;
  context: string;
  options: string[];
  aggregator: string;
  valuesKeywords: string[];
  roundDeadlineMs: number;
  facilitator: { id: number; name: string };
  createdAt: string;
  closedAt: string | null;
  imported: boolean;
  /** The state file's id (an imported record's own, else this table's number). */
  stateId: string;
  demo: boolean;
  status: string;
  phase: PhaseView;
  seats: SeatView[];
  rounds: RoundView[];
  failures: FailureView[];
  calls: CallView[];
  verdicts: VerdictView[];
  axes: string[] | null;
  /** The engine's draft of the axes, once rounds 1–2 are closed and until round 3 opens. */
  draftAxes: string[] | null;
  result: ResultView | null;
  ruling: { choice: string; reason: string; by: string; at: string } | null;
  noDecision: string;
  you: { facilitator: boolean; seat: string | null };
  yourRound: YourRound | null;
  may: CouncilMay;
  now: string;
};

export const lensOf = (name: string): string => `the ${name} lens`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function wearerOf(l: LoadedCouncil, s: LoadedCouncil["seats"][number]): { wearer: Wearer; wornBy: string } {
  if (l.imported) return { wearer: "nobody", wornBy: "imported" };
  if (s.wearer === "person") return { wearer: "person", wornBy: s.user?.name ?? "a person" };
  if (s.wearer === "agent") return { wearer: "agent", wornBy: s.agent?.name ?? "an agent" };
  return { wearer: "model", wornBy: `${s.provider ?? "?"} · ${s.model ?? "?"}` };
}

function answerView(l: LoadedCouncil, a: LoadedCouncil["answers"][number]): AnswerView {
  const name = seatName(l, a.seatId);
  const stance = stanceOf({ round: a.round, name, reply: a.reply } as Answer);
  return {
    name,
    round: a.round,
    reply: a.reply as Record<string, unknown>,
    position: stance.position,
    confidence: stance.confidence,
    at: a.at.toISOString(),
  };
}

function phaseView(l: LoadedCouncil, phase: Phase | null): PhaseView {
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
  }
}

function statusOf(l: LoadedCouncil, phase: PhaseView, result: ResultView | null): string {
  if (phase.kind === "finished")
    return result?.kind === "decided"
      ? `decided: ${result.winner}`
      : result?.kind === "reprompt"
        ? "re-prompt"
        : "escalated";
  if (phase.kind === "round") return `in round ${phase.round} of ${ROUNDS} — ${phase.name}`;
  if (phase.kind === "confirm" || phase.kind === "axes") return "waiting for the facilitator";
  return l.imported ? "imported record" : "starting";
}

/** The count, read again from the record: the same vote over the same exported state the CLI reads. */
function resultOf(l: LoadedCouncil): ResultView | null {
  const final = l.verdicts.find((v) => isFinal(v.verdict));
  if (!final) return null;
  const council = rulesCouncil(l);
  if (final.afterRound === 4) {
    const r = vote(toState(council));
    if (r.kind === "decided" || r.kind === "escalated")
      return {
        kind: r.kind,
        afterRound: 4,
        winner: r.winner,
        lines: r.lines,
        tally: r.tally,
        weightedConfidence: r.weightedConfidence,
        votes: r.votes.map((v) => ({ ...v, lens: lensOf(v.name) })),
        reasons: r.reasons.map((x) => x.text),
      };
    if (r.kind === "reprompt")
      return {
        kind: "reprompt",
        afterRound: 4,
        winner: null,
        lines: r.lines,
        tally: [],
        weightedConfidence: null,
        votes: [],
        reasons: [],
      };
  }
  return {
    kind: "escalated",
    afterRound: final.afterRound,
    winner: null,
    lines: final.line.split("\n"),
    tally: [],
    weightedConfidence: null,
    votes: [],
    reasons: [final.line.replace(/^ESCALATE: /, "")],
  };
}

function yourRoundOf(l: LoadedCouncil, who: Who): YourRound | null {
  const seat = seatOf(l, who);
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

export function viewOf(l: LoadedCouncil, who: Who, now: number): CouncilView {
  const mine = seatOf(l, who);
  const facilitator = isFacilitator(l, who);
  const phase = phaseView(l, l.imported ? null : standing(progressOf(l), now).phase);
  const result = resultOf(l);
  const council = rulesCouncil(l);
  const rounds: RoundView[] = l.rounds.map((r) => {
    const open = r.closedAt === null;
    const written = l.answers.filter((a) => a.round === r.round);
    // In seat order, not arrival order: model souls answer concurrently, so arrival order is chance.
    const seatOrder = new Map(l.seats.map((s, i) => [s.id, i]));
    const shown = (open ? written.filter((a) => a.seatId === mine?.id) : written)
      .slice()
      .sort((a, b) => (seatOrder.get(a.seatId) ?? 0) - (seatOrder.get(b.seatId) ?? 0));
    const answered = new Set(written.map((a) => a.seatId));
    return {
      round: r.round,
      name: ROUND_NAMES[r.round as RoundNumber],
      openedAt: r.openedAt.toISOString(),
      deadlineAt: r.deadlineAt.toISOString(),
      closedAt: iso(r.closedAt),
      closedBecause: r.closedBecause,
      open,
      answered: l.seats.filter((s) => answered.has(s.id)).map((s) => s.name),
      waiting: open ? l.seats.filter((s) => !s.emptiedAt && !answered.has(s.id)).map((s) => s.name) : [],
      answers: shown.map((a) => answerView(l, a)),
      hidden: written.length - shown.length,
    };
  });
  const openRounds = new Set(l.rounds.filter((r) => r.closedAt === null).map((r) => r.round));
  const last = l.verdicts.at(-1);
  const may: CouncilMay = {
    answer:
      yourRoundOf(l, who) !== null
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
  return {
    id: l.id,
    question: l.question,
    context: l.context,
    options: l.options,
    aggregator: l.aggregator,
    valuesKeywords: l.valuesKeywords,
    roundDeadlineMs: l.roundDeadlineMs,
    facilitator: { id: l.facilitatorId, name: l.facilitator.name },
    createdAt: l.createdAt.toISOString(),
    closedAt: iso(l.closedAt),
    imported: l.imported,
    stateId: council.id,
    demo: l.demo !== null,
    status: statusOf(l, phase, result),
    phase,
    seats: l.seats.map((s) => ({
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
    })),
    rounds,
    failures: l.failures.map((f) => {
      const shown = !openRounds.has(f.round) || f.seatId === mine?.id;
      return {
        name: seatName(l, f.seatId),
        round: f.round,
        attempt: f.attempt,
        problem: shown ? f.problem : null,
        raw: shown ? f.raw : null,
        at: f.at.toISOString(),
      };
    }),
    calls: l.calls.map((c) => ({
      name: seatName(l, c.seatId),
      round: c.round,
      attempt: c.attempt,
      provider: c.provider,
      model: c.model,
      startedAt: c.startedAt.toISOString(),
      finishedAt: iso(c.finishedAt),
      ok: c.ok,
      tokensIn: c.tokensIn,
      tokensOut: c.tokensOut,
      latencyMs: c.latencyMs,
      costUsd: c.costUsd,
      error: c.error,
    })),
    verdicts: l.verdicts.map((v) => ({
      afterRound: v.afterRound,
      verdict: v.verdict,
      line: v.line,
      ask: v.ask,
      confirmed: v.confirmed,
      confirmedBy: v.confirmedBy?.name ?? null,
      confirmedAt: iso(v.confirmedAt),
      at: v.at.toISOString(),
    })),
    axes: l.axes,
    draftAxes: l.rounds.some((r) => r.round >= 3) ? null : axesDraft(l),
    result,
    ruling: l.ruling
      ? {
          choice: l.ruling.choice,
          reason: l.ruling.reason,
          by: l.ruling.by.name,
          at: l.ruling.at.toISOString(),
        }
      : null,
    noDecision: NO_DECISION,
    you: { facilitator, seat: mine?.name ?? null },
    yourRound: yourRoundOf(l, who),
    may,
    now: new Date(now).toISOString(),
  };
}
