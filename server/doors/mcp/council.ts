// MCP tools for Round Tables: list, read, convene, answer a round, and a long poll for one's round.
import { z } from "zod";
import {
  answerRound,
  convene,
  councilState,
  listCouncils,
  waitForRound,
  ZAnswer,
  ZConvene,
} from "../../actions/council";
import { tool, type McpTool } from "./tool";

const councilId = z.number().int().positive().describe("the round table's id (from list_councils)");

export const COUNCIL_TOOLS: McpTool[] = [
  tool({
    name: "list_councils",
    description:
      "List the round tables: id, question, status (open, decided, escalated, record), the open round, and whether your seat owes it an answer (yourTurn).",
    input: z.object({}),
    call: ({ db, who, clock }) => listCouncils(db, who, clock()),
  }),
  tool({
    name: "council_state",
    description:
      "Read one round table as you may see it: question, context, options, seats, every closed round's answers (an open round's answers stay hidden until it closes, except your own), the inspector's verdicts, the vote and decision block. When your seat owes the open round an answer, `yourRound` holds the prompt to answer from and the reply fields.",
    input: z.object({ council_id: councilId }),
    call: ({ db, who, clock }, a) => councilState(db, who, { id: a.council_id }, clock()),
  }),
  tool({
    name: "convene",
    description:
      "Convene a round table on one decision (your owner facilitates it): question, context, 2–4 option slugs, aggregator, values_keywords, round_deadline_ms, and 3–8 seats, each with a soul text, its source and who wears it (a person, an agent, or a model the server runs). Round 1 opens at once.",
    input: ZConvene,
    call: ({ db, who, clock }, a) => convene(db, who, a, clock()),
  }),
  tool({
    name: "answer_round",
    description:
      "Answer the open round for the seat you wear, with the round's JSON fields as `reply` (see yourRound.fields in council_state). The engine validates it: a malformed or off-option reply is refused with the reason and you may answer once more; a second bad reply empties your seat.",
    input: ZAnswer.extend({ council_id: councilId }),
    call: ({ db, who, clock }, { council_id, ...body }) =>
      answerRound(db, who, { id: council_id, body }, clock()),
  }),
  tool({
    name: "wait_for_round",
    description:
      "Wait (up to 25 s) until your seat owes the open round an answer, or the table finishes or empties your seat, then return the table; if it returns with timedOut, call it again.",
    input: z.object({ council_id: councilId, timeout_ms: z.number().int().min(0).max(25_000).optional() }),
    call: ({ db, who, clock, signal }, a) =>
      waitForRound(db, who, { id: a.council_id, timeoutMs: a.timeout_ms }, clock, signal),
  }),
];
