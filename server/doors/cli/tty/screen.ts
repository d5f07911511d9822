// The terminal's frame as a pure function: state in, lines of plain text out; no database, no clock, no terminal.
import type { TableState, TableSummary } from "@/server/actions/game";
import { isHost, seated, shownTable, type Place, type TtyState } from "./state";
import { accordText, aimNote, claimText, columnsOf, pad, settingCells, tableView } from "./table";

export type Size = { cols: number; rows: number };

const RULE = "─";
const DEFAULT_COLS = 100;

/** Every line fits `cols`; with `rows`, the act log and then the body give way so the frame fits the terminal. */
export function screen(state: TtyState, size: Partial<Size> = {}): string[] {
  const cols = Math.max(20, size.cols ?? DEFAULT_COLS);
  const rows = size.rows ?? Number.POSITIVE_INFINITY;
  const head = header(state, cols);
  const foot = footer(state);
  const room = rows - head.length - foot.length;
  const body = fitBody(state, room);
  const lines = [...head, ...body, ...foot];
  return lines.map((line) => clip(line, cols));
}

const clip = (line: string, cols: number) => (line.length <= cols ? line : `${line.slice(0, cols - 1)}…`);

function header(state: TtyState, cols: number): string[] {
  const who = state.me
    ? `you are ${state.me.name}${state.me.kind === "agent" ? " (agent)" : ""}`
    : "guest, reading only (to sit: PARLEY_USER + PARLEY_PASSWORD, or PARLEY_TOKEN)";
  return [`Parley · Sworn & Said — ${who}`, `keys: ${keysFor(state).join(" · ")}`, RULE.repeat(cols)];
}

/** The keys that do something here, for this viewer; what the server refuses is said by `may`, not hidden. */
export function keysFor(state: TtyState): string[] {
  const place = effectivePlace(state);
  if (place.kind === "compose") return ["j/k clause", "h/l setting", "enter offer", "esc cancel", "q quit"];
  if (place.kind === "cite") return ["j/k aim", "enter swear and accept", "esc cancel", "q quit"];
  if (place.kind === "lobby")
    return ["j/k move", "o open", ...(state.me ? ["s sit"] : []), "r refresh", "q quit"];
  const keys = ["esc lobby", "j/k scroll"];
  const table = shownTable(state);
  if (state.me && table) {
    const lobby = table.lobby;
    if (lobby) {
      if (table.yourSeat === null) keys.push("s sit");
      else keys.push("x leave");
      if (isHost(table)) keys.push("t start", "f fill with bots");
    }
    if (table.status === "playing" && table.yourSeat !== null && table.game?.turn === table.yourSeat)
      keys.push("c offer", "a accept", "p pass");
  }
  keys.push("r refresh", "q quit");
  return keys;
}

/** The composer and the cite chooser are a seat's only: a guest's frame never draws them. */
function effectivePlace(state: TtyState): Place {
  const place = state.place;
  if ((place.kind === "compose" || place.kind === "cite") && !seated(state))
    return { kind: "table", id: place.id };
  return place;
}

function footer(state: TtyState): string[] {
  const m = state.message;
  // A guest acts on nothing, so no refusal is theirs to read.
  if (!m || (m.tone === "error" && !state.me)) return [];
  return ["", `${m.tone === "error" ? "! " : "· "}${m.text}`];
}

function fitBody(state: TtyState, room: number): string[] {
  const place = effectivePlace(state);
  if (place.kind === "lobby") return lobby(state, room);
  const table = shownTable(state);
  if (!table) return [`Opening table #${place.id}…`];
  if (place.kind === "compose") return cut(composer(table, place), room);
  if (place.kind === "cite") return cut(citeChooser(table, place.index), room);
  const body = tableBody(state, table, room);
  if (body.length <= room) return body;
  // Too tall even with the act log trimmed: a window onto the body, moved with j/k.
  const shown = Math.max(1, room - 1);
  const top = Math.min(state.scroll, body.length - shown);
  const more = `— j/k scroll · lines ${top + 1}–${top + shown} of ${body.length} —`;
  return [...body.slice(top, top + shown), more];
}

