// The vote: the engine's arithmetic over round 4 — validate, score, break ties, escalate, report.
import { CONFIDENCE_MAX, FORBIDDEN_FINAL_CONFIDENCE, SPLIT_THRESHOLD, UNANIMITY_MIN } from "./constants";
import { isConfidence } from "./replies";
import { quorumProblem, valuesKeywordsOf, type CouncilState } from "./state";

/** One seat's valid binding vote. */
export type CastVote = {
  name: string;
  vote: string;
  confidence: number;
  rationale: string;
  dissentNote: string | null;
};

export type Tally = { option: string; sum: number; count: number };

export type ProblemKind = "no-final" | "off-option" | "bad-confidence" | "forbidden-five";
/** Why a seat must answer round 4 again; `text` is what follows "<seat>: " in the printed block. */
export type Problem = { seat: string; kind: ProblemKind; text: string };

export type EscalationKind = "tie" | "split" | "opposing-certainties" | "value" | "unanimity";
/** Why the human decides; `text` is the line printed (indented) under "Escalate because:". */
export type EscalationReason = { kind: EscalationKind; text: string };

/** What the count found, decided or not. */
export type Count = {
  aggregator: string;
  /** Every option in the table's order, with its confidence sum and its number of voters. */
  tally: Tally[];
  winner: string | null;
  /** The winner's sum over the maximum possible (10 × seats); null without a winner. */
  weightedConfidence: { sum: number; max: number; percent: number } | null;
  reasons: EscalationReason[];
  topDissent: CastVote | null;
  topHedger: CastVote | null;
  votes: CastVote[];
  /** The printed block, line by line. */
  lines: string[];
};

export type VoteResult =
  | ({ kind: "decided"; exitCode: 0; winner: string } & Omit<Count, "winner">)
  | ({ kind: "escalated"; exitCode: 3 } & Count)
  | { kind: "reprompt"; exitCode: 2; problems: Problem[]; lines: string[] }
  | { kind: "invalid"; exitCode: 1; message: string; lines: [] };

/** A value from the file, shown as JSON so a number written as text ("8") is told apart from 8. */
const asJson = (v: unknown): string => JSON.stringify(v) ?? String(v);
/** A vote is printed inside quotes already: text bare, anything else as JSON. */
const asVote = (v: unknown): string => (typeof v === "string" ? v : asJson(v));

const hasNote = (note: string | null): boolean => note !== null && note.trim() !== "";

/** Step 1: every problem of every seat, in seat order, or the valid votes. */
export function checkFinals(state: CouncilState): { problems: Problem[]; votes: CastVote[] } {
  const problems: Problem[] = [];
  const votes: CastVote[] = [];
  for (const agent of state.agents) {
    const seat = agent.name;
    const f = agent.final;
    if (!f) {
      problems.push({ seat, kind: "no-final", text: "no final vote" });
      continue;
    }
    const before = problems.length;
    if (typeof f.vote !== "string" || !state.options.includes(f.vote)) {
      const text =
        f.vote === undefined
          ? "final has no vote"
          : `"${asVote(f.vote)}" is not one of ${state.options.join(", ")}`;
      problems.push({ seat, kind: "off-option", text });
    }
    if (!isConfidence(f.confidence)) {
      const text =
        f.confidence === undefined
          ? "final has no confidence"
          : `confidence ${asJson(f.confidence)} outside 1–${CONFIDENCE_MAX}`;
      problems.push({ seat, kind: "bad-confidence", text });
    } else if (f.confidence === FORBIDDEN_FINAL_CONFIDENCE) {
      problems.push({
        seat,
        kind: "forbidden-five",
        text: "5 is forbidden in round 4 — re-prompt for 4 or 6",
      });
    }
    if (problems.length === before && typeof f.vote === "string" && typeof f.confidence === "number") {
      votes.push({
        name: seat,
        vote: f.vote,
        confidence: f.confidence,
        rationale: f.rationale,
        dissentNote: agent.dissent_note ?? null,
      });
    }
  }
  return { problems, votes };
}

/** Steps 2–3: the tally, and the winner after the tie-breaks (null, with the survivors, when none). */
export function score(
  options: readonly string[],
  votes: readonly CastVote[],
  aggregator: string,
): { tally: Tally[]; winner: string | null; tied: string[] } {
  const tally = options.map((option) => {
    const mine = votes.filter((v) => v.vote === option);
    return { option, sum: mine.reduce((s, v) => s + v.confidence, 0), count: mine.length };
  });
  // Any name but "majority" sums confidence: the original scores unknown aggregators like weighted.
  const scoreOf = (t: Tally) => (aggregator === "majority" ? t.count : t.sum);
  const top = Math.max(...tally.map(scoreOf));
  let tied = tally.filter((t) => scoreOf(t) === top).map((t) => t.option);
  if (tied.length > 1)
    tied = keepBest(tied, (o) => Math.max(0, ...votes.filter((v) => v.vote === o).map((v) => v.confidence)));
  if (tied.length > 1)
    tied = keepBest(tied, (o) => -votes.filter((v) => v.vote === o && hasNote(v.dissentNote)).length);
  return { tally, winner: tied.length === 1 ? (tied[0] ?? null) : null, tied: tied.length > 1 ? tied : [] };
}

