// The JSON API of Sworn & Said tables (the seed document's curl examples, under /api/tables).
import {
  act,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  openTable,
  startTable,
  tableRecord,
  tableState,
  ZAccept,
  ZOffer,
  ZOpenTable,
  ZPass,
} from "../../actions/game";
import { route, type RestRoute } from "./route";

const tag = "tables";

export const GAME_ROUTES: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/tables",
    tag,
    summary: "The lobby: every table with its status and seats.",
    call: ({ db, who }) => listTables(db, who),
  }),
  route({
    method: "POST",
    path: "/api/tables",
    tag,
    summary: "Open a table (title, seats_max 4–6, turn_window_ms, deadline_ms); you take seat 1.",
    body: ZOpenTable,
    status: 201,
    call: ({ db, who, body }) => openTable(db, who, body),
  }),
  route({
    method: "GET",
    path: "/api/tables/:id",
    tag,
    summary:
      "One table as you may see it: charter, seats, clock, the act log; your charge, may and your_payoff if seated.",
    call: ({ db, who, clock, params }) => tableState(db, who, { id: params.id }, clock()),
  }),
  route({
    method: "GET",
    path: "/api/tables/:id/record",
    tag,
    summary:
      "The whole table as JSON after the reveal (§11): replay it offline with `npx parley game replay`.",
    call: ({ db, who, clock, params }) => tableRecord(db, who, { id: params.id }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/join",
    tag,
    summary: "Take a free seat.",
    call: ({ db, who, clock, params }) => joinTable(db, who, { id: params.id }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/leave",
    tag,
    summary: "Give your seat up (before the start).",
    call: ({ db, who, params }) => leaveTable(db, who, { id: params.id }),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/bots",
    tag,
    summary: "The host seats house bots in the free seats ({count} optional).",
    call: ({ db, who, params, body }) =>
      fillWithBots(db, who, { id: params.id, count: (body as { count?: unknown } | undefined)?.count }),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/start",
    tag,
    summary:
      "The host deals from a fresh seed (its SHA-256 published as the commitment) and starts the clock.",
    call: ({ db, who, clock, params }) => startTable(db, who, { id: params.id }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/offer",
    tag,
    summary: "Offer an accord: one setting for every clause of the charter.",
    body: ZOffer,
    call: ({ db, who, clock, params, body }) => act(db, who, "offer", { id: params.id, body }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/accept",
    tag,
    summary: "Accept the standing offer, swearing one of your aims it satisfies (cite, or the default).",
    body: ZAccept,
    call: ({ db, who, clock, params, body }) => act(db, who, "accept", { id: params.id, body }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/tables/:id/pass",
    tag,
    summary: "Pass your turn (said text and claims optional).",
    body: ZPass,
    call: ({ db, who, clock, params, body }) => act(db, who, "pass", { id: params.id, body }, clock()),
  }),
];
