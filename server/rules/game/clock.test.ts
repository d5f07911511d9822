// §7: the clock passes for a seat whose window runs out, the deadline ends an unbound table unsettled.

import { describe, expect, it } from "vitest";
import { check } from "./check";
import { DEADLINE_DEFAULT_MS, TURN_WINDOW_DEFAULT_MS, quorumFor } from "./constants";
import { derive } from "./derive";
import { may } from "./may";
import { standings } from "./standings";
import { act, exampleAt, exampleTable, HOUR, MINUTE } from "./test-kit";
import { WORKED_EXAMPLE } from "./worked-example";

const start = WORKED_EXAMPLE.game.startedAt;
const WINDOW = TURN_WINDOW_DEFAULT_MS; // 6 h
const DEADLINE = start + DEADLINE_DEFAULT_MS; // 24 h
const clockPass = (at: number) => ({ type: "pass", by: "clock", at });

describe("the clock", () => {
  it("gives the seat to act until its window (from the start) runs out", () => {
    const d = derive(exampleTable(), start + WINDOW - 1);
    expect(d).toMatchObject({ turn: 0, turnEndsAt: start + WINDOW, dueClockActs: [], deadlineAt: DEADLINE });
    expect(check(exampleTable(), 0, { type: "pass" }, start + WINDOW - 1)).toMatchObject({ ok: true });
  });

  it("passes for the seat at exactly the previous time + the window, and the next window starts then", () => {
    const d = derive(exampleTable(), start + WINDOW);
    expect(d.dueClockActs).toEqual([clockPass(start + WINDOW)]);
    expect(d).toMatchObject({
      turn: 1,
      turnEndsAt: start + 2 * WINDOW,
      actCount: 1,
      lastActAt: start + WINDOW,
    });

    const later = derive(exampleTable(), start + 2 * WINDOW + 1);
    expect(later.dueClockActs).toEqual([clockPass(start + WINDOW), clockPass(start + 2 * WINDOW)]);
    expect(later.turn).toBe(2);
  });

  it("measures the window from the previous act's time", () => {
    const game = exampleTable(2); // last act at 09:10
    expect(derive(game, exampleAt(1) + WINDOW - 1).dueClockActs).toEqual([]);
    expect(derive(game, exampleAt(1) + WINDOW).dueClockActs).toEqual([clockPass(exampleAt(1) + WINDOW)]);
  });

  it("refuses a seat's act once its window ran out, naming when", () => {
    const refused = check(
      exampleTable(),
      0,
      { type: "offer", accord: WORKED_EXAMPLE.accordA },
      start + WINDOW,
    );
    expect(refused).toEqual({
      ok: false,
      code: "conflict",
      message:
        "Your turn window ran out at 2026-11-29T15:00:00.000Z and the clock passed for you; wait for your next turn.",
    });
    expect(may(exampleTable(), 0, start + WINDOW)).toMatchObject({
      offer: expect.stringMatching(/window ran out/),
    });
  });

  it("lets the next seat act after a clock pass; the server appends the pass, then the act", () => {
    const game = exampleTable();
    const now = start + WINDOW + MINUTE;
    const { dueClockActs } = derive(game, now);
    const result = check(game, 1, { type: "pass" }, now);
    expect(result).toEqual({ ok: true, value: { type: "pass", at: now } });
    // The new act's index is game.acts.length + dueClockActs.length = 1: Brine's turn.
    game.acts.push(...dueClockActs);
    if (result.ok) game.acts.push(result.value);
    expect(derive(game, now)).toMatchObject({ turn: 2, actCount: 2, dueClockActs: [] });
  });

  it("gives a seat its turn back after the clock has gone all the way round", () => {
    const now = start + 5 * WINDOW - 1; // 4 passes due at 6 h, 12 h, 18 h … and 24 h is the deadline
    const game = { ...exampleTable(), deadlineMs: 14 * 24 * HOUR };
    expect(derive(game, start + 5 * WINDOW).dueClockActs).toHaveLength(5);
    expect(check(game, 0, { type: "pass" }, start + 5 * WINDOW)).toMatchObject({ ok: true });
    expect(check(game, 4, { type: "pass" }, now)).toMatchObject({ ok: true });
  });

  it("does not clear acceptances when it passes", () => {
    const game = exampleTable(3);
    const d = derive(game, exampleAt(2) + 2 * WINDOW);
    expect(d.dueClockActs).toHaveLength(2);
    expect(d).toMatchObject({ acceptances: [1, 2], standingOffer: { seat: 0 } });
  });

  it("never passes after binding", () => {
    const d = derive(exampleTable(6), start + DEADLINE_DEFAULT_MS * 3);
    expect(d).toMatchObject({
      status: "bound",
      dueClockActs: [],
      turn: null,
      turnEndsAt: null,
      endedAt: null,
    });
  });

  it("caps the turn's end at the deadline", () => {
    const game = { ...exampleTable(), turnWindowMs: 10 * HOUR };
    const d = derive(game, start + 20 * HOUR);
    expect(d.dueClockActs).toEqual([clockPass(start + 10 * HOUR), clockPass(start + 20 * HOUR)]);
    expect(d.turnEndsAt).toBe(DEADLINE);
  });

  it("refuses a time earlier than the ledger's latest act", () => {
    expect(check(exampleTable(3), 3, { type: "pass" }, exampleAt(1))).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringMatching(/later act/),
    });
  });
});

