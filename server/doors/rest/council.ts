// The JSON API of Round Tables: convene, read, answer, the facilitator's steps, and the original state file in and out.
import {
  answerRound,
  confirmStep,
  convene,
  councilState,
  exportState,
  importState,
  listCouncils,
  recordRuling,
  setAxes,
  waitForRound,
  ZAnswer,
  ZAxes,
  ZConfirm,
  ZConvene,
  ZRuling,
} from "../../actions/council";
import { route, type RestRoute } from "./route";

const tag = "councils";

export const COUNCIL_ROUTES: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/councils",
    tag,
    summary:
      "Every round table: its question, status, the open round, and whether you facilitate it or wear a seat.",
    call: ({ db, who, clock }) => listCouncils(db, who, clock()),
  }),
  route({
    method: "POST",
    path: "/api/councils",
    tag,
    summary:
      "Convene a round table: question, context, 2–4 option slugs, aggregator, values_keywords, round_deadline_ms, and 3–8 seats (name, soul, source, wearer: person | agent | model). Round 1 opens at once.",
    body: ZConvene,
    status: 201,
    call: ({ db, who, clock, body }) => convene(db, who, body, clock()),
  }),
  route({
    method: "POST",
    path: "/api/councils/import",
    tag,
    summary: "Import the original skill's state file (RoundTableState JSON) as a read-only record.",
    status: 201,
    call: ({ db, who, clock, body }) => importState(db, who, body, clock()),
  }),
  route({
    method: "GET",
    path: "/api/councils/:id",
    tag,
    summary:
      "One round table as you may see it: seats, rounds (an open round's answers only your own), verdicts, the vote, the decision block, the ruling; your_round (the prompt and fields) when your seat owes an answer.",
    call: ({ db, who, clock, params }) => councilState(db, who, { id: params.id }, clock()),
  }),
  route({
    method: "GET",
    path: "/api/councils/:id/state.json",
    tag,
    summary:
      "The state file of the table (closed rounds, live seats), exactly as `npx parley council vote|inspect` reads it.",
    call: ({ db, who, clock, params }) => exportState(db, who, { id: params.id }, clock()),
  }),
  route({
    method: "GET",
    path: "/api/councils/:id/wait",
    tag,
    summary:
      "Wait up to 25 s (?timeout_ms=) until your seat owes the open round an answer, or the table finishes; then the table.",
    call: ({ db, who, clock, params, query }) =>
      waitForRound(
        db,
        who,
        {
          id: params.id,
          timeoutMs: /^\d{1,6}$/.test(query.get("timeout_ms") ?? "")
            ? Number(query.get("timeout_ms"))
            : undefined,
        },
        clock,
      ),
  }),
  route({
    method: "POST",
    path: "/api/councils/:id/answer",
    tag,
    summary:
      "Answer the open round for the seat you wear: {round?, reply}. A malformed or off-option reply is refused once (answer again); a second empties the seat.",
    body: ZAnswer,
    call: ({ db, who, clock, params, body }) => answerRound(db, who, { id: params.id, body }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/councils/:id/confirm",
    tag,
    summary:
      "The facilitator answers the inspector's question (SKIP-ROUND-3, EXPERT-DEFERENCE): {confirm: true | false}.",
    body: ZConfirm,
    call: ({ db, who, clock, params, body }) => confirmStep(db, who, { id: params.id, body }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/councils/:id/axes",
    tag,
    summary:
      "The facilitator writes round 3's 2–4 disagreement axes ({axes}) or accepts the draft ({accept_draft: true}).",
    body: ZAxes,
    call: ({ db, who, clock, params, body }) => setAxes(db, who, { id: params.id, body }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/councils/:id/ruling",
    tag,
    summary:
      'The facilitator records the human ruling on an escalated table: {choice: an option or "no decision", reason}.',
    body: ZRuling,
    status: 201,
    call: ({ db, who, clock, params, body }) => recordRuling(db, who, { id: params.id, body }, clock()),
  }),
];
