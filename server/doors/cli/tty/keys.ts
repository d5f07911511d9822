// The terminal's keys as a pure reducer: (state, key) → the next state and, maybe, a command for the loop to run.
import type { Accord } from "@/server/rules/game";
import type { TableState } from "@/server/actions/game";
import { shownTable, type Command, type Key, type TtyState } from "./state";

export type Step = { state: TtyState; command?: Command };

const BACK: readonly Key[] = ["escape", "h", "left", "backspace"];
const DOWN: readonly Key[] = ["j", "down"];
const UP: readonly Key[] = ["k", "up"];

/**
 * One key. Navigation is decided here; every act is the server's to allow: s, x, t and f always go to the
 * server (which answers with its own sentence), and c, a and p read the `may` the server sent with the table.
 * A guest's act keys do nothing at all, so a guest never sees a refusal.
 */
export function press(before: TtyState, key: Key): Step {
  const state: TtyState = { ...before, message: null };
  if (key === "q" || key === "ctrl-c") return { state, command: { kind: "quit" } };
  const place = state.place;
  if (place.kind === "lobby") return lobbyKey(state, key);
  if (place.kind === "compose") return composeKey(state, place, key);
  if (place.kind === "cite") return citeKey(state, place, key);
  return tableKey(state, place.id, key);
}

function lobbyKey(state: TtyState, key: Key): Step {
  const tables = state.tables ?? [];
  const last = Math.max(0, tables.length - 1);
  if (DOWN.includes(key)) return { state: { ...state, cursor: Math.min(last, state.cursor + 1) } };
  if (UP.includes(key)) return { state: { ...state, cursor: Math.max(0, Math.min(last, state.cursor - 1)) } };
  if (key === "r") return { state, command: { kind: "refresh" } };
  const chosen = tables[Math.min(state.cursor, last)];
  if (!chosen) return { state };
  const opened = { ...state, place: { kind: "table" as const, id: chosen.id }, table: null, scroll: 0 };
  if (key === "o" || key === "enter" || key === "l" || key === "right")
    return { state: opened, command: { kind: "open", id: chosen.id } };
  if (key === "s" && state.me) return { state: opened, command: { kind: "join", id: chosen.id } };
  return { state };
}

function tableKey(state: TtyState, id: number, key: Key): Step {
  if (BACK.includes(key))
    return { state: { ...state, place: { kind: "lobby" }, scroll: 0 }, command: { kind: "refresh" } };
  if (key === "r") return { state, command: { kind: "refresh" } };
  if (DOWN.includes(key)) return { state: { ...state, scroll: state.scroll + 1 } };
  if (UP.includes(key)) return { state: { ...state, scroll: Math.max(0, state.scroll - 1) } };
  if (!state.me) return { state };
  const simple: Record<string, Command["kind"]> = { s: "join", x: "leave", t: "start", f: "fill" };
  const kind = simple[key];
  if (kind) return { state, command: { kind, id } as Command };

  const table = shownTable(state);
  if (!table) return { state };
  const may = table.game?.may;
  const refuse = (text: string): Step => ({ state: { ...state, message: { tone: "error", text } } });
  if (key === "c") {
    if (!may || !table.game) return { state, command: { kind: "offer", id, accord: {} } };
    if (may.offer !== true) return refuse(may.offer);
    return { state: { ...state, place: { kind: "compose", id, clause: 0, accord: firstDraft(table) } } };
  }
  if (key === "a") {
    if (!may) return { state, command: { kind: "accept", id } };
    if (may.accept !== true) return refuse(may.accept);
    if (may.cite.length > 1) return { state: { ...state, place: { kind: "cite", id, index: 0 } } };
    return { state, command: { kind: "accept", id } };
  }
  if (key === "p") {
    if (may && may.pass !== true) return refuse(may.pass);
    return { state, command: { kind: "pass", id } };
  }
  return { state };
}

