// The answers of Round Tables, as schemas: one table as its viewer may see it, the list, the minutes, the state file.
// TypeScript names here (the JSON API and MCP send them in snake_case); a reply keeps the original skill's own
// field names, and the state file is the original's format, so both cross the doors as they stand.
import { z } from "zod";
import { REPROMPTS } from "../rules/council";
import { VISIBILITIES } from "../rules/access";
import { ZInstant, ZMay, ZModerationEntry } from "./common";
import { verbatim } from "./wire";

const ZNames = z.array(z.string());

/** A seat's reply to its round, in the original skill's field names (position, confidence_now, final_vote…). */
const ZReply = verbatim(
  z
    .record(z.string(), z.unknown())
    .describe("the round's JSON fields, as the seat wrote them (the original skill's field names)"),
);

const ZSeatView = z.object({
  position: z.number(),
  name: z.string(),
  lens: z.string().describe("how the minutes speak of the seat: “the finance lens”"),
  soul: z.string(),
  soulSource: z.string().describe("pasted, uploaded or habit"),
  sourceLabel: z.string(),
  wearer: z.enum(["person", "agent", "model", "nobody"]),
  wornBy: z.string().describe("the person's or agent's name, or “provider · model”"),
  status: z.enum(["live", "emptied"]),
  consent: z
    .enum(["invited", "declined"])
    .nullable()
    .describe("invited: its wearer has not accepted yet; declined: the facilitator replaces it"),
  emptiedRound: z.number().nullable(),
  emptiedReason: z.string().nullable(),
  you: z.boolean(),
});

const ZAnswerView = z.object({
  id: z.number(),
  name: z.string(),
  round: z.number(),
  reply: ZReply,
  position: z.string(),
  confidence: z.number(),
  at: ZInstant,
});

const ZRoundView = z.object({
  round: z.number(),
  name: z.string(),
  openedAt: ZInstant,
  deadlineAt: ZInstant,
  closedAt: ZInstant.nullable(),
  closedBecause: z.string().nullable(),
  open: z.boolean(),
  answered: ZNames.describe("who has answered: public, even while the round is open"),
  waiting: ZNames.describe("live seats still owed an answer (open round only)"),
  answers: z.array(ZAnswerView).describe("the answers you may read: all once closed; while open, your own"),
  hidden: z.number().describe("answers written but not shown to you until the round closes"),
});

const ZFailureView = z.object({
  name: z.string(),
  round: z.number(),
  attempt: z.number(),
  problem: z.string().nullable().describe("null while the round is open, for everyone but the seat itself"),
  raw: z.string().nullable(),
  at: ZInstant,
});

const ZCallView = z.object({
  name: z
    .string()
    .describe('the seat asked; for a draft of the axes, "axes draft" and the seat that drafted them'),
  task: z
    .enum(["answer", "axes"])
    .describe("what was asked: a seat's answer, or a draft of round 3's axes (recorded on round 2)"),
  round: z.number(),
  attempt: z.number(),
  provider: z.string(),
  model: z.string(),
  startedAt: ZInstant,
  finishedAt: ZInstant.nullable(),
  ok: z.boolean().nullable(),
  tokensIn: z.number().nullable(),
  tokensOut: z.number().nullable(),
  latencyMs: z.number().nullable(),
  costUsd: z.number().nullable(),
  error: z.string().nullable(),
  try: z.number().describe("the try of this ask: a transient failure (429, 5xx, no answer) is tried again"),
  retryAt: ZInstant.nullable().describe("after a transient failure: when it is tried again"),
});

const ZVerdictView = z.object({
  afterRound: z.number(),
  verdict: z.string(),
  line: z.string(),
  ask: z.string().nullable(),
  confirmed: z.boolean().nullable(),
  confirmedBy: z.string().nullable().describe("who answered; null with confirmed set: the deadline did"),
  confirmedAt: ZInstant.nullable(),
  at: ZInstant,
  departure: z
    .string()
    .nullable()
    .describe("when an imported record went elsewhere than the verdict said, where it went; null otherwise"),
});

const ZVoteRow = z.object({
  name: z.string(),
  lens: z.string(),
  vote: z.string(),
  confidence: z.number(),
  rationale: z.string(),
  dissentNote: z.string().nullable(),
});

const ZResultView = z.object({
  kind: z.enum(["decided", "escalated", "reprompt"]),
  afterRound: z.number(),
  winner: z.string().nullable(),
  lines: ZNames.describe("the decision block, line by line, as `npx parley council vote` prints it"),
  tally: z.array(z.object({ option: z.string(), sum: z.number(), count: z.number() })),
  weightedConfidence: z.object({ sum: z.number(), max: z.number(), percent: z.number() }).nullable(),
  votes: z.array(ZVoteRow),
  reasons: ZNames,
});

const ZPhaseView = z.union([
  z.object({
    kind: z.literal("round"),
    round: z.number(),
    name: z.string(),
    deadlineAt: ZInstant,
    waiting: ZNames,
  }),
  z.object({
    kind: z.literal("confirm"),
    afterRound: z.number(),
    verdict: z.string(),
    ask: z.string(),
    deadlineAt: ZInstant,
  }),
  z.object({ kind: z.literal("axes"), deadlineAt: ZInstant }),
  z.object({ kind: z.literal("finished"), verdict: z.string() }),
  z.object({ kind: z.literal("record") }).describe("an imported record that stops short of a count"),
  z.object({ kind: z.literal("cancelled"), at: ZInstant }).describe("a moderator cancelled it"),
  z
    .object({ kind: z.literal("consent"), waiting: ZNames })
    .describe("before round 1: the seats whose invited wearers have not accepted yet"),
]);

