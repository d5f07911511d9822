// Every screen the terminal can show, drawn from the worked example as each viewer would be handed it.
import { describe, expect, it } from "vitest";
import { WORKED_EXAMPLE } from "@/server/rules/game";
import { atTable, LOBBY, meAt, minutes, openTableState, workedTable } from "./fixtures";
import { clampScroll, keysFor, screen } from "./screen";
import { initialState, type TtyState } from "./state";

const text = (state: TtyState, size?: { cols?: number; rows?: number }) => screen(state, size).join("\n");
const lobbyState = (me: TtyState["me"], cursor = 0): TtyState => ({
  ...initialState(me, minutes(0)),
  tables: LOBBY,
  cursor,
});
const brine = meAt(1);

describe("the header", () => {
  it("says who you are, or guest with how to sit, and the keys", () => {
    const [title, keys, rule] = screen(lobbyState(brine));
    expect(title).toBe("Parley · Sworn & Said — you are Brine");
    expect(keys).toBe("keys: j/k move · o open · s sit · r refresh · q quit");
    expect(rule).toMatch(/^─+$/);
    expect(screen(lobbyState(meAt(4)))[0]).toBe("Parley · Sworn & Said — you are Ember (agent)");
    const [guestTitle, guestKeys] = screen(lobbyState(null));
    expect(guestTitle).toMatch(
      /guest, reading only \(to sit: PARLEY_USER \+ PARLEY_PASSWORD, or PARLEY_TOKEN\)/,
    );
    expect(guestKeys).toBe("keys: j/k move · o open · r refresh · q quit");
  });
});

describe("the lobby", () => {
  it("before the first read", () => {
    expect(text(initialState(brine, 0))).toContain("Reading the tables…");
  });

  it("empty", () => {
    const out = text({ ...initialState(brine, 0), tables: [] });
    expect(out).toContain("No tables yet.");
    expect(out).not.toContain(">");
  });

  it("lists every table with its status and seats; the cursor marks one row; your seats are marked", () => {
    const lines = screen(lobbyState(brine, 1));
    expect(lines).toContain("Tables (3)");
    const rows = lines.filter((l) => /^[> ] \d/.test(l));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^ {2}9 +Three house bots wait for you +open +3\/4 +harbourmaster$/);
    expect(rows[1]).toMatch(/^> 8 +A table filling up +open +2\/5 +Aster · your seat$/);
    expect(rows[2]).toMatch(/^ {2}7 +The wreck of the Fathom +bound +5\/5 +Aster$/);
  });

  it("scrolls to keep the cursor in view on a short terminal", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...LOBBY[0]!,
      id: 100 - i,
      title: `Table ${100 - i}`,
    }));
    const lines = screen({ ...lobbyState(brine), tables: many, cursor: 25 }, { rows: 12 });
    expect(lines).toHaveLength(12);
    expect(lines.find((l) => l.startsWith(">"))).toMatch(/^> 75 +Table 75/);
  });
});

describe("a table before the start", () => {
  it("a guest sees the seats taken and free, and nothing to do", () => {
    const state = atTable(openTableState(2, null, true), null, minutes(0));
    const out = text(state);
    expect(out).toContain("#8  A table filling up");
    expect(out).toContain("open · host Aster · 2 of 5 seats · quorum 4");
    expect(out).toMatch(/1\. Aster +person/);
    expect(out).toContain("3. — free —");
    expect(out).toContain("The table has not started");
    expect(out).not.toContain("Before the start");
    expect(out).not.toContain("Sign in (or send an agent's bearer token) to do this.");
    expect(keysFor(state)).toEqual(["esc lobby", "j/k scroll", "r refresh", "q quit"]);
  });

  it("someone signed in without a seat may sit", () => {
    const state = atTable(openTableState(2, null), meAt(3), minutes(0));
    expect(text(state)).toMatch(/sit \(s\) +yes/);
    expect(keysFor(state)).toContain("s sit");
  });

  it("a seated player may leave; the host is told what starting needs", () => {
    expect(text(atTable(openTableState(2, 1), brine, minutes(0)))).toMatch(/leave \(x\) +yes/);
    const host = atTable(openTableState(2, 0), meAt(0), minutes(0));
    const out = text(host);
    expect(out).toMatch(/1\. Aster \(you\) +person/);
    expect(out).toMatch(/leave \(x\) +The host keeps their seat until the start\./);
    expect(out).toMatch(/start \(t\) +A table starts with at least 4 seats taken; 2 are\./);
    expect(keysFor(host)).toEqual([
      "esc lobby",
      "j/k scroll",
      "x leave",
      "t start",
      "f fill with bots",
      "r refresh",
      "q quit",
    ]);
  });
});

