// A round's life, and a whole table played from round 1 to the count.
import { describe, expect, it } from "vitest";
import {
  ROUND_DEADLINE_DEFAULT_MS,
  afterBadReply,
  emptySeat,
  missedDeadline,
  nextStep,
  roundStatus,
  toState,
  vote,
} from "@/server/rules/council";
import { cast, converge, council, deepen, open } from "./testing";

const five = ["ann", "bob", "cy", "di", "ed"];

describe("roundStatus", () => {
  it("lists who has answered and who is owed, ignoring emptied seats", () => {
    const c = emptySeat(
      council(five, [open("ann", "a", 6), open("di", "b", 4), open("ed", "a", 5)]),
      "ed",
      "missed the round 1 deadline",
    );
    expect(roundStatus(c, 1)).toEqual({
      round: 1,
      answered: ["ann", "di"],
      waiting: ["bob", "cy"],
      emptied: ["ed"],
      live: 4,
      canClose: false,
    });
    expect(roundStatus(c, 2)).toMatchObject({
      answered: [],
      waiting: ["ann", "bob", "cy", "di"],
      canClose: false,
    });
  });

  it("the round can close once every live seat has answered", () => {
    const c = council(["ann", "bob", "cy"], [open("ann", "a", 6), open("bob", "a", 6), open("cy", "b", 6)]);
    expect(roundStatus(c, 1).canClose).toBe(true);
  });
});

describe("deadlines and bad replies", () => {
  const c = council(["ann", "bob", "cy"], [open("ann", "a", 6)]);

  it("nobody is emptied before the deadline; every seat still owed is, after it", () => {
    expect(missedDeadline(c, 1, { openedAt: 1000, now: 1000 + ROUND_DEADLINE_DEFAULT_MS - 1 })).toEqual([]);
    expect(missedDeadline(c, 1, { openedAt: 1000, now: 1000 + ROUND_DEADLINE_DEFAULT_MS })).toEqual([
      { name: "bob", reason: "missed the round 1 deadline" },
      { name: "cy", reason: "missed the round 1 deadline" },
    ]);
    expect(missedDeadline(c, 1, { openedAt: 0, now: 60_000, deadlineMs: 60_000 })).toHaveLength(2);
  });

  it("one re-prompt, then the seat is emptied", () => {
    expect(afterBadReply(2, 1)).toEqual({ action: "reprompt" });
    expect(afterBadReply(2, 2)).toEqual({
      action: "empty",
      reason: "a malformed or off-option reply 2 times in round 2",
    });
  });

  it("emptying a seat keeps its earlier answers and touches no other seat", () => {
    const emptied = emptySeat(c, "ann", "gone");
    expect(emptied.seats).toEqual([
      { name: "ann", soul: "the ann lens", status: "emptied", emptiedReason: "gone" },
      { name: "bob", soul: "the bob lens", status: "live" },
      { name: "cy", soul: "the cy lens", status: "live" },
    ]);
    expect(emptied.answers).toEqual(c.answers);
    expect(emptySeat(emptied, "ann", "again").seats[0]?.emptiedReason).toBe("gone");
  });
});