/** The table's body with the act log trimmed (down to its last 3 acts) to fit `room` if it can. */
function tableBody(state: TtyState, table: TableState, room: number): string[] {
  let body = tableView(state, table, 12);
  for (let tail = 11; body.length > room && tail >= 3; tail--) body = tableView(state, table, tail);
  return body;
}

/** The scroll held inside the body (the reducer does not know the terminal's size; the loop clamps with this). */
export function clampScroll(state: TtyState, size: Partial<Size> = {}): TtyState {
  const table = shownTable(state);
  if (state.scroll === 0 || !table || state.place.kind !== "table") return state;
  const rows = size.rows ?? Number.POSITIVE_INFINITY;
  const room = rows - header(state, 20).length - footer(state).length;
  const body = tableBody(state, table, room);
  const max = body.length <= room ? 0 : body.length - Math.max(1, room - 1);
  return state.scroll > max ? { ...state, scroll: max } : state;
}

function cut(lines: string[], room: number): string[] {
  if (lines.length <= room) return lines;
  return [...lines.slice(0, Math.max(0, room - 1)), "…"];
}

// ── the lobby ────────────────────────────────────────────────────────────────────────────────────────────

function lobby(state: TtyState, room: number): string[] {
  const tables = state.tables;
  if (tables === null) return ["Reading the tables…"];
  if (tables.length === 0)
    return [
      "No tables yet.",
      "A table opened in the browser (/tables) or over the API appears here at once.",
    ];
  const titleWidth = Math.min(44, Math.max(5, ...tables.map((t) => t.title.length)));
  const lines = [
    `Tables (${tables.length})`,
    `  ${pad("#", 5)} ${pad("title", titleWidth)}  ${pad("status", 8)} ${pad("seats", 6)} host`,
  ];
  const visible = Math.max(1, room - lines.length);
  const cursor = Math.min(state.cursor, tables.length - 1);
  const first = Math.max(0, Math.min(cursor - Math.floor(visible / 2), tables.length - visible));
  for (const [i, t] of tables.slice(first, first + visible).entries())
    lines.push(lobbyRow(t, first + i === cursor, titleWidth));
  return lines;
}

function lobbyRow(t: TableSummary, here: boolean, titleWidth: number): string {
  const title = t.title.length > titleWidth ? `${t.title.slice(0, titleWidth - 1)}…` : t.title;
  return [
    here ? ">" : " ",
    pad(String(t.id), 5),
    pad(title, titleWidth),
    "",
    pad(t.status, 8),
    pad(`${t.seatsTaken}/${t.seatsMax}`, 6),
    t.hostKind === "agent" ? `${t.host} (agent)` : t.host,
    t.yours ? "· your seat" : "",
  ]
    .join(" ")
    .trimEnd();
}

// ── the offer composer and the cite chooser ─────────────────────────────────────────────────────────────

function composer(table: TableState, place: Extract<Place, { kind: "compose" }>): string[] {
  const game = table.game;
  if (!game) return [];
  const columns = columnsOf(table, game.charter);
  return [
    `Offer an accord at #${table.id} ${table.title}: one setting for every clause`,
    "It becomes the standing offer and clears every acceptance.",
    "",
    ...game.charter.map((clause, i) =>
      `${i === place.clause ? ">" : " "} ${pad(clause, 9)} ${settingCells(table, clause, place.accord[clause], columns)} ${aimNote(game.charge, clause)}`.trimEnd(),
    ),
    "",
    game.standingOffer
      ? `Standing now: ${accordText(game.standingOffer.accord, game.charter)}`
      : "No offer stands yet.",
  ];
}

function citeChooser(table: TableState, index: number): string[] {
  const game = table.game;
  const cite = game?.may?.cite ?? [];
  const weightOf = (c: { clause: string; setting: string }) =>
    game?.charge?.aims.find((a) => a.clause === c.clause && a.setting === c.setting)?.weight;
  return [
    `Accept the standing offer at #${table.id}: accepting costs a truth.`,
    "Choose the aim of yours to swear (it is public at once):",
    "",
    ...cite.map(
      (c, i) => `${i === index ? ">" : " "} ${claimText(c)}${weightOf(c) ? ` (weight ${weightOf(c)})` : ""}`,
    ),
  ];
}
