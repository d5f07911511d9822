// Round Tables, declared once: the list, one table, its minutes and state file, convening, a seat's answer, the
// facilitator's steps, and the long poll for one's round.
import { z } from "zod";
import {
  answerRound,
  confirmStep,
  convene,
  councilMinutes,
  draftAxesByModel,
  ZDraftAxes,
  councilState,
  exportState,
  importState,
  listCouncils,
  listDecisions,
  recordRuling,
  setAxes,
  waitForRound,
  WAIT_MAX_MS,
  ZAnswer,
  ZAxes,
  ZConfirm,
  ZConvene,
  ZRuling,
  replaceSeat,
  setCouncilVisibility,
  ZReplaceSeat,
} from "../actions/council";
import { VISIBILITIES } from "../rules/access";
import { linkOperations } from "./links";
import { AXES_MAX, AXES_MIN, OPTIONS_MAX, OPTIONS_MIN, SEATS_MAX, SEATS_MIN } from "../rules/council";
import { ZCouncilSummary, ZCouncilView, ZFitView, ZMinutes, ZStateFile } from "./council.schemas";
import { ZId, ZInstant, ZTimeout } from "./common";
import { ANYONE, idempotent, operation, PEOPLE, SIGNED_IN } from "./operation";
import { verbatim } from "./wire";

const councilId = ZId.describe("the round table's id (from list_councils)");
const options = `${OPTIONS_MIN}–${OPTIONS_MAX} option slugs`;
const seats = `${SEATS_MIN}–${SEATS_MAX} seats`;
const waitUpTo = `${WAIT_MAX_MS / 1000} s`;
const onCouncil = z.object({ councilId });

