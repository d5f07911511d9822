// The vote, step by step: validation, scoring, tie-breaks, every escalation, the printed block.
import { describe, expect, it } from "vitest";
import { vote, type VoteResult } from "@/server/rules/council";
import { ballots, workedExample } from "./testing";

const counted = (r: VoteResult) => {
  if (r.kind !== "decided" && r.kind !== "escalated") throw new Error(`expected a count, got ${r.kind}`);
  return r;
};
const reasonKinds = (r: VoteResult) => counted(r).reasons.map((x) => x.kind);

describe("the worked example", () => {
  it("decides adopt-modified at 37/50 (74%), no dissent, brand hedging", () => {
    const result = vote(workedExample());
    expect(result.kind).toBe("decided");
    expect(result.exitCode).toBe(0);
    expect(result.lines).toEqual([
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
    expect(result.kind).toBe("escalated");
    expect(result.exitCode).toBe(3);
    expect(result.lines).toEqual([
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
    expect(result.kind).toBe("reprompt");
    expect(result.exitCode).toBe(2);
    expect(result.lines).toEqual([
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

  it("collects every problem of one seat", () => {
    const result = vote(
      ballots([
        ["ann", "A", 5],
        ["bob", "a", 7],
        ["cy", "a", 7],
      ]),
    );
    expect(result.lines).toEqual([
      "RE-PROMPT",
      '  ann: "A" is not one of a, b, c',
      "  ann: 5 is forbidden in round 4 — re-prompt for 4 or 6",
    ]);
  });

  it("matches options exactly: no trimming, no case folding, no numbers for text", () => {
    const result = vote(
      ballots(
        [
          ["ann", " a", 7],
          ["bob", 1, 7],
          ["cy", null, 7],
        ],
        { options: ["a", "1"] },
      ),
    );
    expect(result.lines).toEqual([
      "RE-PROMPT",
      '  ann: " a" is not one of a, 1',
      '  bob: "1" is not one of a, 1',
      '  cy: "null" is not one of a, 1',
    ]);
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
    expect(result.kind).toBe("escalated");
    expect(result.exitCode).toBe(3);
    expect(result.lines).toEqual([
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

describe("step 4: escalate, one reason at a time", () => {
  it("split: under 60% of the confidence cast", () => {
    const result = vote(
      ballots([
        ["ann", "a", 7],
        ["bob", "a", 6],
        ["cy", "a", 6],
        ["di", "b", 7],
        ["ed", "b", 6],
      ]),
    );
    expect(reasonKinds(result)).toEqual(["split"]);
    expect(counted(result).reasons[0]?.text).toBe("split: a holds 59% of weighted confidence (< 60%)");
    expect(result.lines.slice(-3)).toEqual([
      "Escalate because:",
      "  split: a holds 59% of weighted confidence (< 60%)",
      "The human decides.",
    ]);
  });

  it("no split at exactly 60%", () => {
    const result = vote(
      ballots([
        ["ann", "a", 6],
        ["bob", "a", 6],
        ["cy", "a", 6],
        ["di", "b", 6],
        ["ed", "b", 6],
      ]),
    );
    expect(result.kind).toBe("decided");
  });

  it("opposing certainties: 10s on two options", () => {
    const result = counted(
      vote(
        ballots([
          ["ann", "b", 10],
          ["bob", "a", 10],
          ["cy", "a", 10],
          ["di", "a", 9],
          ["ed", "a", 10],
        ]),
      ),
    );
    expect(result.winner).toBe("a");
    expect(result.reasons).toEqual([
      { kind: "opposing-certainties", text: "opposing certainties: 10s on b and a" },
    ]);
  });

  it("10s all on one side are no reason", () => {
    expect(
      vote(
        ballots([
          ["ann", "a", 10],
          ["bob", "a", 10],
          ["cy", "b", 2],
        ]),
      ).kind,
    ).toBe("decided");
  });

  it("a dissent citing a value: the first keyword of the list found, case-insensitive, even inside a word", () => {
    const result = counted(
      vote(
        ballots([
          ["ann", "a", 9],
          ["bob", "a", 9, "ok", "SAFETY first, and honesty"],
          ["cy", "a", 9, "ok", "no UNSAFETY here"],
        ]),
      ),
    );
    expect(result.reasons).toEqual([
      { kind: "value", text: `bob's dissent cites a value: "honesty"` },
      { kind: "value", text: `cy's dissent cites a value: "safety"` },
    ]);
  });

  it("reads the table's own keywords, and an empty list turns the check off", () => {
    const seats: Parameters<typeof ballots>[0] = [
      ["ann", "a", 9],
      ["bob", "a", 9, "ok", "Privacy and safety"],
      ["cy", "a", 9],
    ];
    expect(counted(vote(ballots(seats, { values_keywords: ["PRIVACY"] }))).reasons[0]?.text).toBe(
      `bob's dissent cites a value: "privacy"`,
    );
    expect(vote(ballots(seats, { values_keywords: [] })).kind).toBe("decided");
    expect(vote(ballots(seats, { values_keywords: ["", " "] })).kind).toBe("decided");
  });

  it("unanimity-or-escalate: every vote one side at 7 or more, or escalate", () => {
    const unanimous = ballots(
      [
        ["ann", "a", 7],
        ["bob", "a", 10],
        ["cy", "a", 8],
      ],
      { aggregator: "unanimity-or-escalate" },
    );
    expect(vote(unanimous).kind).toBe("decided");
    const twoSides = ballots(
      [
        ["ann", "a", 9],
        ["bob", "a", 9],
        ["cy", "a", 9],
        ["di", "b", 7],
      ],
      { aggregator: "unanimity-or-escalate" },
    );
    expect(reasonKinds(vote(twoSides))).toEqual(["unanimity"]);
    const lukewarm = ballots(
      [
        ["ann", "a", 9],
        ["bob", "a", 6],
        ["cy", "a", 9],
      ],
      { aggregator: "unanimity-or-escalate" },
    );
    expect(reasonKinds(vote(lukewarm))).toEqual(["unanimity"]);
  });
});

describe("step 4: every reason together, in the spec's order", () => {
  it("split, opposing certainties, value, unanimity", () => {
    const state = ballots(
      [
        ["ann", "a", 10],
        ["bob", "a", 4, "meh", "this skirts consent"],
        ["cy", "b", 10],
        ["di", "b", 4],
      ],
      {
        aggregator: "unanimity-or-escalate",
      },
    );
    const result = counted(vote(state));
    expect(result.winner).toBe("b");
    expect(result.lines.slice(-6)).toEqual([
      "Escalate because:",
      "  split: b holds 50% of weighted confidence (< 60%)",
      "  opposing certainties: 10s on a and b",
      `  bob's dissent cites a value: "consent"`,
      "  unanimity-or-escalate: not every persona voted the same side at ≥7",
      "The human decides.",
    ]);
  });

  it("tie, opposing certainties, each value, unanimity", () => {
    const state = ballots(
      [
        ["ann", "a", 10, "x", "consent!"],
        ["bob", "b", 10, "y", "honesty!"],
        ["cy", "a", 2],
        ["di", "b", 2],
      ],
      {
        aggregator: "unanimity-or-escalate",
      },
    );
    expect(reasonKinds(vote(state))).toEqual(["tie", "opposing-certainties", "value", "value", "unanimity"]);
  });
});

describe("step 5: top dissent and top hedger", () => {
  it("top dissent is the surest vote against the winner, the earliest seat on ties", () => {
    const result = counted(
      vote(
        ballots([
          ["ann", "a", 9],
          ["zed", "b", 6, "z"],
          ["bob", "b", 6, "b"],
          ["cy", "a", 9],
          ["di", "a", 9],
        ]),
      ),
    );
    expect(result.lines[3]).toBe("Top dissent: zed (b, 6) — z");
  });

  it("top hedger is the least sure vote for the winner, the earliest seat on ties", () => {
    const result = counted(
      vote(
        ballots([
          ["ann", "a", 9],
          ["zed", "a", 7, "z"],
          ["bob", "a", 7, "b"],
          ["cy", "c", 2],
        ]),
      ),
    );
    expect(result.lines[4]).toBe("Top hedger: zed (7) — z");
  });

  it("without a winner, top dissent is the surest vote of all", () => {
    const result = counted(
      vote(
        ballots([
          ["ann", "a", 4],
          ["bob", "b", 9],
          ["cy", "a", 9],
          ["di", "b", 4],
        ]),
      ),
    );
    expect(result.winner).toBeNull();
    expect(result.topDissent?.name).toBe("bob");
  });

  it("an empty rationale prints no dash", () => {
    const result = vote(
      ballots([
        ["ann", "a", 9, ""],
        ["bob", "a", 8, ""],
        ["cy", "b", 2, ""],
      ]),
    );
    expect(result.lines.slice(3)).toEqual(["Top dissent: cy (b, 2)", "Top hedger: bob (8)"]);
  });

  it("rounds percentages to whole numbers", () => {
    // 2 of 30 is 6.67%: printed 7%.
    const r = counted(
      vote(
        ballots([
          ["ann", "a", 2],
          ["bob", "b", 1],
          ["cy", "c", 1],
        ]),
      ),
    );
    expect(r.lines[2]).toBe("Weighted confidence: 2/30 (7%) for a");
    expect(r.reasons[0]?.text).toBe("split: a holds 50% of weighted confidence (< 60%)");
  });
});

describe("bad input", () => {
  it("fewer than 3 seats is bad input (exit 1), whatever the votes", () => {
    const result = vote(
      ballots([
        ["ann", "a", 9],
        ["bob", "a", 9],
      ]),
    );
    expect(result).toEqual({
      kind: "invalid",
      exitCode: 1,
      message: "quorum: 2 seats — a Round Table needs at least 3",
      lines: [],
    });
    expect(vote(ballots([])).exitCode).toBe(1);
  });
});
