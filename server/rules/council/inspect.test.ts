// The inspector: each verdict, their precedence, and the states it refuses to read.
import { describe, expect, it } from "vitest";
import { inspect } from "@/server/rules/council";
import { positions, r, workedExample } from "./testing";

describe("verdicts", () => {
  it("EARLY-STOP: one shared option, everyone at 8 or more", () => {
    const state = positions([
      ["ann", r(1, "b", 3), r(2, "a", 8)],
      ["bob", r(1, "a", 9), r(2, "a", 10)],
      ["cy", r(1, "a", 8), r(2, "a", 9)],
    ]);
    expect(inspect(state)).toEqual({
      ok: true,
      verdict: "EARLY-STOP",
      line: 'EARLY-STOP: all hold "a" at ≥8 after round 2 — skip to round 4',
      round: 2,
      position: "a",
    });
  });

  it("no EARLY-STOP when one seat is at 7, or one holds another option", () => {
    const lukewarm = positions([
      ["ann", r(1, "a", 7)],
      ["bob", r(1, "a", 9)],
      ["cy", r(1, "a", 9)],
    ]);
    expect(inspect(lukewarm)).toMatchObject({
      verdict: "CONTINUE",
      line: "CONTINUE: round 1 still divided — run round 2",
    });
    const split = positions([
      ["ann", r(1, "a", 9)],
      ["bob", r(1, "b", 9)],
      ["cy", r(1, "a", 9)],
    ]);
    expect(inspect(split)).toMatchObject({ verdict: "CONTINUE" });
  });

  it("no EARLY-STOP on a shared position that is not an option", () => {
    const state = positions([
      ["ann", r(1, "z", 9)],
      ["bob", r(1, "z", 9)],
      ["cy", r(1, "z", 9)],
    ]);
    expect(inspect(state)).toMatchObject({ verdict: "CONTINUE" });
  });

  it("SKIP-ROUND-3: after round 2 every self_update is 'no change', trimmed and in any case", () => {
    const state = positions([
      ["ann", r(1, "a", 6), r(2, "a", 6, "no change")],
      ["bob", r(1, "b", 6), r(2, "b", 6, "  No Change ")],
      ["cy", r(1, "c", 6), r(2, "c", 6, "NO CHANGE")],
    ]);
    expect(inspect(state)).toEqual({
      ok: true,
      verdict: "SKIP-ROUND-3",
      line: "SKIP-ROUND-3: nobody moved in round 2 — round 3 would be performative (confirm no new evidence)",
      round: 2,
    });
  });

  it("a missing self_update, or any other words, do not count as no change", () => {
    const missing = positions([
      ["ann", r(1, "a", 6), r(2, "a", 6, "no change")],
      ["bob", r(1, "b", 6), r(2, "b", 6)],
      ["cy", r(1, "c", 6), r(2, "c", 6, "no change")],
    ]);
    expect(inspect(missing)).toMatchObject({
      verdict: "CONTINUE",
      line: "CONTINUE: round 2 still divided — run round 3",
    });
    const moved = positions([
      ["ann", r(1, "a", 6), r(2, "a", 6, "no change.")],
      ["bob", r(1, "b", 6), r(2, "b", 6, "no change")],
      ["cy", r(1, "c", 6), r(2, "c", 6, "no change")],
    ]);
    expect(inspect(moved)).toMatchObject({ verdict: "CONTINUE" });
  });

  it("SKIP-ROUND-3 only after round 2", () => {
    const state = positions([
      ["ann", r(1, "a", 6), r(2, "a", 6, "no change"), r(3, "a", 6, "no change")],
      ["bob", r(1, "b", 6), r(2, "b", 6, "no change"), r(3, "b", 6, "no change")],
      ["cy", r(1, "c", 6), r(2, "c", 6, "no change"), r(3, "c", 6, "no change")],
    ]);
    expect(inspect(state)).toMatchObject({
      verdict: "CONTINUE",
      line: "CONTINUE: round 3 still divided — run round 4",
    });
  });

  it("EXPERT-DEFERENCE: exactly one 10, everyone else at 3 or less, named", () => {
    const state = positions([
      ["ann", r(1, "a", 3), r(2, "b", 3)],
      ["bob", r(1, "a", 9), r(2, "a", 10)],
      ["cy", r(1, "c", 1), r(2, "c", 1)],
    ]);
    expect(inspect(state)).toEqual({
      ok: true,
      verdict: "EXPERT-DEFERENCE",
      line: "EXPERT-DEFERENCE: only bob is certain (10), the rest ≤3 — ask the human whether to short-circuit",
      round: 2,
      certain: "bob",
    });
  });

  it("no EXPERT-DEFERENCE with two 10s or another seat at 4", () => {
    const two = positions([
      ["ann", r(1, "a", 10)],
      ["bob", r(1, "b", 10)],
      ["cy", r(1, "c", 1)],
    ]);
    expect(inspect(two)).toMatchObject({ verdict: "CONTINUE" });
    const four = positions([
      ["ann", r(1, "a", 10)],
      ["bob", r(1, "b", 4)],
      ["cy", r(1, "c", 1)],
    ]);
    expect(inspect(four)).toMatchObject({ verdict: "CONTINUE" });
  });
});

