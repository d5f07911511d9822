// The terminal door's state: what screen() draws, what the key reducer changes, and the commands the loop runs.
import type { TableState, TableSummary } from "@/server/actions/game";
import type { Accord, Claim } from "@/server/rules/game";

/** Who sits at the keyboard (`id`: the user's or the agent's); null is a guest, who reads what a guest may. */
export type Me = { name: string; kind: "person" | "agent"; id: number } | null;

/** Where the terminal is: the lobby, one table, the offer composer over a table, or choosing the aim to swear. */
export type Place =
  | { kind: "lobby" }
  | { kind: "table"; id: number }
  | { kind: "compose"; id: number; clause: number; accord: Accord }
  | { kind: "cite"; id: number; index: number };

/** One line under the screen: what an act did (info), or the server's sentence refusing it (error). */
export type Message = { tone: "info" | "error"; text: string };

export type TtyState = {
  me: Me;
  place: Place;
  /** The lobby as last read; null until the first read. */
  tables: TableSummary[] | null;
  /** The lobby row the cursor is on. */
  cursor: number;
  /** How far down a table too tall for the terminal is scrolled (lines). */
  scroll: number;
  /** The open table as last read (redacted for `me` by the server); null while it loads. */
  table: TableState | null;
  message: Message | null;
  /** The clock the time words are read against (ms); the loop moves it once a second. */
  now: number;
};

/** What the loop is asked to do; every one but quit calls an action. */
export type Command =
  | { kind: "refresh" }
  | { kind: "open"; id: number }
  | { kind: "join"; id: number }
  | { kind: "leave"; id: number }
  | { kind: "start"; id: number }
  | { kind: "fill"; id: number }
  | { kind: "offer"; id: number; accord: Accord }
  | { kind: "accept"; id: number; cite?: Claim }
  | { kind: "pass"; id: number }
  | { kind: "quit" };

/** A key as the reducer reads it: one printable character, or one of these names. */
export type Key =
  "up" | "down" | "left" | "right" | "enter" | "escape" | "backspace" | "tab" | "ctrl-c" | (string & {});

export function initialState(me: Me, now: number, tableId?: number): TtyState {
  return {
    me,
    place: tableId === undefined ? { kind: "lobby" } : { kind: "table", id: tableId },
    tables: null,
    cursor: 0,
    scroll: 0,
    table: null,
    message: null,
    now,
  };
}

/** The table id the current place is about, or null in the lobby. */
export const placeTableId = (place: Place): number | null => (place.kind === "lobby" ? null : place.id);

/** The open table's state, only when it is the one the place is about (a stale read never shows). */
export function shownTable(state: TtyState): TableState | null {
  const id = placeTableId(state.place);
  return id !== null && state.table?.id === id ? state.table : null;
}

/** Is the viewer seated at the table shown? Only a seat has a charge, a composer and `may` to show. */
export const seated = (state: TtyState): boolean => state.me !== null && shownTable(state)?.yourSeat != null;

/** Does the viewer host the table shown (a person, an agent that opened it, or that agent's owner)? The server says. */
export const isHost = (table: TableState): boolean => table.youHost;
