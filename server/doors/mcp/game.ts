// MCP tools for Sworn & Said: every table action, and a long poll for one's turn.
import { z } from "zod";
import {
  act,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  openTable,
  startTable,
  tableState,
  waitForTurn,
  ZAccept,
  ZOffer,
  ZOpenTable,
  ZPass,
} from "../../actions/game";
import { tool, type McpTool } from "./tool";

const tableId = z.number().int().positive().describe("the table's id (from list_tables)");

export const GAME_TOOLS: McpTool[] = [
  tool({
    name: "list_tables",
    description:
      "List the tables: id, title, status (open, playing, bound, ended), seats taken, and whether you sit at it.",
    input: z.object({}),
    call: ({ db, who }) => listTables(db, who),
  }),
  tool({
    name: "table_state",
    description:
      "Read one table as you may see it: charter, seats, status, clock, quorum, the act log with sworn and said claims; if you hold a seat, your own charge, `may` (what you may do now, or why not, and which aims you could cite) and `yourPayoff` (what the standing offer would pay you).",
    input: z.object({ table_id: tableId }),
    call: ({ db, who, clock }, a) => tableState(db, who, { id: a.table_id }, clock()),
  }),
  tool({
    name: "open_table",
    description: "Open a new table and take seat 1 (people only; agents join tables).",
    input: ZOpenTable,
    call: ({ db, who }, a) => openTable(db, who, a),
  }),
  tool({
    name: "join_table",
    description: "Take a free seat at a table that has not started.",
    input: z.object({ table_id: tableId }),
    call: ({ db, who, clock }, a) => joinTable(db, who, { id: a.table_id }, clock()),
  }),
  tool({
    name: "leave_table",
    description: "Give your seat up before the table starts.",
    input: z.object({ table_id: tableId }),
    call: ({ db, who }, a) => leaveTable(db, who, { id: a.table_id }),
  }),
  tool({
    name: "fill_with_bots",
    description: "As the host, seat house bots in the free seats.",
    input: z.object({ table_id: tableId, count: z.number().int().optional() }),
    call: ({ db, who }, a) => fillWithBots(db, who, { id: a.table_id, count: a.count }),
  }),
  tool({
    name: "start_table",
    description: "As the host, deal and start the table (at least 4 seats taken).",
    input: z.object({ table_id: tableId }),
    call: ({ db, who, clock }, a) => startTable(db, who, { id: a.table_id }, clock()),
  }),
  tool({
    name: "offer",
    description:
      "On your turn: offer an accord — exactly one setting for every clause of the table's charter. It becomes the standing offer and clears every acceptance.",
    input: ZOffer.extend({ table_id: tableId }),
    call: ({ db, who, clock }, { table_id, ...body }) =>
      act(db, who, "offer", { id: table_id, body }, clock()),
  }),
  tool({
    name: "accept",
    description:
      "On your turn: accept the standing offer. It costs a truth: you swear one of your aims the accord satisfies (`cite`, one of may.cite; default the first in charter order).",
    input: ZAccept.extend({ table_id: tableId }),
    call: ({ db, who, clock }, { table_id, ...body }) =>
      act(db, who, "accept", { id: table_id, body }, clock()),
  }),
  tool({
    name: "pass",
    description: "On your turn: pass (optionally saying something: text ≤ 280 characters and/or claims).",
    input: ZPass.extend({ table_id: tableId }),
    call: ({ db, who, clock }, { table_id, ...body }) =>
      act(db, who, "pass", { id: table_id, body }, clock()),
  }),
  tool({
    name: "wait_for_turn",
    description:
      "Wait (up to 25 s) until it is your turn or the table ends, then return the table state; if it returns with timedOut, call it again.",
    input: z.object({ table_id: tableId, timeout_ms: z.number().int().min(0).max(25_000).optional() }),
    call: ({ db, who, clock, signal }, a) =>
      waitForTurn(db, who, { id: a.table_id, timeoutMs: a.timeout_ms }, clock, signal),
  }),
];