/** The composer starts from the standing offer, else from the seat's own aims, else each clause's first setting. */
export function firstDraft(table: TableState): Accord {
  const game = table.game;
  if (!game) return {};
  if (game.standingOffer) return { ...game.standingOffer.accord };
  const draft: Accord = {};
  for (const clause of game.charter) {
    const aim = game.charge?.aims.find((a) => a.clause === clause);
    draft[clause] = aim?.setting ?? table.settings[clause]?.[0] ?? "";
  }
  return draft;
}

function composeKey(state: TtyState, place: Extract<TtyState["place"], { kind: "compose" }>, key: Key): Step {
  const back = { ...state, place: { kind: "table" as const, id: place.id } };
  if (key === "escape" || key === "backspace") return { state: back };
  if (key === "enter")
    return { state: back, command: { kind: "offer", id: place.id, accord: { ...place.accord } } };
  const charter = shownTable(state)?.game?.charter ?? [];
  const last = Math.max(0, charter.length - 1);
  if (DOWN.includes(key))
    return { state: { ...state, place: { ...place, clause: Math.min(last, place.clause + 1) } } };
  if (UP.includes(key))
    return { state: { ...state, place: { ...place, clause: Math.max(0, place.clause - 1) } } };
  const step =
    key === "h" || key === "left"
      ? -1
      : key === "l" || key === "right" || key === " " || key === "tab"
        ? 1
        : 0;
  const clause = charter[place.clause];
  const settings = clause === undefined ? undefined : shownTable(state)?.settings[clause];
  if (step === 0 || clause === undefined || !settings?.length) return { state };
  const at = settings.indexOf(place.accord[clause] ?? "");
  const next = settings[(at + step + settings.length) % settings.length]!;
  return { state: { ...state, place: { ...place, accord: { ...place.accord, [clause]: next } } } };
}

function citeKey(state: TtyState, place: Extract<TtyState["place"], { kind: "cite" }>, key: Key): Step {
  const back = { ...state, place: { kind: "table" as const, id: place.id } };
  if (key === "escape" || key === "backspace") return { state: back };
  const cite = shownTable(state)?.game?.may?.cite ?? [];
  const last = Math.max(0, cite.length - 1);
  if (DOWN.includes(key))
    return { state: { ...state, place: { ...place, index: Math.min(last, place.index + 1) } } };
  if (UP.includes(key))
    return { state: { ...state, place: { ...place, index: Math.max(0, place.index - 1) } } };
  if (key === "enter") {
    const chosen = cite[place.index];
    return {
      state: back,
      command: { kind: "accept", id: place.id, ...(chosen ? { cite: { ...chosen } } : {}) },
    };
  }
  return { state };
}

/** The keys in one chunk read from a raw terminal: arrows and other escape sequences, enter, ctrl-c, characters. */
export function decodeKeys(chunk: string): Key[] {
  const keys: Key[] = [];
  for (let i = 0; i < chunk.length;) {
    const c = chunk[i]!;
    i++;
    if (c === ESC) {
      // After ESC: an arrow (CSI or SS3 form), another sequence (Home, Delete, F-keys: nothing here), or Esc itself.
      const arrow = /^[[O]([ABCD])/.exec(chunk.slice(i));
      const other = /^\[[0-9;]*[~A-Za-z]/.exec(chunk.slice(i));
      if (arrow) keys.push(ARROWS[arrow[1] as keyof typeof ARROWS]);
      else if (!other) keys.push("escape");
      i += (arrow ?? other)?.[0].length ?? 0;
    } else if (c === "\r" || c === "\n") {
      keys.push("enter");
      if (c === "\r" && chunk[i] === "\n") i++; // one enter, however the terminal spells it
    } else if (c === "\x7f" || c === "\b") keys.push("backspace");
    else if (c === "\t") keys.push("tab");
    else if (c === "\x03") keys.push("ctrl-c");
    else if (c >= " ") keys.push(c);
  }
  return keys;
}

const ESC = "\x1b";
const ARROWS = { A: "up", B: "down", C: "right", D: "left" } as const;