export const COUNCIL_OPERATIONS = {
  list: operation({
    name: "councils.list",
    summary:
      "Every round table: its question, status, the open round, and whether you facilitate it or wear a seat.",
    input: z.object({}).strict(),
    output: z.object({ councils: z.array(ZCouncilSummary) }),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/councils" },
    mcp: {
      tool: "list_councils",
      description:
        "List the round tables: id, question, status (open, decided, escalated, record), the open round, and whether your seat owes it an answer (your_turn).",
    },
    run: ({ db, who, now }) => listCouncils(db, who, now),
  }),
  decisions: operation({
    name: "councils.decisions",
    summary:
      "The decisions log, newest first: one line per round table that decided or was ruled — its question, the decision (by the vote or a ruling), when, and its minutes' path.",
    input: z.object({}).strict(),
    output: z.object({
      decisions: z.array(
        z.object({
          councilId: z.number(),
          question: z.string(),
          decision: z
            .string()
            .describe('the option chosen, or a ruling\'s choice (an option, or "no decision")'),
          how: z.enum(["vote", "ruling"]),
          at: ZInstant,
          by: z.string().nullable().describe("who ruled; null for a vote"),
          minutes: z.string().describe("the path of the table's minutes"),
          fit: ZFitView.nullable().describe(
            "Step 0's answers beside the outcome; null for an imported record",
          ),
        }),
      ),
    }),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/decisions" },
    run: ({ db, who }) => listDecisions(db, who),
  }),
  state: operation({
    name: "councils.state",
    summary:
      "One round table as you may see it: seats, rounds (an open round's answers only your own), verdicts, the vote, the decision block, the ruling; your_round (the prompt and fields) when your seat owes an answer.",
    input: onCouncil.strict(),
    output: ZCouncilView,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/councils/:council_id" },
    mcp: {
      tool: "council_state",
      description:
        "Read one round table as you may see it: question, context, options, seats, every closed round's answers (an open round's answers stay hidden until it closes, except your own), the inspector's verdicts, the vote and decision block. When your seat owes the open round an answer, `your_round` holds the prompt to answer from and the reply fields.",
    },
    run: ({ db, who, now }, i) => councilState(db, who, { id: i.councilId }, now),
  }),
  minutes: operation({
    name: "councils.minutes",
    summary:
      "The minutes as you may read them (an open round's answers are not in them): the Markdown, its file name, and the document the page renders.",
    input: onCouncil.strict(),
    output: ZMinutes,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/councils/:council_id/minutes" },
    run: ({ db, who, now }, i) => councilMinutes(db, who, { id: i.councilId }, now),
  }),
  exportState: operation({
    name: "councils.exportState",
    summary:
      "The state file of the table (closed rounds, live seats), exactly as `npx parley council vote|inspect` reads it.",
    input: onCouncil.strict(),
    output: ZStateFile,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/councils/:council_id/state.json" },
    run: ({ db, who, now }, i) => exportState(db, who, { id: i.councilId }, now),
  }),
  importState: operation({
    name: "councils.importState",
    summary: "Import the original skill's state file (RoundTableState JSON) as a read-only record.",
    input: idempotent(
      z
        .object({
          // Any JSON: the state file is read as leniently as the original script read it, and says itself what
          // is wrong with it (a missing options or agents list).
          state: verbatim(
            z
              .unknown()
              .describe("the state file (RoundTableState JSON), in the original skill's own field names"),
          ),
        })
        .strict(),
    ),
    output: z.object({ id: z.number() }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/import", status: 201, bodyField: "state" },
    run: ({ db, who, now }, i) => importState(db, who, i.state, now),
  }),
  convene: operation({
    name: "councils.convene",
    summary: `Convene a round table: fit (Step 0: decision, options, stakes — one sentence each), question, context, ${options}, aggregator, values_keywords, round_deadline_ms, and ${seats} (name, soul, source, wearer: person | agent | model). Round 1 opens at once.`,
    input: idempotent(ZConvene),
    output: z.object({ id: z.number() }),
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/councils", status: 201 },
    mcp: {
      tool: "convene",
      description: `Convene a round table on one decision (your owner facilitates it). First answer Step 0 in \`fit\`, one sentence each — decision (what will be done differently depending on the answer), options (why these options), stakes (what a wrong call costs); without all three it is refused. Then: question, context, ${options}, aggregator, values_keywords, round_deadline_ms, and ${seats}, each with a soul text, its source and who wears it (a person, an agent, or a model the server runs). Round 1 opens at once.`,
    },
    run: ({ db, who, now }, i) => convene(db, who, i, now),
  }),
  answer: operation({
    name: "councils.answer",
    summary:
      "Answer the open round for the seat you wear: {round?, reply}. A malformed or off-option reply is refused once (answer again); a second empties the seat.",
    input: ZAnswer.extend({ councilId }),
    output: z.object({ round: z.number(), seat: z.string() }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/councils/:council_id/answer" },
    mcp: {
      tool: "answer_round",
      description:
        "Answer the open round for the seat you wear, with the round's JSON fields as `reply` (see your_round.fields in council_state). The engine validates it: a malformed or off-option reply is refused with the reason and you may answer once more; a second bad reply empties your seat.",
    },
    run: ({ db, who, now }, i) => answerRound(db, who, i, now),
  }),
  confirm: operation({
    name: "councils.confirm",
    summary:
      "The facilitator answers the inspector's question (SKIP-ROUND-3, EXPERT-DEFERENCE): {confirm: true | false}.",
    input: ZConfirm.extend({ councilId }),
    output: z.object({ afterRound: z.number(), confirmed: z.boolean() }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/confirm" },
    run: ({ db, who, now }, i) => confirmStep(db, who, i, now),
  }),
  axes: operation({
    name: "councils.axes",
    summary: `The facilitator writes round 3's ${AXES_MIN}–${AXES_MAX} disagreement axes ({axes}) or accepts the draft ({accept_draft: true}).`,
    input: ZAxes.extend({ councilId }),
    output: z.object({ axes: z.array(z.string()) }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/axes" },
    run: ({ db, who, now }, i) => setAxes(db, who, i, now),
  }),
  draftAxes: operation({
    name: "councils.draftAxes",
    summary: `After round 2, the facilitator asks a model to draft round 3's ${AXES_MIN}–${AXES_MAX} axes from the transcript: a model seat of the table ({seat}, default the first), or a provider the server holds a key for ({provider, model?, base_url?}). The draft is offered for editing; confirm it with councils.axes.`,
    input: ZDraftAxes.extend({ councilId }),
    output: z.object({
      axes: z.array(z.string()),
      by: z.string().describe("who drafted them: the seat and its provider · model, or the provider · model"),
    }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/axes/draft" },
    // the clock read again after the model answers: the call's latency, and the draft's own moment
    run: ({ db, who, now, clock }, i) => draftAxesByModel(db, who, i, now, { clock }),
  }),
  ruling: operation({
    name: "councils.ruling",
    summary:
      'The facilitator records the human ruling on an escalated table: {choice: an option or "no decision", reason}.',
    input: ZRuling.extend({ councilId }),
    output: z.object({ choice: z.string() }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/ruling", status: 201 },
    run: ({ db, who, now }, i) => recordRuling(db, who, i, now),
  }),
  setVisibility: operation({
    name: "councils.setVisibility",
    summary: "The facilitator changes who may read the round table: public, signed_in or invited.",
    input: onCouncil.extend({ visibility: z.enum(VISIBILITIES) }).strict(),
    output: z.object({ visibility: z.enum(VISIBILITIES) }),
    callers: PEOPLE,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/councils/:council_id/visibility" },
    mcp: {
      tool: "set_council_visibility",
      description: "As the facilitator, set who may read the round table.",
    },
    run: ({ db, who, now }, i) => setCouncilVisibility(db, who, i, now),
  }),
  replaceSeat: operation({
    name: "councils.replaceSeat",
    summary:
      "Before round 1, the facilitator gives a seat nobody has said yes to another wearer (a model soul, or another invitation); its soul stays.",
    input: ZReplaceSeat.extend({ councilId }),
    output: z.object({ seat: z.string(), consent: z.literal("invited").nullable() }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/seats/replace" },
    mcp: {
      tool: "replace_council_seat",
      description:
        "As the facilitator, before round 1: give an unanswered or declined seat another wearer (person, agent or model).",
    },
    run: ({ db, who, now }, i) => replaceSeat(db, who, i, now),
  }),
  ...linkOperations("council", "councilId"),
  wait: operation({
    name: "councils.wait",
    summary: `Wait up to ${waitUpTo} (?timeout_ms=) until your seat owes the open round an answer, or the table finishes; then the table.`,
    input: onCouncil.extend({ timeoutMs: ZTimeout }).strict(),
    output: z.object({
      yourRound: z.boolean().describe("your seat owes the open round an answer now"),
      timedOut: z.boolean(),
      council: ZCouncilView,
    }),
    callers: ANYONE,
    kind: "read",
    longPoll: true,
    rest: { method: "GET", path: "/api/councils/:council_id/wait" },
    mcp: {
      tool: "wait_for_round",
      description: `Wait (up to ${waitUpTo}) until your seat owes the open round an answer, or the table finishes or empties your seat, then return the table; if it returns with timed_out, call it again.`,
    },
    run: ({ db, who, clock, signal }, i) =>
      waitForRound(db, who, { id: i.councilId, timeoutMs: i.timeoutMs }, clock, signal),
  }),
};