describe("the deadline", () => {
  it("ends an unbound table unsettled at start + deadline, with fallback payoffs", () => {
    const game = exampleTable(3);
    const d = derive(game, DEADLINE);
    expect(d).toMatchObject({
      status: "ended",
      endedAt: DEADLINE,
      boundAt: null,
      turn: null,
      turnEndsAt: null,
    });
    expect(d.payoffs).toEqual(WORKED_EXAMPLE.game.charges.map((c) => c.fallback));
    expect(d.payoffs).toEqual([1, 2, 1, 0, 2]);
    // Windows run out at 15:15, 21:15 and 03:15; the next would be 09:15, past the deadline.
    expect(d.dueClockActs.map((a) => a.at)).toEqual([1, 2, 3].map((k) => exampleAt(2) + k * WINDOW));
    expect(standings(game, DEADLINE)).toEqual([
      { seat: 1, payoff: 2, overFallback: 0, place: 1 },
      { seat: 4, payoff: 2, overFallback: 0, place: 1 },
      { seat: 0, payoff: 1, overFallback: 0, place: 3 },
      { seat: 2, payoff: 1, overFallback: 0, place: 3 },
      { seat: 3, payoff: 0, overFallback: 0, place: 5 },
    ]);
    expect(standings(game, DEADLINE - 1)).toBeNull();
  });

  it("takes no act at or after it, but any before it", () => {
    const game = exampleTable();
    const passed = derive(game, DEADLINE - 1).dueClockActs.length; // 09:00 + 6, 12, 18 h
    expect(passed).toBe(3);
    expect(check(game, passed % 5, { type: "pass" }, DEADLINE - 1)).toMatchObject({ ok: true });
    expect(check(game, passed % 5, { type: "pass" }, DEADLINE)).toEqual({
      ok: false,
      code: "conflict",
      message:
        "The deadline passed at 2026-11-30T09:00:00.000Z and the table ended unsettled; no more acts are taken.",
    });
  });

  it("is not applied without a now: the ledger alone says playing", () => {
    expect(derive(exampleTable(3)).status).toBe("playing");
  });

  it("stops the clock at the deadline when windows do not divide it", () => {
    const game = { ...exampleTable(), turnWindowMs: 25 * MINUTE, deadlineMs: HOUR };
    expect(derive(game, start + HOUR).dueClockActs.map((a) => a.at)).toEqual([
      start + 25 * MINUTE,
      start + 50 * MINUTE,
    ]);
    const exact = { ...exampleTable(), turnWindowMs: 15 * MINUTE, deadlineMs: HOUR };
    expect(derive(exact, start + 2 * HOUR).dueClockActs).toHaveLength(3); // 15, 30, 45; 60 is the deadline
  });
});

describe("the quorum", () => {
  it("is ⌈n/2⌉ + 1 for the seats at the start: 4 → 3, 5 → 4, 6 → 4", () => {
    expect([4, 5, 6].map(quorumFor)).toEqual([3, 4, 4]);
    for (const seats of [4, 5, 6]) expect(derive({ ...exampleTable(), seats }).quorum).toBe(quorumFor(seats));
  });

  it("binds a four-seat table at three acceptances", () => {
    const game = { ...exampleTable(), seats: 4, charges: WORKED_EXAMPLE.game.charges.slice(0, 4) };
    let now = exampleAt(0);
    act(game, { type: "offer", accord: WORKED_EXAMPLE.accordA }, now);
    for (let i = 0; i < 2; i++) act(game, { type: "accept" }, (now += MINUTE)); // Brine, Corin
    act(game, { type: "pass" }, (now += MINUTE)); // Dace
    expect(derive(game).status).toBe("playing");
    act(game, { type: "accept" }, (now += MINUTE)); // Aster
    expect(derive(game)).toMatchObject({ status: "bound", acceptances: [1, 2, 0] });
  });
});
