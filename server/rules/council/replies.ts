// What a soul may answer in each of the four rounds, and the check every answer passes before it counts.
import { z } from "zod";
import { fail, ok, type Result } from "@/server/rules/result";
import { CONFIDENCE_MAX, CONFIDENCE_MIN, FORBIDDEN_FINAL_CONFIDENCE, RATIONALE_MAX } from "./constants";

export type RoundNumber = 1 | 2 | 3 | 4;
export const ROUND_NUMBERS = [1, 2, 3, 4] as const satisfies readonly RoundNumber[];
export const ROUND_NAMES = { 1: "OPEN", 2: "DEEPEN", 3: "CONVERGE", 4: "VOTE" } as const;

export type Round1Reply = {
  position: string;
  reasoning: string;
  confidence_now: number;
  what_would_change_your_mind: string;
};
export type Round2Reply = {
  challenge: { target: string; critique: string };
  self_update: string;
  position: string;
  reasoning: string;
  confidence_now: number;
};
export type Round3Reply = {
  axis_that_decides_my_vote: string;
  coalition_with: string[];
  flip_condition: string;
  position: string;
  confidence_now: number;
};
export type Round4Reply = {
  final_vote: string;
  final_confidence: number;
  one_line_rationale: string;
  /** null when the soul has nothing to put on record against the table. */
  dissent_note: string | null;
};
export type ReplyFor<R extends RoundNumber> = {
  1: Round1Reply;
  2: Round2Reply;
  3: Round3Reply;
  4: Round4Reply;
}[R];
export type Reply = ReplyFor<RoundNumber>;

/** Who is answering, against which options, beside whom: what a reply is checked against. */
export type ReplyContext = { options: readonly string[]; names: readonly string[]; self: string };

/** The reply fields of each round, in the order the prompts list them. */
export const REPLY_FIELDS = {
  1: ["position", "reasoning", "confidence_now", "what_would_change_your_mind"],
  2: ["challenge", "self_update", "position", "reasoning", "confidence_now"],
  3: ["axis_that_decides_my_vote", "coalition_with", "flip_condition", "position", "confidence_now"],
  4: ["final_vote", "final_confidence", "one_line_rationale", "dissent_note"],
} as const satisfies { [R in RoundNumber]: readonly (keyof ReplyFor<R>)[] };

export const isConfidence = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= CONFIDENCE_MIN && v <= CONFIDENCE_MAX;

/** Characters as a reader counts them (code points), so Thai or emoji are not penalised twice. */
export const charCount = (s: string): number => [...s].length;

const CONFIDENCE_TEXT = `must be a whole number from ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}`;

const prose = z.custom<string>((v) => typeof v === "string" && v.trim() !== "", {
  message: "must be a non-empty string",
});

const oneOf = (options: readonly string[]) =>
  z.custom<string>((v) => typeof v === "string" && options.includes(v), {
    message: `must be one of: ${options.join(", ")}`,
  });

const confidence = z.custom<number>(isConfidence, { message: CONFIDENCE_TEXT });

const otherSeat = (ctx: ReplyContext) => {
  const others = ctx.names.filter((n) => n !== ctx.self);
  return z.custom<string>((v) => typeof v === "string" && others.includes(v), {
    message: `must be another seat's name (one of: ${others.join(", ")})`,
  });
};

/** The zod schema of each round's reply, for one seat at one table. */
export function replySchemas(ctx: ReplyContext): { [R in RoundNumber]: z.ZodType<ReplyFor<R>> } {
  const position = oneOf(ctx.options);
  return {
    1: z.object({
      position,
      reasoning: prose,
      confidence_now: confidence,
      what_would_change_your_mind: prose,
    }),
    2: z.object({
      challenge: z.object(
        { target: otherSeat(ctx), critique: prose },
        { error: "must be an object with target and critique" },
      ),
      self_update: prose,
      position,
      reasoning: prose,
      confidence_now: confidence,
    }),
    3: z.object({
      axis_that_decides_my_vote: prose,
      coalition_with: z.array(otherSeat(ctx), { error: "must be a list of seat names (it may be empty)" }),
      flip_condition: prose,
      position,
      confidence_now: confidence,
    }),
    4: z.object({
      final_vote: oneOf(ctx.options),
      final_confidence: confidence.refine((v) => v !== FORBIDDEN_FINAL_CONFIDENCE, {
        message: `${FORBIDDEN_FINAL_CONFIDENCE} is forbidden in the vote — choose 4 or 6`,
      }),
      one_line_rationale: prose.refine((v) => charCount(v) <= RATIONALE_MAX && !/[\r\n]/.test(v), {
        error: (iss) =>
          `must be one line of at most ${RATIONALE_MAX} characters (it has ${charCount(String(iss.input))})`,
      }),
      // Models often leave out an empty field: a missing or blank note is no dissent, not a malformed reply.
      dissent_note: z
        .custom<string | null | undefined>((v) => v === undefined || v === null || typeof v === "string", {
          message: "must be a string or null",
        })
        .optional()
        .transform((v) => (typeof v === "string" && v.trim() !== "" ? v : null)),
    }),
  };
}

/** Check one soul's reply for one round; the failure names every wrong field, so one re-prompt can fix them all. */
export function validateReply<R extends RoundNumber>(
  round: R,
  reply: unknown,
  ctx: ReplyContext,
): Result<ReplyFor<R>>;
export function validateReply(round: RoundNumber, reply: unknown, ctx: ReplyContext): Result<Reply> {
  if (!ROUND_NUMBERS.includes(round))
    return fail("invalid", `There is no round ${String(round)}: rounds are 1 to 4.`);
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) {
    return fail("invalid", `The round ${round} reply must be a JSON object.`);
  }
  const parsed = replySchemas(ctx)[round].safeParse(reply);
  if (parsed.success) return ok(parsed.data);
  const problems = parsed.error.issues.map((i) => `${i.path.map(String).join(".")} ${i.message}`);
  return fail("invalid", `The round ${round} reply is not valid: ${problems.join("; ")}.`);
}

/** One seat's validated answer to one round: the transcript and the council's record are lists of these. */
export type Answer = { [R in RoundNumber]: { round: R; name: string; reply: ReplyFor<R> } }[RoundNumber];

/** The stance an answer takes, whatever its round: what the inspector, the axes and the export read. */
export function stanceOf(answer: Answer): { position: string; confidence: number } {
  return answer.round === 4
    ? { position: answer.reply.final_vote, confidence: answer.reply.final_confidence }
    : { position: answer.reply.position, confidence: answer.reply.confidence_now };
}
