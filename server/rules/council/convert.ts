// Import and export: the app's Council to and from the original skill's state file.
import { fail, ok, type Result } from "@/server/rules/result";
import { AGGREGATORS, DEFAULT_VALUES_KEYWORDS, type Aggregator } from "./constants";
import type { Council } from "./council";
import type { Answer } from "./replies";
import type { CouncilState, StateAgent, StateRound } from "./state";

/**
 * The state file of a council. Emptied seats are left out unless asked for: a seat with no final
 * vote would make the original script re-prompt forever.
 */
export function toState(council: Council, opts: { includeEmptied?: boolean } = {}): CouncilState {
  const seats = opts.includeEmptied ? council.seats : council.seats.filter((s) => s.status === "live");
  const agents = seats.map((seat): StateAgent => {
    const mine = council.answers.filter((a) => a.name === seat.name).sort((a, b) => a.round - b.round);
    const rounds = mine.flatMap((a): StateRound[] => {
      if (a.round === 4) return [];
      const entry: StateRound = {
        round: a.round,
        position: a.reply.position,
        confidence: a.reply.confidence_now,
      };
      return [a.round === 2 ? { ...entry, self_update: a.reply.self_update } : entry];
    });
    const agent: StateAgent = { name: seat.name, soul: seat.soul, rounds };
    const vote = mine.find((a) => a.round === 4);
    if (vote?.round === 4) {
      agent.final = {
        vote: vote.reply.final_vote,
        confidence: vote.reply.final_confidence,
        rationale: vote.reply.one_line_rationale,
      };
      agent.dissent_note = vote.reply.dissent_note;
    }
    return agent;
  });
  return {
    id: council.id,
    question: council.question,
    ...(council.context === "" ? {} : { question_context: council.context }),
    options: [...council.options],
    aggregator: council.aggregator,
    values_keywords: [...council.valuesKeywords],
    agents,
  };
}

const isAggregator = (a: string): a is Aggregator => (AGGREGATORS as readonly string[]).includes(a);

/**
 * A council from a state file. The file keeps only positions, confidences and round-2 updates, so
 * the other reply fields come back empty. Values the vote judges (an off-option vote, a 5) are
 * kept as they are, so the count re-prompts exactly as the original would.
 */
export function fromState(state: CouncilState): Result<Council> {
  const answers: Answer[] = [];
  const seen = new Set<string>();
  for (const agent of state.agents) {
    const name = agent.name;
    if (seen.has(name)) return fail("invalid", `Two seats are named "${name}": seat names must be unique.`);
    seen.add(name);
    const rounds = new Set<number>();
    for (const r of agent.rounds) {
      if (r.round !== 1 && r.round !== 2 && r.round !== 3) {
        return fail(
          "invalid",
          `${name} has an entry for round ${String(r.round)}: the state keeps rounds 1 to 3.`,
        );
      }
      if (rounds.has(r.round)) return fail("invalid", `${name} has two entries for round ${r.round}.`);
      if (!Number.isFinite(r.confidence))
        return fail("invalid", `${name}'s round ${r.round} entry has no confidence number.`);
      rounds.add(r.round);
      const stance = { position: r.position, confidence_now: r.confidence };
      if (r.round === 1)
        answers.push({
          round: 1,
          name,
          reply: { ...stance, reasoning: "", what_would_change_your_mind: "" },
        });
      if (r.round === 2) {
        const reply = {
          ...stance,
          reasoning: "",
          challenge: { target: "", critique: "" },
          self_update: r.self_update ?? "",
        };
        answers.push({ round: 2, name, reply });
      }
      if (r.round === 3) {
        const reply = { ...stance, axis_that_decides_my_vote: "", coalition_with: [], flip_condition: "" };
        answers.push({ round: 3, name, reply });
      }
    }
    const f = agent.final;
    if (f) {
      if (typeof f.vote !== "string" || typeof f.confidence !== "number") {
        return fail("invalid", `${name}'s final vote needs a vote (text) and a confidence (a number).`);
      }
      const reply = {
        final_vote: f.vote,
        final_confidence: f.confidence,
        one_line_rationale: f.rationale,
        dissent_note: agent.dissent_note ?? null,
      };
      answers.push({ round: 4, name, reply });
    }
  }
  return ok({
    id: state.id,
    question: state.question,
    context: state.question_context ?? "",
    options: [...state.options],
    // The original scores a name it does not know like weighted; the app says so outright.
    aggregator: isAggregator(state.aggregator) ? state.aggregator : "weighted",
    valuesKeywords: [...(state.values_keywords ?? DEFAULT_VALUES_KEYWORDS)],
    seats: state.agents.map((a) => ({ name: a.name, soul: a.soul, status: "live" as const })),
    answers,
  });
}