describe("precedence: the first match wins", () => {
  it("EARLY-STOP before SKIP-ROUND-3", () => {
    const state = positions([
      ["ann", r(1, "a", 9), r(2, "a", 9, "no change")],
      ["bob", r(1, "a", 9), r(2, "a", 9, "no change")],
      ["cy", r(1, "a", 9), r(2, "a", 9, "no change")],
    ]);
    expect(inspect(state)).toMatchObject({ verdict: "EARLY-STOP" });
  });

  it("SKIP-ROUND-3 before EXPERT-DEFERENCE", () => {
    const state = positions([
      ["ann", r(1, "a", 10), r(2, "a", 10, "no change")],
      ["bob", r(1, "b", 2), r(2, "b", 2, "no change")],
      ["cy", r(1, "c", 1), r(2, "c", 1, "no change")],
    ]);
    expect(inspect(state)).toMatchObject({ verdict: "SKIP-ROUND-3" });
  });

  it("EXPERT-DEFERENCE before CONTINUE", () => {
    const state = positions([
      ["ann", r(1, "a", 10)],
      ["bob", r(1, "b", 2)],
      ["cy", r(1, "c", 3)],
    ]);
    expect(inspect(state)).toMatchObject({ verdict: "EXPERT-DEFERENCE", certain: "ann" });
  });
});

describe("the latest round", () => {
  it("the worked example, after round 2, continues (finance moved)", () => {
    expect(inspect(workedExample())).toMatchObject({ ok: true, verdict: "CONTINUE", round: 2 });
  });

  it("is the largest number of round entries any seat has; a seat missing it is bad input", () => {
    const state = positions([
      ["ann", r(1, "a", 9), r(2, "a", 9)],
      ["bob", r(1, "a", 9)],
      ["cy", r(1, "a", 9), r(2, "a", 9)],
    ]);
    expect(inspect(state)).toEqual({
      ok: false,
      line: "round 2: not every seat has answered (missing: bob)",
    });
  });

  it("looks the round up by number, not by place in the list", () => {
    const state = positions([
      ["ann", r(2, "a", 9), r(1, "a", 9)],
      ["bob", r(1, "a", 9), r(1, "a", 9)],
      ["cy", r(1, "a", 9), r(2, "a", 9)],
    ]);
    expect(inspect(state)).toEqual({
      ok: false,
      line: "round 2: not every seat has answered (missing: bob)",
    });
  });

  it("refuses a table where nobody has answered, or with entries past round 3", () => {
    expect(inspect(positions([["ann"], ["bob"], ["cy"]]))).toEqual({
      ok: false,
      line: "round 1: no seat has answered yet",
    });
    const four = positions([
      ["ann", r(1, "a", 9), r(2, "a", 9), r(3, "a", 9), r(4, "a", 9)],
      ["bob", r(1, "a", 9)],
      ["cy", r(1, "a", 9)],
    ]);
    expect(inspect(four)).toEqual({ ok: false, line: "round 4: the inspector reads rounds 1 to 3 only" });
  });

  it("fewer than 3 seats is bad input", () => {
    expect(
      inspect(
        positions([
          ["ann", r(1, "a", 9)],
          ["bob", r(1, "a", 9)],
        ]),
      ),
    ).toEqual({
      ok: false,
      line: "quorum: 2 seats — a Round Table needs at least 3",
    });
  });

  it("a confidence that is not a number passes no threshold", () => {
    const state = positions([
      ["ann", r(1, "a", Number.NaN)],
      ["bob", r(1, "a", 9)],
      ["cy", r(1, "a", 9)],
    ]);
    expect(inspect(state)).toMatchObject({ verdict: "CONTINUE" });
  });
});
