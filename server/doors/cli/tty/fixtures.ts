// Test fixtures for the terminal: the worked example of §10 as the server would hand it to each viewer.
import type { TableState, TableSummary } from "@/server/actions/game";
import { lobbyMay, settingsOf, view, WORKED_EXAMPLE } from "@/server/rules/game";
import { VISIBILITY_TEXT } from "@/server/rules/access";
import type { Me, TtyState } from "./state";

const { game, names } = WORKED_EXAMPLE;
export const MINUTE = 60_000;
/** Minutes after the worked example's start. */
export const minutes = (m: number) => game.startedAt + m * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

/** Aster hosts; Corin is a house bot and Ember an agent here, so every mark shows. */
const KINDS = ["person", "person", "bot", "person", "agent"] as const;

export const meAt = (seat: number): Me => ({
  name: names[seat]!,
  kind: KINDS[seat] === "agent" ? "agent" : "person",
  id: seat + 1,
});

/** The worked table after its first `acts` acts, read by `viewer` (a seat index, or null) at `now`. */
export function workedTable(acts: number, viewer: number | null, now: number): TableState {
  const g = { ...game, acts: game.acts.slice(0, acts) };
  const v = view(g, { seat: viewer }, now);
  return {
    id: 7,
    title: "The wreck of the Fathom",
    host: { id: 1, name: "Aster", kind: "person" },
    status: v.status,
    seatsMax: 5,
    turnWindowMs: game.turnWindowMs,
    deadlineMs: game.deadlineMs,
    createdAt: iso(game.startedAt - MINUTE),
    startedAt: iso(game.startedAt),
    quorum: v.quorum,
    commitment: "c0".repeat(32),
    seed: v.status === "playing" ? null : "5e".repeat(32),
    visibility: "public",
    visibilityText: VISIBILITY_TEXT.public,
    seats: names.map((name, index) => takenSeat(name, index, viewer)),
    yourSeat: viewer,
    invitations: [],
    moderation: [],
    modelNotes: [],
    modelUsage: null,
    youHost: viewer === 0,
    lobby: null,
    game: v,
    settings: Object.fromEntries(game.charter.map((c) => [c, [...(settingsOf(c) ?? [])]])),
    now: iso(now),
  };
}

/** Seat `index`, taken by `name` (a bot plays cooperatively), as `viewer` sees it. */
const takenSeat = (name: string, index: number, viewer: number | null) => ({
  index,
  name,
  kind: KINDS[index]!,
  status: "taken" as const,
  strategy: KINDS[index] === "bot" ? ("cooperative" as const) : null,
  model: null,
  you: index === viewer,
});

/** A table not started yet, with `taken` seats of five, read by `viewer`. */
export function openTableState(taken: number, viewer: number | null, guest = false): TableState {
  const seats = names.slice(0, taken).map((name, index) => takenSeat(name, index, viewer));
  const isHost = viewer === 0;
  return {
    id: 8,
    title: "A table filling up",
    host: { id: 1, name: "Aster", kind: "person" },
    status: "open",
    visibility: "public",
    visibilityText: VISIBILITY_TEXT.public,
    seatsMax: 5,
    turnWindowMs: game.turnWindowMs,
    deadlineMs: game.deadlineMs,
    createdAt: iso(game.startedAt),
    startedAt: null,
    quorum: 4,
    commitment: null,
    seed: null,
    seats,
    yourSeat: viewer,
    invitations: [],
    moderation: [],
    modelNotes: [],
    modelUsage: null,
    youHost: isHost,
    // The lobby's own rules, as the server answers them.
    lobby: lobbyMay({
      caller: guest ? "guest" : "person",
      started: false,
      cancelled: false,
      seated: viewer !== null,
      invited: false,
      samePerson: false,
      host: isHost,
      seatsTaken: taken,
      seatsMax: 5,
      invitedSeats: 0,
    }),
    game: null,
    settings: {},
    now: iso(game.startedAt),
  };
}

export const LOBBY: TableSummary[] = [
  {
    id: 9,
    title: "Three house bots wait for you",
    host: "harbourmaster",
    hostKind: "person",
    status: "open",
    visibility: "public",
    seatsTaken: 3,
    seatsMax: 4,
    createdAt: iso(minutes(0)),
    startedAt: null,
    finishedAt: null,
    yours: false,
    yourTurn: false,
  },
  {
    id: 8,
    title: "A table filling up",
    host: "Aster",
    hostKind: "person",
    status: "open",
    visibility: "public",
    seatsTaken: 2,
    seatsMax: 5,
    createdAt: iso(minutes(0)),
    startedAt: null,
    finishedAt: null,
    yours: true,
    yourTurn: false,
  },
  {
    id: 7,
    title: "The wreck of the Fathom",
    host: "Aster",
    hostKind: "person",
    status: "bound",
    visibility: "public",
    seatsTaken: 5,
    seatsMax: 5,
    createdAt: iso(minutes(0)),
    startedAt: iso(minutes(0)),
    finishedAt: iso(minutes(30)),
    yours: false,
    yourTurn: false,
  },
];

/** A state at the worked table, as `viewer` sees it. */
export function atTable(table: TableState, me: Me, now: number): TtyState {
  return {
    me,
    place: { kind: "table", id: table.id },
    tables: LOBBY,
    cursor: 2,
    scroll: 0,
    table,
    message: null,
    now,
  };
}
