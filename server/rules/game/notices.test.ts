// Who at a table is told what (shared/spec/notifications.md): derived from the ledger, each notice once.
import { describe, expect, it } from "vitest";
import { TURN_WINDOW_DEFAULT_MS } from "./constants";
import { derive } from "./derive";
import { noticesAfter, noticesAtStart, reminderDue, reminderLeadMs } from "./notices";
import { exampleAt, exampleTable, HOUR, MINUTE } from "./test-kit";
import { WORKED_EXAMPLE } from "./worked-example";

const start = WORKED_EXAMPLE.game.startedAt;
const full = WORKED_EXAMPLE.game.acts;

/** The notices of appending the worked example's act n to its first n acts. */
const after = (n: number, finished = false) =>
  noticesAfter(exampleTable(n), [full[n]!], exampleAt(n), finished);

describe("notices at a table", () => {
  it("tells every seat the table started, and seat 1 it is its turn", () => {
    const n = noticesAtStart(exampleTable());
    expect(n.filter((x) => x.kind === "started").map((x) => x.seat)).toEqual([0, 1, 2, 3, 4]);
    expect(n.filter((x) => x.kind === "turn")).toEqual([{ seat: 0, kind: "turn", once: "turn:0" }]);
  });

  it("after an offer: the next seat's turn, and every other seat that it may accept the offer", () => {
    expect(after(0)).toEqual([
      { seat: 2, kind: "offer", once: "offer:0" },
      { seat: 3, kind: "offer", once: "offer:0" },
      { seat: 4, kind: "offer", once: "offer:0" },
      { seat: 1, kind: "turn", once: "turn:1" },
    ]);
  });

  it("after an accept or a pass: only whose turn it is now, once per turn", () => {
    expect(after(1)).toEqual([{ seat: 2, kind: "turn", once: "turn:2" }]);
    expect(after(3)).toEqual([{ seat: 4, kind: "turn", once: "turn:4" }]);
  });

  it("the accept that binds tells every seat, once, and no turn (the table is over)", () => {
    const bound = after(5, true);
    expect(bound.map((x) => [x.seat, x.kind, x.once])).toEqual(
      [0, 1, 2, 3, 4].map((s) => [s, "bound", "finished"]),
    );
    // a writer that did not claim the end (another had noted it) tells nothing more
    expect(after(5, false)).toEqual([]);
  });

  it("a clock pass tells the seat it passed for, then whose turn came", () => {
    const game = exampleTable(1);
    const now = exampleAt(0) + TURN_WINDOW_DEFAULT_MS;
    const due = derive(game, now).dueClockActs;
    expect(due).toHaveLength(1);
    expect(noticesAfter(game, due, now, false)).toEqual([
      { seat: 1, kind: "clock", once: "clock:1" },
      { seat: 2, kind: "turn", once: "turn:2" },
    ]);
  });

  it("the deadline's end tells every seat the table ended (the reveal)", () => {
    const game = exampleTable(1);
    const now = start + game.deadlineMs;
    const due = derive(game, now).dueClockActs;
    expect(noticesAfter(game, due, now, true).filter((x) => x.kind === "ended")).toHaveLength(5);
  });
});

describe("the reminder before a turn window ends", () => {
  it("leads by 1 h, or a quarter of a shorter window", () => {
    expect(reminderLeadMs(6 * HOUR)).toBe(HOUR);
    expect(reminderLeadMs(2 * HOUR)).toBe(30 * MINUTE);
  });

  it("is due from the lead until the window ends, for the seat to act, keyed by its turn", () => {
    const game = exampleTable(1); // seat 1 to act since 09:05, a 6 h window
    const ends = exampleAt(0) + TURN_WINDOW_DEFAULT_MS;
    expect(reminderDue(game, ends - HOUR - 1)).toBeNull();
    expect(reminderDue(game, ends - HOUR)).toEqual({ seat: 1, kind: "reminder", once: "reminder:1" });
    expect(reminderDue(game, ends - 1)).toEqual({ seat: 1, kind: "reminder", once: "reminder:1" });
    // once the window ran out the clock passes instead: no reminder for a turn that is gone
    expect(reminderDue(game, ends)).toBeNull();
  });

  it("is not due at a table that is over", () => {
    expect(reminderDue(exampleTable(6), exampleAt(6))).toBeNull();
  });
});