const ZYourRound = z
  .object({
    round: z.number(),
    name: z.string(),
    prompt: z.string().describe("what to answer from"),
    fields: ZNames.describe("the reply's fields for this round"),
    options: ZNames,
    others: ZNames.describe("the other seats, for a challenge or a coalition"),
    confidences: z.array(z.number()).describe("the confidences this round accepts"),
    rationaleMax: z.number(),
    axes: ZNames,
    attempt: z.number().describe(`${REPROMPTS + 1} after a bad reply: the last chance`),
    lastProblem: z.string().nullable(),
    deadlineAt: ZInstant,
  })
  .describe("what your seat is asked now, when it owes the open round an answer");

/** Step 0's three answers, one sentence each. */
export const ZFitView = z
  .object({ decision: z.string(), options: z.string(), stakes: z.string() })
  .describe(
    "Step 0, the convener's answers: what will be done differently, why these options, what a wrong call costs",
  );

export const ZCouncilView = z.object({
  id: z.number(),
  question: z.string(),
  fit: ZFitView.nullable().describe("Step 0's answers; null for an imported record, which had none"),
  context: z.string(),
  options: ZNames,
  aggregator: z.string(),
  valuesKeywords: ZNames,
  roundDeadlineMs: z.number(),
  facilitator: z.object({ id: z.number(), name: z.string() }),
  createdAt: ZInstant,
  closedAt: ZInstant.nullable(),
  imported: z.boolean(),
  stateId: z.string().describe("the state file's id (an imported record's own, else this table's number)"),
  demo: z.boolean(),
  visibility: z.enum(VISIBILITIES).describe("who may read it: public, signed_in or invited"),
  visibilityText: z.string(),
  invitations: z
    .array(z.object({ seat: z.string(), agentId: z.number().nullable() }))
    .describe("the seats you are invited to (yours, or your agents'): accept or decline them"),
  moderation: z.array(ZModerationEntry),
  status: z.string(),
  phase: ZPhaseView,
  seats: z.array(ZSeatView),
  rounds: z.array(ZRoundView),
  failures: z.array(ZFailureView),
  calls: z.array(ZCallView),
  verdicts: z.array(ZVerdictView),
  axes: ZNames.nullable(),
  draftAxes: ZNames.nullable().describe(
    "the draft of the axes on offer until round 3 opens: a model's when the facilitator asked for one, else the template's",
  ),
  draftAxesBy: z.string().nullable().describe("who drafted the draft on offer; null: the engine's template"),
  axesSource: z
    .enum(["model", "model-edited", "template", "facilitator"])
    .nullable()
    .describe(
      "where the axes came from: a model's draft as it stood, edited by the facilitator, the template's, or the facilitator's own",
    ),
  axesFrom: z.string().nullable().describe("where the axes came from, in words, as the minutes say it"),
  axesDrafters: z
    .object({ seats: ZNames, providers: ZNames })
    .describe("for the facilitator: the model seats and providers that may draft the axes"),
  result: ZResultView.nullable(),
  ruling: z.object({ choice: z.string(), reason: z.string(), by: z.string(), at: ZInstant }).nullable(),
  noDecision: z.string(),
  you: z.object({ facilitator: z.boolean(), seat: z.string().nullable() }),
  yourRound: ZYourRound.nullable(),
  may: z
    .object({ answer: ZMay, confirm: ZMay, axes: ZMay, ruling: ZMay })
    .describe("what you may do now, or why not"),
  now: ZInstant,
});

export const ZCouncilSummary = z.object({
  id: z.number(),
  question: z.string(),
  options: ZNames,
  facilitator: z.string(),
  seats: z.number(),
  status: z.enum(["open", "decided", "escalated", "record", "cancelled"]),
  round: z.number().nullable().describe("the round open now"),
  outcome: z.string().nullable(),
  createdAt: ZInstant,
  closedAt: ZInstant.nullable(),
  imported: z.boolean(),
  demo: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  yours: z.boolean().describe("you facilitate it or wear a seat at it"),
  yourTurn: z.boolean().describe("your seat owes the open round an answer"),
});

const ZSpan = z.object({ kind: z.enum(["text", "strong", "code"]), text: z.string() });

/** The minutes as a document of blocks: the page renders it, the Markdown download is written from it. */
export const ZMinutes = z.object({
  markdown: z.string(),
  filename: z.string(),
  doc: z.array(
    z.union([
      z.object({ kind: z.literal("heading"), level: z.number(), spans: z.array(ZSpan) }),
      z.object({ kind: z.literal("paragraph"), spans: z.array(ZSpan) }),
      z.object({ kind: z.literal("list"), ordered: z.boolean(), items: z.array(z.array(ZSpan)) }),
      z.object({ kind: z.literal("table"), head: ZNames, rows: z.array(z.array(z.array(ZSpan))) }),
      z.object({ kind: z.literal("verbatim"), role: z.enum(["text", "decision"]), lines: ZNames }),
    ]),
  ),
});

/** The original skill's state file (RoundTableState), in its own field names. */
export const ZStateFile = verbatim(
  z
    .object({
      id: z.string(),
      question: z.string(),
      question_context: z.string().optional(),
      options: ZNames,
      aggregator: z.string(),
      values_keywords: ZNames.optional(),
      agents: z.array(
        z.object({
          name: z.string(),
          soul: z.string(),
          rounds: z.array(
            z.object({
              round: z.number(),
              position: z.string(),
              confidence: z.number(),
              self_update: z.string().optional(),
            }),
          ),
          final: z.object({ vote: z.unknown(), confidence: z.unknown(), rationale: z.string() }).optional(),
          dissent_note: z.string().nullable().optional(),
        }),
      ),
    })
    .describe(
      "the original skill's state file (RoundTableState), as `npx parley council vote|inspect` reads it",
    ),
);
