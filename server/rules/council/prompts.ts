// The four round templates a model soul is given, and the filler that tells it which JSON to return.
import { draftAxes } from "@/server/rules/council/axes";
import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  FORBIDDEN_FINAL_CONFIDENCE,
  NO_CHANGE,
  RATIONALE_MAX,
  ROUNDS,
} from "@/server/rules/council/constants";
import { REPLY_FIELDS, ROUND_NAMES, type Answer, type RoundNumber } from "@/server/rules/council/replies";

export type PromptInput = {
  soul: string;
  name: string;
  question: string;
  context: string;
  options: readonly string[];
  /** Everything answered so far; each round shows only the rounds before it. */
  transcript: readonly Answer[];
  /** Round 3's disagreement axes; when absent the engine's own draft is used. */
  axes?: readonly string[];
};

/** What each reply field must hold, in words a model can follow. */
function fieldGuide(options: readonly string[], others: readonly string[]): Record<string, string> {
  const choice = options.map((o) => JSON.stringify(o)).join(" | ");
  const scale = `a whole number from ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}`;
  const who = others.length > 0 ? others.map((o) => JSON.stringify(o)).join(" | ") : "another seat's name";
  return {
    position: `${choice} — where you stand now`,
    reasoning: "2 to 4 sentences, from your soul and the context only",
    confidence_now: `${scale} — how sure you are right now`,
    what_would_change_your_mind: "the fact or argument that would move you",
    challenge: `{ "target": ${who}, "critique": "the weakest point in their answer, argued" }`,
    self_update: `what the others changed in your view, or exactly "${NO_CHANGE}"`,
    axis_that_decides_my_vote: "the one axis (from the list, or your own words) that settles it for you",
    coalition_with: `a list of seat names you stand with (from ${who}); [] if nobody`,
    flip_condition: "what would flip you to another option",
    final_vote: `${choice} — binding`,
    final_confidence: `${scale}, but never ${FORBIDDEN_FINAL_CONFIDENCE}: choose a side of the middle`,
    one_line_rationale: `one line, at most ${RATIONALE_MAX} characters`,
    dissent_note: "what you want on record against the likely outcome, or null",
  };
}

/** What this round asks of the soul, before the reply format. */
const TASKS: Record<RoundNumber, (p: { axes: readonly string[] }) => string> = {
  1: () =>
    "You speak first and alone: you have not heard anyone else. Take a position on the decision, " +
    "say why in your own voice, and be honest about how sure you are and what would move you.",
  2: () =>
    "You have now read every opening answer. Pick one other soul and press on the weakest point " +
    "of their case, naming them. Then say plainly whether anything you read moved you, and where you stand now.",
  3: ({ axes }) =>
    "The table is narrowing. The disagreement seems to turn on these axes:\n" +
    axes.map((a) => `  - ${a}`).join("\n") +
    "\nSay which axis decides your vote, who you stand with, and what would make you switch.",
  4: () =>
    `This is the binding vote; there is no round after it. Choose one option and a confidence ` +
    `from ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX} (never ${FORBIDDEN_FINAL_CONFIDENCE}). ` +
    "Give your reason in one line, and put any dissent on record.",
};

function describe(answer: Answer): string {
  switch (answer.round) {
    case 1: {
      const r = answer.reply;
      return `${answer.name}: ${r.position} (${r.confidence_now}/10). ${r.reasoning} Would change their mind: ${r.what_would_change_your_mind}`;
    }
    case 2: {
      const r = answer.reply;
      return `${answer.name}: ${r.position} (${r.confidence_now}/10). Challenges ${r.challenge.target}: ${r.challenge.critique} Update: ${r.self_update}. ${r.reasoning}`;
    }
    case 3: {
      const r = answer.reply;
      const allies = r.coalition_with.length > 0 ? r.coalition_with.join(", ") : "nobody";
      return `${answer.name}: ${r.position} (${r.confidence_now}/10). Deciding axis: ${r.axis_that_decides_my_vote}. Stands with: ${allies}. Would flip if: ${r.flip_condition}`;
    }
    case 4: {
      const r = answer.reply;
      return `${answer.name}: votes ${r.final_vote} (${r.final_confidence}/10). ${r.one_line_rationale}`;
    }
  }
}

/** The transcript a round may see: every earlier round, in round then seat order. */
export function earlierRounds(round: RoundNumber, transcript: readonly Answer[]): string[] {
  const blocks: string[] = [];
  for (let r = 1; r < round; r++) {
    const answers = transcript.filter((a) => a.round === r);
    if (answers.length === 0) continue;
    blocks.push(
      `Round ${r} — ${ROUND_NAMES[r as RoundNumber]}:\n${answers.map((a) => `  - ${describe(a)}`).join("\n")}`,
    );
  }
  return blocks;
}

/** Fill one round's template for one soul. */
export function renderPrompt(round: RoundNumber, input: PromptInput): string {
  const others = [...new Set(input.transcript.map((a) => a.name))].filter((n) => n !== input.name);
  const guide = fieldGuide(input.options, others);
  const axes =
    round !== 3
      ? []
      : input.axes && input.axes.length > 0
        ? input.axes
        : draftAxes({ options: input.options, transcript: input.transcript });
  const heard = earlierRounds(round, input.transcript);
  const fields = REPLY_FIELDS[round].map((f) => `  "${f}": ${guide[f] ?? ""}`);
  return [
    `You hold the seat "${input.name}" at a Round Table. Answer only as this soul would:`,
    "<soul>",
    input.soul.trim(),
    "</soul>",
    "",
    `The decision: ${input.question.trim()}`,
    "The facts you may use (there are no others, and no tools to find more):",
    input.context.trim() === "" ? "(none given)" : input.context.trim(),
    `The options, to be named exactly as written: ${input.options.join(", ")}`,
    "",
    ...(heard.length > 0 ? ["What the table has said so far:", ...heard, ""] : []),
    `Round ${round} of ${ROUNDS} — ${ROUND_NAMES[round]}. ${TASKS[round]({ axes })}`,
    "",
    "Reply with one JSON object and nothing else, with exactly these fields:",
    "{",
    fields.join(",\n"),
    "}",
  ].join("\n");
}
