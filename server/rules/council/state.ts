// The original skill's state file (RoundTableState), read as leniently as its script read it.
import { z } from "zod";
import { fail, ok, type Result } from "@/server/rules/result";
import { DEFAULT_VALUES_KEYWORDS, SEATS_MIN } from "./constants";

/** One seat's answer to rounds 1–3 as the file keeps it. */
export type StateRound = { round: number; position: string; confidence: number; self_update?: string };

/**
 * A seat's binding round-4 answer. `vote` and `confidence` keep whatever the file says, because a
 * wrong one is the vote's business (a re-prompt naming the seat, exit 2), not a broken file (exit 1).
 */
export type StateFinal = { vote: unknown; confidence: unknown; rationale: string };

export type StateAgent = {
  name: string;
  soul: string;
  rounds: StateRound[];
  final?: StateFinal;
  dissent_note?: string | null;
};

export type CouncilState = {
  id: string;
  question: string;
  /**
   * Not in the original script's type: the facts the souls were given. The original ignores it, so
   * an export that carries it still runs there, and an import keeps it.
   */
  question_context?: string;
  options: string[];
  /** Any string: a name the engine does not know is scored like `weighted`, as the original does. */
  aggregator: string;
  /** Absent: the default keywords. Empty: the value check is off. */
  values_keywords?: string[];
  agents: StateAgent[];
};

const asText = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;

// A field of the wrong type never rejects the file: it becomes a value that matches nothing
// (NaN passes no threshold, an unknown position equals no option).
const ZStateRound = z
  .object({
    round: z.number().catch(Number.NaN),
    position: z
      .unknown()
      .optional()
      .transform((v) => asText(v) ?? ""),
    confidence: z.number().catch(Number.NaN),
    self_update: z.string().optional().catch(undefined),
  })
  .catch({ round: Number.NaN, position: "", confidence: Number.NaN })
  .transform(({ self_update, ...rest }): StateRound =>
    self_update === undefined ? rest : { ...rest, self_update },
  );

const ZStateFinal = z
  .object({
    vote: z.unknown().optional(),
    confidence: z.unknown().optional(),
    rationale: z
      .unknown()
      .optional()
      .transform((v) => asText(v) ?? ""),
  })
  .transform((f): StateFinal => ({ vote: f.vote, confidence: f.confidence, rationale: f.rationale }))
  .optional()
  .catch(undefined);

const ZStateAgent = z
  .object({
    name: z.unknown().optional().transform(asText),
    soul: z
      .unknown()
      .optional()
      .transform((v) => asText(v) ?? ""),
    rounds: z.array(ZStateRound).catch([]),
    final: ZStateFinal,
    dissent_note: z.string().nullable().optional().catch(null),
  })
  .catch({ name: undefined, soul: "", rounds: [], final: undefined, dissent_note: undefined });

const ZCouncilState = z.object({
  id: z
    .unknown()
    .optional()
    .transform((v) => asText(v) ?? ""),
  question: z
    .unknown()
    .optional()
    .transform((v) => asText(v) ?? ""),
  question_context: z.string().optional().catch(undefined),
  options: z.array(z.unknown(), { error: "options must be a list" }),
  aggregator: z.string().catch("weighted"),
  values_keywords: z.array(z.unknown()).nullish().catch(undefined),
  agents: z.array(ZStateAgent, { error: "agents must be a list" }),
});

/** Read a state file's JSON. Only a missing `options` or `agents` list makes it unreadable. */
export function parseState(input: unknown): Result<CouncilState> {
  const parsed = ZCouncilState.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const why = first && first.path.length > 0 ? first.message : "the state must be a JSON object";
    return fail("invalid", `Not a Round Table state: ${why}.`);
  }
  const s = parsed.data;
  const options = [...new Set(s.options.filter((o): o is string => typeof o === "string"))];
  const agents = s.agents.map((a, i): StateAgent => {
    const agent: StateAgent = { name: a.name ?? `seat ${i + 1}`, soul: a.soul, rounds: a.rounds };
    if (a.final) agent.final = a.final;
    if (a.dissent_note !== undefined) agent.dissent_note = a.dissent_note;
    return agent;
  });
  const state: CouncilState = { id: s.id, question: s.question, options, aggregator: s.aggregator, agents };
  if (s.question_context !== undefined) state.question_context = s.question_context;
  if (s.values_keywords) {
    state.values_keywords = s.values_keywords.filter((k): k is string => typeof k === "string");
  }
  return ok(state);
}

/** The line a table with too few seats gets, or null when the quorum holds. */
export function quorumProblem(state: Pick<CouncilState, "agents">): string | null {
  const n = state.agents.length;
  return n < SEATS_MIN
    ? `quorum: ${n} ${n === 1 ? "seat" : "seats"} — a Round Table needs at least ${SEATS_MIN}`
    : null;
}

/**
 * The keywords a dissent note is searched for, lower-cased. Blank ones are dropped: an empty
 * string is "found" in every note and would escalate every table.
 */
export function valuesKeywordsOf(state: Pick<CouncilState, "values_keywords">): string[] {
  const given = state.values_keywords ?? DEFAULT_VALUES_KEYWORDS;
  return given.map((k) => k.toLowerCase()).filter((k) => k.trim() !== "");
}
