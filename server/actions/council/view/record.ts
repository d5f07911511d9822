// What the table did, as it was written and open to anyone: the model calls, the inspector's verdicts, the ruling.
import { seatName, type LoadedCouncil } from "../load";
import { iso } from "./iso";
import { seatOrder } from "./seats";

export type CallView = {
  /** The seat asked ("llm"); for a draft of the axes, the drafter ("axes draft · llm", or "axes draft"). */
  name: string;
  /** What was asked: a seat's answer, or a draft of round 3's axes (recorded on round 2, charged like any call). */
  task: "answer" | "axes";
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
  /** The try of this ask (a transient failure is tried again), and when the next try goes. */
  try: number;
  retryAt: string | null;
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
  /**
   * When the table went elsewhere than the verdict said (only an imported record can: the original skill let its
   * facilitator carry on as they chose), the sentence saying where; null when it followed the verdict.
   */
  departure: string | null;
};

/** The round a verdict after `afterRound` sends the table to: the next one, or 4 (the vote). */
function sentTo(v: { verdict: string; afterRound: number; confirmed: boolean | null }): number {
  if (v.verdict === "EARLY-STOP") return 4;
  if (v.verdict === "SKIP-ROUND-3" || v.verdict === "EXPERT-DEFERENCE")
    return v.confirmed === false ? v.afterRound + 1 : 4;
  return v.afterRound + 1;
}

const roundName = (n: number) => (n === 4 ? "round 4 (the vote)" : `round ${n}`);

export type RulingView = { choice: string; reason: string; by: string; at: string };

export function callsView(l: LoadedCouncil): CallView[] {
  const place = seatOrder(l);
  // a round's answers by seat, then the drafts made from it, in the order they were asked
  const key = (c: (typeof l.calls)[number]) =>
    c.task === "axes" ? [1, c.attempt, 0] : [0, c.attempt, place(c.seatId ?? -1)];
  const inOrder = l.calls.slice().sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return a.round - b.round || x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]! || a.try - b.try;
  });
  return inOrder.map((c) => ({
    name:
      c.task === "axes"
        ? `axes draft${c.seatId === null ? "" : ` · ${seatName(l, c.seatId)}`}`
        : seatName(l, c.seatId ?? -1),
    task: c.task === "axes" ? ("axes" as const) : ("answer" as const),
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
    try: c.try,
    retryAt: iso(c.retryAt),
  }));
}

export function verdictsView(l: LoadedCouncil): VerdictView[] {
  return l.verdicts.map((v) => {
    const went = l.rounds.map((r) => r.round).find((n) => n > v.afterRound);
    const to = v.afterRound < 4 ? sentTo(v) : went;
    return {
      afterRound: v.afterRound,
      verdict: v.verdict,
      line: v.line,
      ask: v.ask,
      confirmed: v.confirmed,
      confirmedBy: v.confirmedBy?.name ?? null,
      confirmedAt: iso(v.confirmedAt),
      at: v.at.toISOString(),
      departure:
        went !== undefined && to !== undefined && went !== to
          ? `The imported record went on to ${roundName(went)}, not ${roundName(to)} as the inspector said.`
          : null,
    };
  });
}

export function rulingView(l: LoadedCouncil): RulingView | null {
  return l.ruling
    ? {
        choice: l.ruling.choice,
        reason: l.ruling.reason,
        by: l.ruling.by.name,
        at: l.ruling.at.toISOString(),
      }
    : null;
}