describe("a table in play", () => {
  // After Dace's pass (act 3 at 09:20): Ember's turn, five minutes into her window.
  const now = minutes(25);

  it("your turn: your charge, your aims on the grid, what the offer pays you, and may for the three acts", () => {
    const state = atTable(workedTable(4, 4, now), meAt(4), now);
    const out = text(state);
    expect(out).toContain("playing · host Aster · 5 of 5 seats · quorum 4");
    expect(out).toMatch(/5\. Ember \(you\) +agent +to act/);
    expect(out).toMatch(/2\. Brine +person +accepted/);
    expect(out).toMatch(/3\. Corin +bot +accepted/);
    expect(out).toContain("Clock: Ember to act, 5h 55m left · deadline 23h 35m left · turn window 6h");
    expect(out).toContain("Commitment " + "c0".repeat(32));
    expect(out).toContain("Charter — [standing offer]: Aster's, act 0 · 2 of 4 accepted: Brine, Corin");
    expect(out).toMatch(/ {2}beacon +\[kept\] +doused +your aim \(3\): kept/);
    expect(out).toMatch(/ {2}chart +\[locked\] +shared +your aim \(1\): shared/);
    expect(out).toMatch(/ {2}hold +\[sealed\] +opened$/m);
    expect(out).toContain(
      "Your charge (yours only): beacon = kept (3), pilot = reinstated (2), chart = shared (1); fallback 2",
    );
    expect(out).toContain("The standing offer would pay you 5 (your fallback is 2).");
    expect(out).toContain("Your turn");
    expect(out).toMatch(/offer \(c\) +yes/);
    expect(out).toMatch(/accept \(a\) +yes — swear beacon = kept or pilot = reinstated/);
    expect(out).toMatch(/pass \(p\) +yes/);
    expect(keysFor(state)).toEqual([
      "esc lobby",
      "j/k scroll",
      "c offer",
      "a accept",
      "p pass",
      "r refresh",
      "q quit",
    ]);
  });

  it("sworn and said are shown apart; said stays unchecked until the reveal", () => {
    const out = text(atTable(workedTable(4, 4, now), meAt(4), now));
    const sworn = out.indexOf("Sworn (true by construction)");
    const said = out.indexOf("Said (cheap talk, checked at the reveal)");
    expect(sworn).toBeGreaterThan(0);
    expect(said).toBeGreaterThan(sworn);
    expect(out.slice(sworn, said)).toContain("Brine swore ledger = redacted · act 1");
    expect(out.slice(sworn, said)).toContain("Corin swore beacon = kept · act 2");
    expect(out.slice(sworn, said)).not.toContain("Dace");
    expect(out.slice(said)).toContain(
      'Dace, act 3: "I need the ledger published" — ledger = published: unchecked',
    );
  });

  it("the act log, oldest first, with time words", () => {
    const out = text(atTable(workedTable(4, 4, now), meAt(4), now));
    expect(out).toContain("Acts (all of 4)");
    expect(out).toMatch(/ {4}0 {2}Aster +20m ago +offered beacon kept, hold sealed, ledger redacted/);
    expect(out).toMatch(/ {4}1 {2}Brine +15m ago +accepted, swore ledger = redacted/);
    expect(out).toMatch(/ {4}3 {2}Dace +5m ago +passed · said "I need the ledger published"/);
  });

  it("a refusal from may reads as the server's sentence", () => {
    // Dace, seat 3, at act 8 of a round where offer B satisfies none of her aims.
    const table = workedTable(4, 4, now);
    const game = table.game!;
    const state = atTable(
      {
        ...table,
        game: {
          ...game,
          may: {
            ...game.may!,
            accept:
              "The standing offer satisfies none of your aims, so you cannot accept it; make an offer or pass.",
            cite: [],
          },
        },
      },
      meAt(4),
      now,
    );
    expect(text(state)).toMatch(/accept \(a\) +The standing offer satisfies none of your aims/);
  });

  it("not your turn: one line saying why you wait, and no act keys", () => {
    const state = atTable(workedTable(4, 1, now), brine, now);
    const out = text(state);
    expect(out).toMatch(
      /You wait: It is not your turn; the seat to act has until 2026-11-29T15:20:00\.000Z\./,
    );
    expect(out).not.toContain("Your turn");
    expect(out).toContain("Your charge (yours only): salvage = to_the_owners (3)");
    expect(keysFor(state)).toEqual(["esc lobby", "j/k scroll", "r refresh", "q quit"]);
  });

  it("a guest sees the table and the log, and never a charge, an aim, may, the composer or an error", () => {
    const table = workedTable(4, null, now);
    const state = {
      ...atTable(table, null, now),
      message: { tone: "error" as const, text: "Some refusal." },
    };
    const out = text(state);
    expect(out).toContain("Brine swore ledger = redacted");
    expect(out).not.toMatch(/your charge|your aim|would pay you|Your turn|You wait|\(you\)/i);
    expect(out).not.toContain("Some refusal.");
    const composing = { ...state, place: { kind: "compose" as const, id: 7, clause: 0, accord: {} } };
    expect(text(composing)).not.toContain("Offer an accord");
    expect(text(composing)).toContain("Sworn (true by construction)");
    // And what the server would never send a guest is not drawn even if it were there.
    const leaky = atTable(
      { ...table, game: { ...table.game!, charge: WORKED_EXAMPLE.game.charges[0]! } },
      null,
      now,
    );
    expect(text(leaky)).not.toMatch(/Your charge|your aim/);
  });
});

