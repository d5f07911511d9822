// Builders for tests: a state in one line per seat, and the worked example, so each test reads like its table.
import exampleJson from "@/server/rules/council/fixtures/adopt-a-pattern.json";
import { NO_CHANGE } from "@/server/rules/council/constants";
import type { Council } from "@/server/rules/council/council";
import type { Answer } from "@/server/rules/council/replies";
import type { CouncilState, StateAgent, StateRound } from "@/server/rules/council/state";
import type { VoteResult } from "@/server/rules/council/vote";

/** The worked example exactly as the file has it (a fresh copy each call, so tests may change it). */
export const workedExample = (): CouncilState => structuredClone(exampleJson) as CouncilState;

/** A seat's final vote: [name, vote, confidence, rationale?, dissent_note?]. */
export type Ballot = [
  name: string,
  vote: unknown,
  confidence: unknown,
  rationale?: string,
  dissent?: string | null,
];

export function ballots(
  seats: Ballot[],
  opts: { options?: string[]; aggregator?: string; values_keywords?: string[] } = {},
): CouncilState {
  const agents = seats.map(([name, vote, confidence, rationale, dissent]): StateAgent => ({
    name,
    soul: `the ${name} lens`,
    rounds: [],
    final: { vote, confidence, rationale: rationale ?? `${name} says so` },
    dissent_note: dissent ?? null,
  }));
  const state: CouncilState = {
    id: "t",
    question: "Which one?",
    options: opts.options ?? ["a", "b", "c"],
    aggregator: opts.aggregator ?? "weighted",
    agents,
  };
  if (opts.values_keywords) state.values_keywords = opts.values_keywords;
  return state;
}

/** Seats with their round entries only: [name, ...rounds]. */
export function positions(seats: [string, ...StateRound[]][], options = ["a", "b", "c"]): CouncilState {
  return {
    id: "t",
    question: "Which one?",
    options,
    aggregator: "weighted",
    agents: seats.map(([name, ...rounds]) => ({ name, soul: `the ${name} lens`, rounds })),
  };
}

/** One round entry. */
export const r = (round: number, position: string, confidence: number, self_update?: string): StateRound =>
  self_update === undefined ? { round, position, confidence } : { round, position, confidence, self_update };

/** Answers in one line each, for the app's shape. */
export const open = (
  name: string,
  position: string,
  confidence: number,
  mind = `${name} would need proof`,
): Answer => ({
  round: 1,
  name,
  reply: {
    position,
    reasoning: `${name} reasons for ${position}.`,
    confidence_now: confidence,
    what_would_change_your_mind: mind,
  },
});
export const deepen = (
  name: string,
  position: string,
  confidence: number,
  target: string,
  self_update = NO_CHANGE,
  critique = `${target} overlooks the cost.`,
): Answer => ({
  round: 2,
  name,
  reply: {
    challenge: { target, critique },
    self_update,
    position,
    reasoning: `${name} still reasons.`,
    confidence_now: confidence,
  },
});
export const converge = (
  name: string,
  position: string,
  confidence: number,
  coalition_with: string[] = [],
): Answer => ({
  round: 3,
  name,
  reply: {
    axis_that_decides_my_vote: "cost",
    coalition_with,
    flip_condition: "a cheaper option",
    position,
    confidence_now: confidence,
  },
});
export const cast = (
  name: string,
  vote: string,
  confidence: number,
  dissent_note: string | null = null,
): Answer => ({
  round: 4,
  name,
  reply: {
    final_vote: vote,
    final_confidence: confidence,
    one_line_rationale: `${name} votes ${vote}`,
    dissent_note,
  },
});

/** A council of live seats with the given answers. */
export function council(names: string[], answers: Answer[] = [], options = ["a", "b", "c"]): Council {
  return {
    id: "c1",
    question: "Which one?",
    context: "Budget is 10k.",
    options,
    aggregator: "weighted",
    valuesKeywords: ["honesty", "safety", "consent"],
    seats: names.map((name) => ({ name, soul: `the ${name} lens`, status: "live" })),
    answers,
  };
}

/** A vote that counted (decided or escalated), else the test fails here. */
export const counted = (r: VoteResult) => {
  if (r.kind !== "decided" && r.kind !== "escalated") throw new Error(`expected a count, got ${r.kind}`);
  return r;
};
/** The kinds of a counted vote's escalation reasons, in order. */
export const reasonKinds = (r: VoteResult) => counted(r).reasons.map((x) => x.kind);
