// The vote, step by step: validation, scoring, tie-breaks (escalation, dissent and bad input: vote.escalate.test.ts).
import { describe, expect, it } from "vitest";
import { vote } from "@/server/rules/council";
import { ballots, counted, workedExample } from "./testing";

/** What the CLI shows of a vote: its kind, its exit code and its lines. */
function expectShown(result: ReturnType<typeof vote>, kind: string, exitCode: number, lines: string[]) {
  expect(result.kind).toBe(kind);
  expect(result.exitCode).toBe(exitCode);
  expect(result.lines).toEqual(lines);
}

describe("the worked example", () => {
  it("decides adopt-modified at 37/50 (74%), no dissent, brand hedging", () => {
    const result = vote(workedExample());
    expectShown(result, "decided", 0, [
      "DECISION: adopt-modified",
      "Aggregator: weighted · adopt-as-is: 0 · adopt-modified: 37 · reject: 0",
      "Weighted confidence: 37/50 (74%) for adopt-modified",
      "Top dissent: none (no opposing votes)",
      "Top hedger: brand (6) — Compromise — would prefer as-is, but unity matters more",
    ]);
    const c = counted(result);
    expect(c.tally).toEqual([
      { option: "adopt-as-is", sum: 0, count: 0 },
      { option: "adopt-modified", sum: 37, count: 5 },
      { option: "reject", sum: 0, count: 0 },
    ]);
    expect(c.weightedConfidence).toEqual({ sum: 37, max: 50, percent: 74 });
    expect(c.topDissent).toBeNull();
    expect(c.topHedger?.name).toBe("brand");
  });

  it("escalates under unanimity-or-escalate, because two votes sit at 6", () => {
    const state = { ...workedExample(), aggregator: "unanimity-or-escalate" };
    const result = vote(state);
    expectShown(result, "escalated", 3, [
      "DECISION: ESCALATE",
      "Aggregator: unanimity-or-escalate · adopt-as-is: 0 · adopt-modified: 37 · reject: 0",
      "Weighted confidence: 37/50 (74%) for adopt-modified",
      "Top dissent: none (no opposing votes)",
      "Top hedger: brand (6) — Compromise — would prefer as-is, but unity matters more",
      "Escalate because:",
      "  unanimity-or-escalate: not every persona voted the same side at ≥7",
      "The human decides.",
    ]);
    expect(counted(result).winner).toBe("adopt-modified");
  });

  it("is decided under majority too (5 heads, 100% of the cast confidence)", () => {
    const result = vote({ ...workedExample(), aggregator: "majority" });
    expect(result.kind).toBe("decided");
    expect(result.lines[1]).toBe("Aggregator: majority · adopt-as-is: 0 · adopt-modified: 37 · reject: 0");
  });
});

describe("step 1: validate every final", () => {
  it("re-prompts naming each seat and problem, in seat order, and decides nothing", () => {
    const state = ballots([
      ["ann", "a", 5],
      ["bob", "d", 7],
      ["cy", "a", 11],
      ["di", "b", 7.5],
      ["ed", "a", "8"],
      ["fay", "a", 0],
      ["gus", "b", 9],
    ]);
    delete state.agents[6]?.final;
    const result = vote(state);
    expectShown(result, "reprompt", 2, [
      "RE-PROMPT",
      "  ann: 5 is forbidden in round 4 — re-prompt for 4 or 6",
      '  bob: "d" is not one of a, b, c',
      "  cy: confidence 11 outside 1–10",
      "  di: confidence 7.5 outside 1–10",
      '  ed: confidence "8" outside 1–10',
      "  fay: confidence 0 outside 1–10",
      "  gus: no final vote",
    ]);
    if (result.kind !== "reprompt") return;
    expect(result.problems.map((p) => [p.seat, p.kind])).toEqual([
      ["ann", "forbidden-five"],
      ["bob", "off-option"],
      ["cy", "bad-confidence"],
      ["di", "bad-confidence"],
      ["ed", "bad-confidence"],
      ["fay", "bad-confidence"],
      ["gus", "no-final"],
    ]);
  });

  for (const { name, seats, options, lines } of [
    {
      name: "collects every problem of one seat",
      seats: [
        ["ann", "A", 5],
        ["bob", "a", 7],
        ["cy", "a", 7],
      ],
      lines: [
        "RE-PROMPT",
        '  ann: "A" is not one of a, b, c',
        "  ann: 5 is forbidden in round 4 — re-prompt for 4 or 6",
      ],
    },
    {
      name: "matches options exactly: no trimming, no case folding, no numbers for text",
      seats: [
        ["ann", " a", 7],
        ["bob", 1, 7],
        ["cy", null, 7],
      ],
      options: ["a", "1"],
      lines: [
        "RE-PROMPT",
        '  ann: " a" is not one of a, 1',
        '  bob: "1" is not one of a, 1',
        '  cy: "null" is not one of a, 1',
      ],
    },
  ] satisfies { name: string; seats: Parameters<typeof ballots>[0]; options?: string[]; lines: string[] }[])
    it(name, () => {
      expect(vote(ballots(seats, { options })).lines).toEqual(lines);
    });

  it("accepts 4 and 6, the sides of the forbidden middle", () => {
    expect(
      vote(
        ballots([
          ["ann", "a", 4],
          ["bob", "a", 6],
          ["cy", "a", 9],
        ]),
      ).kind,
    ).not.toBe("reprompt");
  });
});