describe("a table after the reveal", () => {
  it("bound: standings, every charge, the seed, said claims marked true or false", () => {
    const now = minutes(50);
    const state = atTable(workedTable(6, null, now), null, now);
    const out = text(state);
    expect(out).toContain("bound · host Aster");
    expect(out).toContain("Bound 20m ago: the standing offer reached the quorum and the table is settled.");
    expect(out).toMatch(/1\. Aster +person +accepted · payoff 6 \(\+5\)/);
    expect(out).toMatch(/4\. Dace +person +payoff 3 \(\+3\)/);
    expect(out).toContain("Standings, and every charge (revealed)");
    expect(out).toMatch(
      / {2}1\. Aster +6 {2}salvage = to_the_finders \(3\), hold = sealed \(2\), name = kept \(1\); fallback 1/,
    );
    expect(out).toMatch(/ {2}2\. Ember +5 {2}beacon = kept \(3\)/);
    expect(out).toMatch(
      / {2}3\. Dace +3 {2}ledger = published \(3\), salvage = to_the_finders \(2\), hold = sealed \(1\); fallback 0/,
    );
    expect(out).toContain(
      `Seed ${"5e".repeat(32)}\n  check it: parley game deal --seed SEED --seats 5 prints`,
    );
    expect(out).toContain("ledger = published: true");
    expect(out).not.toContain("Your turn");
  });

  it("ended unsettled at the deadline: every seat takes its fallback", () => {
    const now = minutes(24 * 60 + 5);
    const out = text(atTable(workedTable(4, 3, now), meAt(3), now));
    expect(out).toContain("ended · host Aster");
    expect(out).toContain("Ended unsettled 5m ago: no accord; every seat takes its fallback.");
    expect(out).toMatch(/the clock passed: the turn window ran out/);
    expect(out).toMatch(/4\. Dace \(you\) +person +payoff 0 \(\+0\)/);
    expect(out).not.toContain("You wait");
  });
});

