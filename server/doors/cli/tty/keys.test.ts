// The keys: moving, opening, sitting and the turn's three acts become the commands a user would expect.
import { describe, expect, it } from "vitest";
import { WORKED_EXAMPLE } from "@/server/rules/game";
import { atTable, LOBBY, meAt, minutes, openTableState, workedTable } from "./fixtures";
import { decodeKeys, firstDraft, press } from "./keys";
import { initialState, type Key, type TtyState } from "./state";

const lobby = (me: TtyState["me"], cursor = 0): TtyState => ({
  ...initialState(me, 0),
  tables: LOBBY,
  cursor,
});
/** Presses the keys in order; returns the last state and every command asked for. */
function keys(state: TtyState, ...pressed: Key[]) {
  const commands = [];
  for (const key of pressed) {
    const step = press(state, key);
    state = step.state;
    if (step.command) commands.push(step.command);
  }
  return { state, commands };
}
const now = minutes(25);
const embersTurn = () => atTable(workedTable(4, 4, now), meAt(4), now);

describe("in the lobby", () => {
  it("j/k and the arrows move the cursor, held inside the list", () => {
    expect(keys(lobby(null), "j").state.cursor).toBe(1);
    expect(keys(lobby(null), "j", "down", "j", "j").state.cursor).toBe(2);
    expect(keys(lobby(null, 2), "k", "up", "k").state.cursor).toBe(0);
    expect(keys({ ...lobby(null), tables: [] }, "j", "o").commands).toEqual([]);
  });

  it("o or enter opens the table under the cursor", () => {
    const { state, commands } = keys(lobby(null, 1), "o");
    expect(commands).toEqual([{ kind: "open", id: 8 }]);
    expect(state.place).toEqual({ kind: "table", id: 8 });
    expect(state.table).toBeNull();
    expect(keys(lobby(null, 2), "enter").commands).toEqual([{ kind: "open", id: 7 }]);
  });

  it("s sits at the table under the cursor (and opens it); a guest's s does nothing", () => {
    const { state, commands } = keys(lobby(meAt(1)), "s");
    expect(commands).toEqual([{ kind: "join", id: 9 }]);
    expect(state.place).toEqual({ kind: "table", id: 9 });
    expect(keys(lobby(null), "s")).toEqual({ state: lobby(null), commands: [] });
  });

  it("r refreshes, q and ctrl-c quit", () => {
    expect(keys(lobby(null), "r").commands).toEqual([{ kind: "refresh" }]);
    expect(keys(lobby(null), "q").commands).toEqual([{ kind: "quit" }]);
    expect(keys(embersTurn(), "ctrl-c").commands).toEqual([{ kind: "quit" }]);
  });
});

