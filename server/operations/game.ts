// Sworn & Said, declared once: the lobby, a table, its seats and the three acts, the long poll, the record.
import { z } from "zod";
import {
  act,
  arenaPlayer,
  arenaStandings,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  openTable,
  startTable,
  tableRecord,
  tableState,
  verifyDeal,
  waitForTurn,
  ZAccept,
  ZOffer,
  ZOpenTable,
  ZPass,
  WAIT_MAX_MS,
  ZInvite,
  inviteToTable,
  setTableVisibility,
  withdrawTableInvitation,
  whisper,
  ZWhisper,
  seatModel,
  ZSeatModel,
  tableAhead,
} from "../actions/game";
import { VISIBILITIES } from "../rules/access";
import { linkOperations } from "./links";
import { MODEL_PEOPLE_ONLY, SAID_MAX, SEATS_MAX, SEATS_MIN, WHISPERS_PER_SEAT } from "../rules/game";
import { ZId, ZInstant, ZTimeout } from "./common";
import { ANYONE, idempotent, operation, PEOPLE, SIGNED_IN } from "./operation";
import { verbatim } from "./wire";

import { ZActAnswer, ZArenaRow, ZDealCheck, ZTableState, ZTableSummary } from "./game.schemas";

const tableId = ZId.describe("the table's id (from list_tables)");
const waitUpTo = `${WAIT_MAX_MS / 1000} s`;
const onTable = z.object({ tableId });

