// What is due at a table and where it stands, from the ledger and the time alone: rounds open and close, the
// deadline empties seats, the inspector's verdicts, the facilitator's questions and axes, the count.
import { describe, expect, it } from "vitest";
import {
  emptySeat,
  standing,
  type Progress,
  type RoundRecord,
  type VerdictRecord,
} from "@/server/rules/council";
import { cast, converge, council, deepen, open } from "./testing";

const MIN = 60_000;
const three = ["ann", "bob", "cy"];
const round = (n: 1 | 2 | 3 | 4, openedAt: number, closedAt: number | null = null): RoundRecord => ({
  round: n,
  openedAt,
  deadlineAt: openedAt + 30 * MIN,
  closedAt,
});
const verdict = (afterRound: 2 | 3 | 4, v: string, extra: Partial<VerdictRecord> = {}): VerdictRecord => ({
  afterRound,
  verdict: v,
  ask: null,
  confirmed: null,
  at: 10 * MIN,
  confirmedAt: null,
  ...extra,
});
const table = (p: Partial<Progress>): Progress => ({
  council: council(three),
  rounds: [],
  verdicts: [],
  axes: null,
  deadlineMs: 30 * MIN,
  ...p,
});
const r1 = [open("ann", "a", 6), open("bob", "b", 5), open("cy", "a", 7)];
const r2 = [
  deepen("ann", "a", 6, "bob", "firmer"),
  deepen("bob", "b", 5, "ann", "less sure"),
  deepen("cy", "a", 7, "bob"),
];

describe("standing", () => {
  it("a new table opens round 1 now, until the deadline", () => {
    expect(standing(table({}), 0)).toEqual({
      due: [{ kind: "open", round: 1, openedAt: 0, deadlineAt: 30 * MIN }],
      phase: null,
    });
  });

  it("an open round waits for its seats, closes when all have answered, or empties the late ones at the deadline", () => {
    const waiting = table({ council: council(three, r1.slice(0, 2)), rounds: [round(1, 0)] });
    expect(standing(waiting, MIN)).toEqual({
      due: [],
      phase: { kind: "round", round: 1, deadlineAt: 30 * MIN, waiting: ["cy"] },
    });
    expect(standing(waiting, 30 * MIN).due).toEqual([
      { kind: "empty", round: 1, seats: [{ name: "cy", reason: "missed the round 1 deadline" }] },
      { kind: "close", round: 1, because: "deadline" },
    ]);
    const all = table({ council: council(three, r1), rounds: [round(1, 0)] });
    expect(standing(all, MIN).due).toEqual([{ kind: "close", round: 1, because: "all answered" }]);
  });

  it("round 1 closed opens round 2; below quorum the table escalates instead", () => {
    const closed = table({ council: council(three, r1), rounds: [round(1, 0, MIN)] });
    expect(standing(closed, 2 * MIN).due).toEqual([
      { kind: "open", round: 2, openedAt: 2 * MIN, deadlineAt: 32 * MIN },
    ]);
    const thin = table({
      council: emptySeat(council(three, r1), "cy", "missed it"),
      rounds: [round(1, 0, MIN)],
    });
    expect(standing(thin, 2 * MIN).due).toEqual([
      {
        kind: "verdict",
        afterRound: 1,
        verdict: "ESCALATE",
        line: "ESCALATE: fewer than 3 live seats — the human decides",
      },
    ]);
  });

  it("after round 2 the inspector's verdict is written, then round 3 waits for axes until the deadline drafts them", () => {
    const p = table({
      council: council(three, [...r1, ...r2]),
      rounds: [round(1, 0, MIN), round(2, MIN, 10 * MIN)],
    });
    expect(standing(p, 10 * MIN).due).toEqual([
      {
        kind: "verdict",
        afterRound: 2,
        verdict: "CONTINUE",
        line: "CONTINUE: round 2 still divided — run round 3",
      },
    ]);
    const judged = { ...p, verdicts: [verdict(2, "CONTINUE")] };
    expect(standing(judged, 11 * MIN).phase).toMatchObject({ kind: "axes", deadlineAt: 40 * MIN });
    const due = standing(judged, 40 * MIN).due;
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ kind: "axes" });
    expect(standing({ ...judged, axes: ["x", "y"] }, 11 * MIN).due).toEqual([
      { kind: "open", round: 3, openedAt: 11 * MIN, deadlineAt: 41 * MIN },
    ]);
  });

  it("a question to the facilitator waits for the answer; yes and no open their rounds; silence is no", () => {
    const same = [deepen("ann", "a", 6, "bob"), deepen("bob", "b", 5, "ann"), deepen("cy", "a", 7, "bob")];
    const base = table({
      council: council(three, [...r1, ...same]),
      rounds: [round(1, 0, MIN), round(2, MIN, 10 * MIN)],
    });
    expect(standing(base, 10 * MIN).due[0]).toMatchObject({
      kind: "verdict",
      verdict: "SKIP-ROUND-3",
      ask: expect.any(String),
    });
    const asked = verdict(2, "SKIP-ROUND-3", { ask: "Go straight to the vote?" });
    expect(standing({ ...base, verdicts: [asked] }, 11 * MIN).phase).toMatchObject({
      kind: "confirm",
      ifYes: 4,
      ifNo: 3,
    });
    expect(standing({ ...base, verdicts: [asked] }, 40 * MIN).due).toEqual([
      { kind: "decline", afterRound: 2 },
    ]);
    const yes = { ...asked, confirmed: true, confirmedAt: 12 * MIN };
    expect(standing({ ...base, verdicts: [yes] }, 12 * MIN).due[0]).toMatchObject({ kind: "open", round: 4 });
    const no = { ...asked, confirmed: false, confirmedAt: 12 * MIN };
    expect(standing({ ...base, verdicts: [no] }, 12 * MIN).phase).toMatchObject({ kind: "axes" });
  });

  it("round 4 closed is counted — the decision block verbatim — and then the table is finished", () => {
    const answers = [
      ...r1,
      ...r2,
      converge("ann", "a", 7),
      converge("bob", "a", 6),
      converge("cy", "a", 8),
      cast("ann", "a", 8),
      cast("bob", "a", 6),
      cast("cy", "a", 9),
    ];
    const rounds = [
      round(1, 0, MIN),
      round(2, MIN, 2 * MIN),
      round(3, 2 * MIN, 3 * MIN),
      round(4, 3 * MIN, 4 * MIN),
    ];
    const p = table({
      council: council(three, answers),
      rounds,
      verdicts: [verdict(2, "CONTINUE"), verdict(3, "CONTINUE")],
      axes: ["x", "y"],
    });
    const [count] = standing(p, 4 * MIN).due;
    expect(count).toMatchObject({ kind: "verdict", afterRound: 4, verdict: "DECIDED" });
    expect(count?.kind === "verdict" && count.line.split("\n")).toEqual([
      "DECISION: a",
      "Aggregator: weighted · a: 23 · b: 0 · c: 0",
      "Weighted confidence: 23/30 (77%) for a",
      "Top dissent: none (no opposing votes)",
      "Top hedger: bob (6) — bob votes a",
    ]);
    expect(standing({ ...p, verdicts: [...p.verdicts, verdict(4, "DECIDED")] }, 5 * MIN)).toEqual({
      due: [],
      phase: { kind: "finished", verdict: "DECIDED", afterRound: 4 },
    });
  });
});