describe("at a table", () => {
  it("esc (or h, left, backspace) goes back to the lobby and reads it again", () => {
    for (const back of ["escape", "h", "left", "backspace"]) {
      const { state, commands } = keys(embersTurn(), back);
      expect(state.place).toEqual({ kind: "lobby" });
      expect(commands).toEqual([{ kind: "refresh" }]);
    }
  });

  it("j/k scroll a table taller than the terminal", () => {
    expect(keys(embersTurn(), "j", "j", "down", "k").state.scroll).toBe(2);
    expect(keys(embersTurn(), "k", "up").state.scroll).toBe(0);
    expect(keys(keys(embersTurn(), "j").state, "escape").state.scroll).toBe(0);
  });

  it("s, x, t and f ask the server to sit, leave, start and fill with bots", () => {
    const state = atTable(openTableState(2, 0), meAt(0), 0);
    expect(keys(state, "s", "x", "t", "f").commands).toEqual([
      { kind: "join", id: 8 },
      { kind: "leave", id: 8 },
      { kind: "start", id: 8 },
      { kind: "fill", id: 8 },
    ]);
  });

  it("a guest's act keys do nothing and say nothing", () => {
    const guest = atTable(workedTable(4, null, now), null, now);
    const { state, commands } = keys(guest, "s", "x", "t", "f", "c", "a", "p");
    expect(commands).toEqual([]);
    expect(state).toEqual(guest);
  });

  it("p passes, a accepts (with the default cite when only one aim could be sworn), on your turn", () => {
    expect(keys(embersTurn(), "p").commands).toEqual([{ kind: "pass", id: 7 }]);
    const table = workedTable(4, 4, now);
    const oneAim = { ...table.game!.may!, cite: [{ clause: "beacon", setting: "kept" }] };
    const embersOneAim = atTable({ ...table, game: { ...table.game!, may: oneAim } }, meAt(4), now);
    expect(keys(embersOneAim, "a").commands).toEqual([{ kind: "accept", id: 7 }]);
  });

  it("a with several aims to swear opens the chooser: j/k pick one, enter swears it, esc cancels", () => {
    const chose = keys(embersTurn(), "a");
    expect(chose.commands).toEqual([]);
    expect(chose.state.place).toEqual({ kind: "cite", id: 7, index: 0 });
    const { state, commands } = keys(chose.state, "j", "j", "enter");
    expect(commands).toEqual([{ kind: "accept", id: 7, cite: { clause: "pilot", setting: "reinstated" } }]);
    expect(state.place).toEqual({ kind: "table", id: 7 });
    expect(keys(chose.state, "escape")).toMatchObject({
      state: { place: { kind: "table", id: 7 } },
      commands: [],
    });
  });

  it("not your turn: the server's sentence from may, and no command", () => {
    const brine = atTable(workedTable(4, 1, now), meAt(1), now);
    for (const key of ["c", "a", "p"]) {
      const { state, commands } = keys(brine, key);
      expect(commands).toEqual([]);
      expect(state.message).toEqual({ tone: "error", text: expect.stringMatching(/^It is not your turn/) });
    }
    // The next key clears it.
    expect(keys(brine, "a", "j").state.message).toBeNull();
  });
});

describe("the offer composer", () => {
  it("c starts from the standing offer; j/k move between clauses, h/l change the setting, enter offers", () => {
    const { state } = keys(embersTurn(), "c");
    expect(state.place).toEqual({ kind: "compose", id: 7, clause: 0, accord: WORKED_EXAMPLE.accordA });
    const { state: after, commands } = keys(state, "l", "j", "j", "j", "l", "j", "j", "j", "h", "h", "enter");
    expect(commands).toEqual([
      {
        kind: "offer",
        id: 7,
        accord: { ...WORKED_EXAMPLE.accordA, beacon: "doused", pilot: "dismissed", salvage: "to_the_owners" },
      },
    ]);
    expect(after.place).toEqual({ kind: "table", id: 7 });
  });

  it("the cursor stays on the charter; esc cancels without a command", () => {
    const { state } = keys(embersTurn(), "c", "k", "k");
    expect(state.place).toMatchObject({ clause: 0 });
    expect(keys(state, "j", "j", "j", "j", "j", "j", "j", "j", "j").state.place).toMatchObject({ clause: 6 });
    expect(keys(state, "escape")).toMatchObject({ state: { place: { kind: "table" } }, commands: [] });
  });

  it("with no offer standing, the first draft is your own aims, else each clause's first setting", () => {
    const table = workedTable(0, 4, minutes(1));
    expect(firstDraft(table)).toEqual({
      beacon: "kept",
      hold: "sealed",
      ledger: "redacted",
      pilot: "reinstated",
      name: "kept",
      chart: "shared",
      salvage: "to_the_finders",
    });
  });
});

describe("decoding what the terminal sends", () => {
  it("characters, enter, escape, backspace, ctrl-c and the arrows in either form", () => {
    expect(decodeKeys("jk")).toEqual(["j", "k"]);
    expect(decodeKeys("\r\n\r")).toEqual(["enter", "enter"]);
    expect(decodeKeys("\x1b[A\x1b[B\x1bOC\x1b[D")).toEqual(["up", "down", "right", "left"]);
    expect(decodeKeys("\x1b")).toEqual(["escape"]);
    expect(decodeKeys("\x1bj")).toEqual(["escape", "j"]);
    expect(decodeKeys("\x7f\x03\t")).toEqual(["backspace", "ctrl-c", "tab"]);
    expect(decodeKeys("\x1b[3~\x1b[1;5Hq")).toEqual(["q"]); // Delete and ctrl-Home: nothing
  });
});