/** The options that reach the best value of a measure, in their original order. */
function keepBest(options: string[], measure: (o: string) => number): string[] {
  const best = Math.max(...options.map(measure));
  return options.filter((o) => measure(o) === best);
}

/** Step 4: every reason to hand the decision to a human, in the spec's order. */
export function escalations(
  state: CouncilState,
  votes: readonly CastVote[],
  winner: string | null,
  tied: readonly string[],
): EscalationReason[] {
  const reasons: EscalationReason[] = [];
  if (tied.length > 1)
    reasons.push({ kind: "tie", text: `tie between ${tied.join(" and ")} survives every tie-break` });
  const total = votes.reduce((s, v) => s + v.confidence, 0);
  if (winner !== null && total > 0) {
    // The split is judged on the confidence actually cast, not on the 10 × seats maximum.
    const share = sumFor(votes, winner) / total;
    if (share < SPLIT_THRESHOLD) {
      reasons.push({
        kind: "split",
        text: `split: ${winner} holds ${percentOf(sumFor(votes, winner), total)}% of weighted confidence (< ${Math.round(SPLIT_THRESHOLD * 100)}%)`,
      });
    }
  }
  const certain = [...new Set(votes.filter((v) => v.confidence === CONFIDENCE_MAX).map((v) => v.vote))];
  if (certain.length > 1)
    reasons.push({
      kind: "opposing-certainties",
      text: `opposing certainties: 10s on ${certain.join(" and ")}`,
    });
  const keywords = valuesKeywordsOf(state);
  for (const v of votes) {
    const note = (v.dissentNote ?? "").toLowerCase();
    const hit = keywords.find((k) => note.includes(k));
    if (hit !== undefined)
      reasons.push({ kind: "value", text: `${v.name}'s dissent cites a value: "${hit}"` });
  }
  const oneSide = new Set(votes.map((v) => v.vote)).size === 1;
  if (
    state.aggregator === "unanimity-or-escalate" &&
    !(oneSide && votes.every((v) => v.confidence >= UNANIMITY_MIN))
  ) {
    reasons.push({
      kind: "unanimity",
      text: `unanimity-or-escalate: not every persona voted the same side at ≥${UNANIMITY_MIN}`,
    });
  }
  return reasons;
}

/** A whole percentage, computed as 100·part/whole so a half rounds up instead of drifting in binary. */
const percentOf = (part: number, whole: number): number => Math.round((100 * part) / whole);

const sumFor = (votes: readonly CastVote[], option: string): number =>
  votes.filter((v) => v.vote === option).reduce((s, v) => s + v.confidence, 0);

const said = (v: CastVote, head: string): string => (v.rationale === "" ? head : `${head} — ${v.rationale}`);

/** Count the binding votes of a state: the decision block, and why. */
export function vote(state: CouncilState): VoteResult {
  const quorum = quorumProblem(state);
  if (quorum) return { kind: "invalid", exitCode: 1, message: quorum, lines: [] };

  const { problems, votes } = checkFinals(state);
  if (problems.length > 0) {
    return {
      kind: "reprompt",
      exitCode: 2,
      problems,
      lines: ["RE-PROMPT", ...problems.map((p) => `  ${p.seat}: ${p.text}`)],
    };
  }

  const { tally, winner, tied } = score(state.options, votes, state.aggregator);
  const reasons = escalations(state, votes, winner, tied);
  const max = CONFIDENCE_MAX * votes.length;
  const weightedConfidence =
    winner === null
      ? null
      : { sum: sumFor(votes, winner), max, percent: percentOf(sumFor(votes, winner), max) };
  // Sorting is stable, so the earliest seat wins every tie for top dissent and top hedger.
  const topDissent =
    [...votes].filter((v) => v.vote !== winner).sort((a, b) => b.confidence - a.confidence)[0] ?? null;
  const topHedger =
    winner === null
      ? null
      : ([...votes].filter((v) => v.vote === winner).sort((a, b) => a.confidence - b.confidence)[0] ?? null);

  const lines = [
    `DECISION: ${reasons.length > 0 || winner === null ? "ESCALATE" : winner}`,
    `Aggregator: ${[state.aggregator, ...tally.map((t) => `${t.option}: ${t.sum}`)].join(" · ")}`,
  ];
  if (weightedConfidence) {
    lines.push(
      `Weighted confidence: ${weightedConfidence.sum}/${weightedConfidence.max} (${weightedConfidence.percent}%) for ${winner}`,
    );
  }
  lines.push(
    topDissent
      ? `Top dissent: ${said(topDissent, `${topDissent.name} (${topDissent.vote}, ${topDissent.confidence})`)}`
      : "Top dissent: none (no opposing votes)",
  );
  if (topHedger) lines.push(`Top hedger: ${said(topHedger, `${topHedger.name} (${topHedger.confidence})`)}`);
  if (reasons.length > 0)
    lines.push("Escalate because:", ...reasons.map((r) => `  ${r.text}`), "The human decides.");

  const count = {
    aggregator: state.aggregator,
    tally,
    weightedConfidence,
    reasons,
    topDissent,
    topHedger,
    votes,
    lines,
  };
  if (winner !== null && reasons.length === 0) return { kind: "decided", exitCode: 0, winner, ...count };
  return { kind: "escalated", exitCode: 3, winner, ...count };
}