export const GAME_OPERATIONS = {
  arena: operation({
    name: "tables.arena",
    summary:
      "The arena: standings across the finished tables you may read — per person, agent, house-bot strategy and model: seats, accords bound, a rating with its uncertainty, mean payoff and payoff over fallback with its 95% interval, sworn claims, and honesty (the share of its said and whispered claims judged true).",
    input: z.object({}).strict(),
    output: z.object({
      tables: z.number().describe("the finished tables counted (the newest 500)"),
      standings: z.array(ZArenaRow),
    }),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/arena" },
    run: ({ db, who }) => arenaStandings(db, who),
  }),
  arenaPlayer: operation({
    name: "tables.arenaPlayer",
    summary:
      "One player's profile in the arena: its standing and every finished table you may read where it sat, newest first, with its payoff, fallback, sworn and judged claims at each.",
    input: z
      .object({
        player: z
          .string()
          .max(200)
          .describe(
            "the player as the arena names it: person:<id>, agent:<id>, bot:<strategy> or model:<provider>:<model>",
          ),
      })
      .strict(),
    output: z.object({
      standing: ZArenaRow,
      tables: z.array(
        z.object({
          id: z.number(),
          title: z.string(),
          finishedAt: ZInstant,
          seat: z.number(),
          seats: z.array(z.string()).describe("who sat at each seat, by the arena's names"),
          bound: z.boolean(),
          payoff: z.number(),
          fallback: z.number(),
          overFallback: z.number(),
          sworn: z.number(),
          claims: z.number(),
          truths: z.number(),
        }),
      ),
    }),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/arena/player" },
    run: ({ db, who }, i) => arenaPlayer(db, who, i),
  }),
  list: operation({
    name: "tables.list",
    summary: "The lobby: every table with its status and seats, and whether you sit at it.",
    input: z.object({}).strict(),
    output: z.object({ tables: z.array(ZTableSummary) }),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/tables" },
    mcp: {
      tool: "list_tables",
      description:
        "List the tables: id, title, status (open, playing, bound, ended, cancelled), seats taken, and whether you sit at it.",
    },
    run: ({ db, who, now }) => listTables(db, who, now),
  }),
  state: operation({
    name: "tables.state",
    summary:
      "One table as you may see it: charter, seats, clock, the act log; your charge, may and your_payoff if seated.",
    input: onTable.strict(),
    output: ZTableState,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/tables/:table_id" },
    mcp: {
      tool: "table_state",
      description:
        "Read one table as you may see it: charter, seats, status, clock, quorum, the act log with sworn and said claims, the whispers (yours whole, others sealed until the reveal); if you hold a seat, your own charge, `may` (what you may do now, or why not, and which aims you could cite) and `your_payoff` (what the standing offer would pay you).",
    },
    readAhead: tableAhead,
    run: ({ db, who, now, ahead }, i) => tableState(db, who, i, now, ahead),
  }),
  record: operation({
    name: "tables.record",
    summary:
      "The whole table as JSON after the reveal (§11): replay it offline with `npx parley game replay`.",
    input: onTable.strict(),
    output: verbatim(z.record(z.string(), z.unknown()).describe("the table's record, in the format of §11")),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/tables/:table_id/record" },
    run: ({ db, who, now }, i) => tableRecord(db, who, i, now),
  }),
  verify: operation({
    name: "tables.verify",
    summary: "Once revealed, re-deal the table from its seed and check it against the published commitment.",
    input: onTable.strict(),
    output: ZDealCheck,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/tables/:table_id/deal" },
    run: ({ db, who, now }, i) => verifyDeal(db, who, i, now),
  }),
  wait: operation({
    name: "tables.wait",
    summary:
      "Wait until your seat may act or the table settles (a long poll), or the wait runs out; then the table.",
    input: onTable.extend({ timeoutMs: ZTimeout }).strict(),
    output: z.object({ yourTurn: z.boolean(), timedOut: z.boolean(), table: ZTableState }),
    callers: ANYONE,
    kind: "read",
    longPoll: true,
    rest: { method: "GET", path: "/api/tables/:table_id/wait" },
    mcp: {
      tool: "wait_for_turn",
      description: `Wait (up to ${waitUpTo}) until it is your turn or the table ends, then return the table state; if it returns with timed_out, call it again.`,
    },
    run: ({ db, who, clock, signal }, i) => waitForTurn(db, who, i, clock, signal),
  }),
  open: operation({
    name: "tables.open",
    summary: `Open a table (title, seats_max ${SEATS_MIN}–${SEATS_MAX}, turn_window_ms, deadline_ms); you take seat 1.`,
    input: idempotent(ZOpenTable),
    output: z.object({ id: z.number() }),
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/tables", status: 201 },
    mcp: { tool: "open_table", description: "Open a new table and take seat 1." },
    run: ({ db, who }, i) => openTable(db, who, i),
  }),
  join: operation({
    name: "tables.join",
    summary: "Take a free seat at a table that has not started.",
    input: onTable.strict(),
    output: z.object({ seat: z.number() }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/join" },
    mcp: { tool: "join_table", description: "Take a free seat at a table that has not started." },
    run: ({ db, who, now }, i) => joinTable(db, who, i, now),
  }),
  leave: operation({
    name: "tables.leave",
    summary: "Give your seat up (before the start).",
    input: onTable.strict(),
    output: z.object({ left: z.literal(true) }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/leave" },
    mcp: { tool: "leave_table", description: "Give your seat up before the table starts." },
    run: ({ db, who }, i) => leaveTable(db, who, i),
  }),
  fillWithBots: operation({
    name: "tables.fillWithBots",
    summary: "The host seats house bots in the free seats (count: how many; default all).",
    input: onTable
      // The host holds one seat, so at most every other seat is a bot.
      .extend({
        count: z
          .number()
          .int()
          .min(1)
          .max(SEATS_MAX - 1)
          .optional()
          .describe("how many bots"),
      })
      .strict(),
    output: z.object({ seated: z.number() }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/bots" },
    mcp: { tool: "fill_with_bots", description: "As the host, seat house bots in the free seats." },
    run: ({ db, who }, i) => fillWithBots(db, who, i),
  }),
  seatModel: operation({
    name: "tables.seatModel",
    summary:
      "The host seats a model player in a free seat (provider anthropic, openai-compatible or scripted; model; the table's budget for its model calls in tokens, the server's default unless set, at most the server's cap, and optionally in dollars).",
    input: ZSeatModel.extend({ tableId }),
    output: z.object({ seat: z.number(), name: z.string() }),
    callers: PEOPLE,
    agentRefusal: MODEL_PEOPLE_ONLY,
    kind: "write",
    rest: { method: "POST", path: "/api/tables/:table_id/models", status: 201 },
    mcp: {
      tool: "seat_model",
      description:
        "As the host, before the start: seat a model player (provider: anthropic, openai-compatible or scripted) in a free seat; it plays its turns through the server, which asks the provider with only what that seat may see.",
    },
    run: ({ db, who }, { tableId, ...body }) => seatModel(db, who, { tableId, body }),
  }),
  start: operation({
    name: "tables.start",
    summary:
      "The host deals from a fresh seed (its SHA-256 published as the commitment) and starts the clock.",
    input: onTable.strict(),
    output: z.object({ commitment: z.string() }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/start" },
    mcp: {
      tool: "start_table",
      description: `As the host, deal and start the table (at least ${SEATS_MIN} seats taken).`,
    },
    run: ({ db, who, now }, i) => startTable(db, who, i, now),
  }),
  setVisibility: operation({
    name: "tables.setVisibility",
    summary: "The host changes who may read the table: public, signed_in or invited.",
    input: onTable.extend({ visibility: z.enum(VISIBILITIES) }).strict(),
    output: z.object({ visibility: z.enum(VISIBILITIES) }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/visibility" },
    mcp: { tool: "set_table_visibility", description: "As the host, set who may read the table." },
    run: ({ db, who }, i) => setTableVisibility(db, who, i),
  }),
  invite: operation({
    name: "tables.invite",
    summary:
      "The host invites a person (account name) or an agent (id) to a free seat; it holds its place until they answer.",
    input: ZInvite.extend({ tableId }),
    output: z.object({
      seat: z.number(),
      status: z.literal("invited"),
      invitee: z.string(),
      message: z.string(),
    }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/invite", status: 201 },
    mcp: {
      tool: "invite_to_table",
      description:
        "As the host, invite a person (by account name) or an agent (by id) to a free seat before the start; the seat waits for their yes.",
    },
    run: ({ db, who, now }, { tableId, ...body }) => inviteToTable(db, who, { tableId, body }, now),
  }),
  withdraw: operation({
    name: "tables.withdraw",
    summary: "The host withdraws an unanswered invitation, freeing its seat.",
    input: onTable
      .extend({
        seat: z
          .number()
          .int()
          .min(0)
          .max(SEATS_MAX - 1)
          .describe("the seat's index"),
      })
      .strict(),
    output: z.object({ withdrawn: z.literal(true) }),
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/tables/:table_id/withdraw" },
    mcp: {
      tool: "withdraw_table_invite",
      description:
        "As the host, before the start: withdraw an invitation nobody has answered (seat: its index), freeing the seat so the table can start.",
    },
    run: ({ db, who }, i) => withdrawTableInvitation(db, who, i),
  }),
  ...linkOperations("table", "tableId"),
  offer: operation({
    name: "tables.offer",
    summary: "Offer an accord: one setting for every clause of the charter (said optional).",
    input: ZOffer.extend({ tableId }),
    output: ZActAnswer,
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/tables/:table_id/offer" },
    mcp: {
      tool: "offer",
      description:
        "On your turn: offer an accord — exactly one setting for every clause of the table's charter. It becomes the standing offer and clears every acceptance.",
    },
    readAhead: tableAhead,
    run: ({ db, who, now, ahead }, { tableId, ...body }) =>
      act(db, who, "offer", { tableId, body }, now, ahead),
  }),
  accept: operation({
    name: "tables.accept",
    summary: "Accept the standing offer, swearing one of your aims it satisfies (cite, or the default).",
    input: ZAccept.extend({ tableId }),
    output: ZActAnswer,
    callers: SIGNED_IN,
    kind: "write",
    effect: { destructive: true },
    rest: { method: "POST", path: "/api/tables/:table_id/accept" },
    mcp: {
      tool: "accept",
      description:
        "On your turn: accept the standing offer. It costs a truth: you swear one of your aims the accord satisfies (`cite`, one of may.cite; default the first in charter order).",
    },
    readAhead: tableAhead,
    run: ({ db, who, now, ahead }, { tableId, ...body }) =>
      act(db, who, "accept", { tableId, body }, now, ahead),
  }),
  whisper: operation({
    name: "tables.whisper",
    summary: `Whisper to another seat (to: its index): text and/or claims, seen by the two of you until the reveal, when every whisper is published and its claims judged; ${WHISPERS_PER_SEAT} per seat per table, at any moment of play.`,
    input: ZWhisper.extend({ tableId }),
    output: z.object({
      index: z.number(),
      from: z.number(),
      to: z.number(),
      at: ZInstant,
      left: z.number().describe("how many more whispers your seat may send at this table"),
    }),
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/tables/:table_id/whisper", status: 201 },
    mcp: {
      tool: "whisper",
      description: `At any moment of play (not only on your turn): send a private message to another seat — \`to\` (its seat index), text (≤ ${SAID_MAX} characters) and/or claims {clause, setting}. Only the two of you read it until the reveal; then every whisper is published and each claim marked true or false against your charge. At most ${WHISPERS_PER_SEAT} per seat; it takes no turn. Whispers you may read are in table_state's game.whispers.`,
    },
    run: ({ db, who, now }, { tableId, ...body }) => whisper(db, who, { tableId, body }, now),
  }),
  pass: operation({
    name: "tables.pass",
    summary: "Pass your turn (said text and claims optional).",
    input: ZPass.extend({ tableId }),
    output: ZActAnswer,
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/tables/:table_id/pass" },
    mcp: {
      tool: "pass",
      description: `On your turn: pass (optionally saying something: text ≤ ${SAID_MAX} characters and/or claims).`,
    },
    readAhead: tableAhead,
    run: ({ db, who, now, ahead }, { tableId, ...body }) =>
      act(db, who, "pass", { tableId, body }, now, ahead),
  }),
};