describe("step 2: score", () => {
  // a: two heads at 10 (sum 20); b: three heads at 4 (sum 12).
  const seats = (aggregator: string) =>
    ballots(
      [
        ["ann", "a", 10],
        ["bob", "b", 4],
        ["cy", "a", 10],
        ["di", "b", 4],
        ["ed", "b", 4],
      ],
      { aggregator },
    );

  it("sums confidence under weighted", () => {
    const result = counted(vote(seats("weighted")));
    expect(result.winner).toBe("a");
    expect(result.kind).toBe("decided");
    expect(result.lines[2]).toBe("Weighted confidence: 20/50 (40%) for a");
  });

  it("counts heads under majority, and still judges the split on confidence", () => {
    const result = counted(vote(seats("majority")));
    expect(result.winner).toBe("b");
    expect(result.tally.map((t) => t.count)).toEqual([2, 3, 0]);
    expect(result.reasons).toEqual([
      { kind: "split", text: "split: b holds 38% of weighted confidence (< 60%)" },
    ]);
    expect(result.lines[2]).toBe("Weighted confidence: 12/50 (24%) for b");
  });

  it("scores an aggregator it does not know like weighted, and prints its name as given", () => {
    const result = counted(vote(seats("plurality")));
    expect(result.winner).toBe("a");
    expect(result.lines[1]).toBe("Aggregator: plurality · a: 20 · b: 12 · c: 0");
  });
});

describe("step 3: tie-break", () => {
  it("first by the highest single confidence", () => {
    // Two heads each; a holds a 10.
    const result = counted(
      vote(
        ballots(
          [
            ["ann", "a", 10],
            ["bob", "b", 9],
            ["cy", "a", 10],
            ["di", "b", 1],
          ],
          { aggregator: "majority" },
        ),
      ),
    );
    expect(result.winner).toBe("a");
    expect(result.kind).toBe("decided");
  });

  it("then by the fewest voters with a dissent note", () => {
    const result = counted(
      vote(
        ballots(
          [
            ["ann", "a", 9],
            ["bob", "b", 9],
            ["cy", "a", 1, "meh", "I hold my nose"],
            ["di", "b", 8],
          ],
          { aggregator: "majority" },
        ),
      ),
    );
    expect(result.winner).toBe("b");
    expect(result.kind).toBe("decided");
    expect(result.lines[2]).toBe("Weighted confidence: 17/40 (43%) for b");
  });

  it("a blank dissent note is no dissent", () => {
    const result = counted(
      vote(
        ballots(
          [
            ["ann", "a", 9, "x", "  "],
            ["bob", "b", 9],
            ["cy", "a", 1],
            ["di", "b", 1],
          ],
          { aggregator: "majority" },
        ),
      ),
    );
    expect(result.winner).toBeNull();
  });

  it("a tie that survives both goes to the human, with no winner line and no hedger", () => {
    const result = vote(
      ballots([
        ["ann", "a", 8],
        ["bob", "b", 8],
        ["cy", "a", 4],
        ["di", "b", 4],
        ["ed", "c", 3],
      ]),
    );
    expectShown(result, "escalated", 3, [
      "DECISION: ESCALATE",
      "Aggregator: weighted · a: 12 · b: 12 · c: 3",
      "Top dissent: ann (a, 8) — ann says so",
      "Escalate because:",
      "  tie between a and b survives every tie-break",
      "The human decides.",
    ]);
    expect(counted(result).winner).toBeNull();
    expect(counted(result).topHedger).toBeNull();
  });

  it("names every option still tied", () => {
    const result = counted(
      vote(
        ballots([
          ["ann", "a", 7],
          ["bob", "b", 7],
          ["cy", "c", 7],
        ]),
      ),
    );
    expect(result.reasons[0]?.text).toBe("tie between a and b and c survives every tie-break");
  });
});