describe("nextStep", () => {
  const r1 = [open("ann", "a", 6), open("bob", "b", 6), open("cy", "a", 6)];

  it("waits while a live seat owes an answer", () => {
    expect(nextStep(council(["ann", "bob", "cy"], r1.slice(0, 2)), 1)).toEqual({
      kind: "wait",
      waiting: ["cy"],
    });
  });

  it("after round 1, round 2 (the inspector reads rounds 2 and 3)", () => {
    expect(nextStep(council(["ann", "bob", "cy"], r1), 1)).toEqual({ kind: "round", round: 2 });
  });

  it("EARLY-STOP goes straight to round 4", () => {
    const c = council(
      ["ann", "bob", "cy"],
      [
        ...r1,
        deepen("ann", "a", 8, "bob"),
        deepen("bob", "a", 9, "cy", "moved"),
        deepen("cy", "a", 10, "bob"),
      ],
    );
    expect(nextStep(c, 2)).toMatchObject({
      kind: "round",
      round: 4,
      inspection: { verdict: "EARLY-STOP", position: "a" },
    });
  });

  it("SKIP-ROUND-3 asks the facilitator: yes votes now, no runs round 3", () => {
    const c = council(
      ["ann", "bob", "cy"],
      [...r1, deepen("ann", "a", 6, "bob"), deepen("bob", "b", 6, "cy"), deepen("cy", "a", 6, "bob")],
    );
    expect(nextStep(c, 2)).toMatchObject({
      kind: "confirm",
      inspection: { verdict: "SKIP-ROUND-3" },
      ifYes: 4,
      ifNo: 3,
    });
  });

  it("EXPERT-DEFERENCE after round 2 asks whether to short-circuit to the vote", () => {
    const c = council(
      ["ann", "bob", "cy"],
      [
        ...r1,
        deepen("ann", "a", 10, "bob", "firmer"),
        deepen("bob", "b", 2, "cy"),
        deepen("cy", "a", 3, "bob"),
      ],
    );
    const step = nextStep(c, 2);
    expect(step).toMatchObject({
      kind: "confirm",
      inspection: { verdict: "EXPERT-DEFERENCE", certain: "ann" },
      ifYes: 4,
      ifNo: 3,
    });
    expect(step.kind === "confirm" && step.ask).toContain("ann");
  });

  it("after round 3 the vote is next whatever the verdict, and the verdict comes along", () => {
    const r3 = [converge("ann", "a", 10), converge("bob", "b", 2), converge("cy", "a", 3)];
    expect(nextStep(council(["ann", "bob", "cy"], r3), 3)).toMatchObject({
      kind: "round",
      round: 4,
      inspection: { verdict: "EXPERT-DEFERENCE", round: 3 },
    });
    const divided = [converge("ann", "a", 7), converge("bob", "b", 7), converge("cy", "a", 7)];
    expect(nextStep(council(["ann", "bob", "cy"], divided), 3)).toMatchObject({
      kind: "round",
      round: 4,
      inspection: { verdict: "CONTINUE" },
    });
  });

  it("CONTINUE after round 2 runs round 3", () => {
    const c = council(
      ["ann", "bob", "cy"],
      [
        ...r1,
        deepen("ann", "a", 7, "bob", "firmer"),
        deepen("bob", "b", 6, "cy"),
        deepen("cy", "a", 6, "bob"),
      ],
    );
    expect(nextStep(c, 2)).toMatchObject({ kind: "round", round: 3, inspection: { verdict: "CONTINUE" } });
  });

  it("emptied seats do not hold the table back", () => {
    const answers = [
      ...r1,
      open("di", "c", 9),
      deepen("ann", "a", 8, "bob", "x"),
      deepen("bob", "a", 8, "cy", "y"),
      deepen("cy", "a", 8, "bob", "z"),
    ];
    const c = emptySeat(council(["ann", "bob", "cy", "di"], answers), "di", "missed the round 2 deadline");
    expect(nextStep(c, 2)).toMatchObject({ kind: "round", round: 4, inspection: { verdict: "EARLY-STOP" } });
  });

  it("after round 4, count", () => {
    const c = council(["ann", "bob", "cy"], [cast("ann", "a", 8), cast("bob", "a", 7), cast("cy", "b", 4)]);
    expect(nextStep(c, 4)).toEqual({ kind: "count" });
  });

  it("fewer than 3 live seats escalates, at any point", () => {
    const c = emptySeat(council(["ann", "bob", "cy"], r1), "cy", "gone");
    expect(nextStep(c, 1)).toEqual({ kind: "escalate", reason: "fewer than 3 live seats" });
    expect(nextStep(c, 3)).toEqual({ kind: "escalate", reason: "fewer than 3 live seats" });
  });
});

describe("a table played from the first round to the count", () => {
  it("five souls, one emptied in round 2, an early stop after round 2, decided", () => {
    let c = council(five);
    c = {
      ...c,
      answers: [
        open("ann", "a", 6),
        open("bob", "b", 7),
        open("cy", "a", 5),
        open("di", "a", 7),
        open("ed", "c", 3),
      ],
    };
    expect(nextStep(c, 1)).toEqual({ kind: "round", round: 2 });

    // ed answers off-option twice: re-prompted once, then emptied.
    expect(afterBadReply(2, 1).action).toBe("reprompt");
    const second = afterBadReply(2, 2);
    if (second.action === "empty") c = emptySeat(c, "ed", second.reason);
    c = {
      ...c,
      answers: [
        ...c.answers,
        deepen("ann", "a", 8, "bob", "firmer"),
        deepen("bob", "a", 8, "ann", "the cost argument moved me"),
        deepen("cy", "a", 9, "bob", "firmer"),
        deepen("di", "a", 8, "bob", "firmer"),
      ],
    };
    expect(roundStatus(c, 2)).toMatchObject({ canClose: true, emptied: ["ed"], live: 4 });
    const step = nextStep(c, 2);
    expect(step).toMatchObject({
      kind: "round",
      round: 4,
      inspection: { line: 'EARLY-STOP: all hold "a" at ≥8 after round 2 — skip to round 4' },
    });

    c = {
      ...c,
      answers: [
        ...c.answers,
        cast("ann", "a", 9),
        cast("bob", "a", 7),
        cast("cy", "a", 9),
        cast("di", "a", 8),
      ],
    };
    expect(nextStep(c, 4)).toEqual({ kind: "count" });
    const result = vote(toState(c));
    expect(result.lines).toEqual([
      "DECISION: a",
      "Aggregator: weighted · a: 33 · b: 0 · c: 0",
      "Weighted confidence: 33/40 (83%) for a",
      "Top dissent: none (no opposing votes)",
      "Top hedger: bob (7) — bob votes a",
    ]);
  });
});