describe("the offer composer", () => {
  it("one setting per clause, the cursor on one clause, your aims beside", () => {
    const now = minutes(25);
    const table = workedTable(4, 4, now);
    const accord = { ...WORKED_EXAMPLE.accordA, pilot: "dismissed" };
    const state: TtyState = {
      ...atTable(table, meAt(4), now),
      place: { kind: "compose", id: 7, clause: 3, accord },
    };
    const lines = screen(state);
    expect(lines[1]).toBe("keys: j/k clause · h/l setting · enter offer · esc cancel · q quit");
    expect(lines).toContain("Offer an accord at #7 The wreck of the Fathom: one setting for every clause");
    expect(lines.find((l) => l.startsWith(">"))).toMatch(
      /^> pilot +reinstated +\[dismissed\] +your aim \(2\): reinstated$/,
    );
    expect(lines.find((l) => l.includes("salvage"))).toMatch(
      /^ {2}salvage +\[to_the_finders\] +to_the_owners +split$/,
    );
    expect(lines.join("\n")).toContain("Standing now: beacon kept, hold sealed");
  });
});

describe("choosing the aim to swear", () => {
  it("lists may.cite in charter order with weights; the cursor marks one", () => {
    // Aster after Ember's accept: offer A satisfies all three of her aims.
    const now = minutes(27);
    const table = workedTable(5, 0, now);
    const state: TtyState = { ...atTable(table, meAt(0), now), place: { kind: "cite", id: 7, index: 1 } };
    const lines = screen(state);
    expect(lines[1]).toBe("keys: j/k aim · enter swear and accept · esc cancel · q quit");
    expect(lines.filter((l) => /^[> ] \w+ = /.test(l))).toEqual([
      "  hold = sealed (weight 2)",
      "> name = kept (weight 1)",
      "  salvage = to_the_finders (weight 3)",
    ]);
  });
});

describe("the message line and the size", () => {
  it("shows what an act did, or the server's refusal, under the frame", () => {
    const now = minutes(25);
    const base = atTable(workedTable(4, 4, now), meAt(4), now);
    expect(screen({ ...base, message: { tone: "info", text: "You passed." } }).at(-1)).toBe("· You passed.");
    expect(screen({ ...base, message: { tone: "error", text: "It is not your turn." } }).at(-1)).toBe(
      "! It is not your turn.",
    );
  });

  it("fits the terminal: lines cut to the width, the act log trimmed to the height", () => {
    const now = minutes(50);
    const state = atTable(workedTable(6, 0, now), meAt(0), now);
    const narrow = screen(state, { cols: 40 });
    expect(Math.max(...narrow.map((l) => l.length))).toBeLessThanOrEqual(40);
    expect(narrow.some((l) => l.endsWith("…"))).toBe(true);
    const full = screen(state).length;
    const short = screen(state, { rows: full - 2 });
    expect(short).toHaveLength(full - 2);
    expect(short.join("\n")).toContain("Acts (last 4 of 6)");
    expect(screen(state, { rows: 10 })).toHaveLength(10);
  });

  it("a table taller than the terminal even with the log trimmed: a window moved by scroll, held inside", () => {
    const now = minutes(50);
    const state = atTable(workedTable(6, 0, now), meAt(0), now);
    const top = screen(state, { rows: 20 });
    expect(top).toHaveLength(20);
    expect(top[3]).toBe("#7  The wreck of the Fathom");
    expect(top.at(-1)).toMatch(/^— j\/k scroll · lines 1–16 of \d+ —$/);
    const lower = screen({ ...state, scroll: 5 }, { rows: 20 });
    expect(lower[3]).toBe(top[8]);
    expect(lower.at(-1)).toMatch(/lines 6–21 of/);
    const total = Number(/of (\d+)/.exec(top.at(-1)!)![1]);
    expect(clampScroll({ ...state, scroll: 999 }, { rows: 20 }).scroll).toBe(total - 16);
    expect(screen({ ...state, scroll: 999 }, { rows: 20 }).at(-2)).toMatch(/^ +5 {2}Aster/); // the last act
    expect(clampScroll({ ...state, scroll: 3 }, {}).scroll).toBe(0); // it all fits: no scroll
  });

  it("a table still loading", () => {
    expect(text({ ...initialState(brine, 0, 12) })).toContain("Opening table #12…");
  });
});
