// The inspector: after rounds 2 and 3, decides whether the table stops early, skips, defers or goes on.
import { CONFIDENCE_MAX, DEFERENCE_MAX_OTHERS, EARLY_STOP_MIN, NO_CHANGE, ROUNDS } from "./constants";
import { quorumProblem, type CouncilState, type StateRound } from "./state";

export const VERDICTS = ["EARLY-STOP", "SKIP-ROUND-3", "EXPERT-DEFERENCE", "CONTINUE"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One live seat's latest answer, as the inspector needs it. */
export type InspectorRow = { name: string; position: string; confidence: number; selfUpdate?: string };

export type Inspection = {
  verdict: Verdict;
  /** The one line the CLI prints and the minutes keep. */
  line: string;
  /** The round just finished. */
  round: number;
  /** EARLY-STOP: the option every seat holds. */
  position?: string;
  /** EXPERT-DEFERENCE: the one certain seat. */
  certain?: string;
};

export type InspectResult = ({ ok: true } & Inspection) | { ok: false; line: string };

/** The four checks in the spec's order; the first that holds is the verdict. */
export function judge(rows: readonly InspectorRow[], last: number, options: readonly string[]): Inspection {
  const first = rows[0];
  if (
    first !== undefined &&
    options.includes(first.position) &&
    rows.every((r) => r.position === first.position && r.confidence >= EARLY_STOP_MIN)
  ) {
    return {
      verdict: "EARLY-STOP",
      line: `EARLY-STOP: all hold "${first.position}" at ≥${EARLY_STOP_MIN} after round ${last} — skip to round ${ROUNDS}`,
      round: last,
      position: first.position,
    };
  }
  // A missing self_update is not "no change": silence is not evidence that nobody moved.
  if (last === 2 && rows.length > 0 && rows.every((r) => r.selfUpdate?.trim().toLowerCase() === NO_CHANGE)) {
    return {
      verdict: "SKIP-ROUND-3",
      line: "SKIP-ROUND-3: nobody moved in round 2 — round 3 would be performative (confirm no new evidence)",
      round: last,
    };
  }
  const certain = rows.filter((r) => r.confidence === CONFIDENCE_MAX);
  const expert = certain[0];
  if (
    certain.length === 1 &&
    expert &&
    rows.every((r) => r === expert || r.confidence <= DEFERENCE_MAX_OTHERS)
  ) {
    return {
      verdict: "EXPERT-DEFERENCE",
      line: `EXPERT-DEFERENCE: only ${expert.name} is certain (${CONFIDENCE_MAX}), the rest ≤${DEFERENCE_MAX_OTHERS} — ask the human whether to short-circuit`,
      round: last,
      certain: expert.name,
    };
  }
  return {
    verdict: "CONTINUE",
    line: `CONTINUE: round ${last} still divided — run round ${last + 1}`,
    round: last,
  };
}

/**
 * The CLI's `inspect`: the latest round is the largest number of round entries any seat has, and
 * every seat must hold an entry for it.
 */
export function inspect(state: CouncilState): InspectResult {
  const quorum = quorumProblem(state);
  if (quorum) return { ok: false, line: quorum };
  const last = Math.max(0, ...state.agents.map((a) => a.rounds.length));
  if (last === 0) return { ok: false, line: "round 1: no seat has answered yet" };
  // Round 4 is the vote and there is no round 5: nothing after round 3 is the inspector's.
  if (last >= ROUNDS)
    return { ok: false, line: `round ${last}: the inspector reads rounds 1 to ${ROUNDS - 1} only` };
  const latest = state.agents.map((a) => ({ agent: a, entry: a.rounds.find((r) => r.round === last) }));
  const missing = latest.filter((l) => !l.entry).map((l) => l.agent.name);
  if (missing.length > 0) {
    return { ok: false, line: `round ${last}: not every seat has answered (missing: ${missing.join(", ")})` };
  }
  const rows = latest.flatMap(({ agent, entry }) => (entry ? [rowOf(agent.name, entry)] : []));
  return { ok: true, ...judge(rows, last, state.options) };
}

const rowOf = (name: string, r: StateRound): InspectorRow => ({
  name,
  position: r.position,
  confidence: r.confidence,
  selfUpdate: r.self_update,
});
