// The vote's last steps: every escalation, one reason at a time and all together in the spec's order; the top dissent
// and hedger; bad input.
import { describe, expect, it } from "vitest";
import { vote } from "@/server/rules/council";
import { ballots, counted, reasonKinds } from "./testing";

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
  for (const { name, seats, line, says } of [
    {
      name: "top dissent is the surest vote against the winner, the earliest seat on ties",
      seats: [
        ["ann", "a", 9],
        ["zed", "b", 6, "z"],
        ["bob", "b", 6, "b"],
        ["cy", "a", 9],
        ["di", "a", 9],
      ],
      line: 3,
      says: "Top dissent: zed (b, 6) — z",
    },
    {
      name: "top hedger is the least sure vote for the winner, the earliest seat on ties",
      seats: [
        ["ann", "a", 9],
        ["zed", "a", 7, "z"],
        ["bob", "a", 7, "b"],
        ["cy", "c", 2],
      ],
      line: 4,
      says: "Top hedger: zed (7) — z",
    },
  ] satisfies { name: string; seats: Parameters<typeof ballots>[0]; line: number; says: string }[])
    it(name, () => {
      const result = counted(vote(ballots(seats)));
      expect(result.lines[line]).toBe(says);
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
