// Properties: whatever the file holds, the vote and the inspector answer with a value and a known exit code.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inspect, parseState, vote, type VoteResult } from "@/server/rules/council";

const EXIT_CODES = [0, 1, 2, 3];

/** A state file close enough to real that the count is reached often, with junk mixed in. */
const nearState = fc.record({
  id: fc.string(),
  question: fc.string(),
  options: fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { minLength: 1, maxLength: 4 }),
  aggregator: fc.constantFrom("weighted", "majority", "unanimity-or-escalate", "borda", ""),
  values_keywords: fc.option(fc.array(fc.constantFrom("honesty", "SAFETY", "", "x")), { nil: undefined }),
  agents: fc.array(
    fc.record({
      name: fc.constantFrom("ann", "bob", "cy", "di", "ed", "ann"),
      soul: fc.string(),
      rounds: fc.array(
        fc.record({
          round: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.jsonValue()),
          position: fc.oneof(fc.constantFrom("a", "b", "c"), fc.jsonValue()),
          confidence: fc.oneof(fc.integer({ min: 0, max: 11 }), fc.jsonValue()),
          self_update: fc.oneof(fc.constantFrom("no change", " No change ", "moved"), fc.jsonValue()),
        }),
        { maxLength: 4 },
      ),
      final: fc.option(
        fc.record({
          vote: fc.oneof(fc.constantFrom("a", "b", "c"), fc.constantFrom("a", "b", "c"), fc.jsonValue()),
          confidence: fc.oneof(
            fc.integer({ min: 1, max: 10 }),
            fc.integer({ min: 1, max: 10 }),
            fc.jsonValue(),
          ),
          rationale: fc.oneof(fc.string(), fc.jsonValue()),
        }),
        { nil: undefined, freq: 8 },
      ),
      dissent_note: fc.option(
        fc.oneof(fc.constantFrom("honesty matters", "Safety!", "fine"), fc.jsonValue()),
        { nil: null },
      ),
    }),
    { maxLength: 9 },
  ),
});

function checkShape(result: VoteResult): void {
  expect(EXIT_CODES).toContain(result.exitCode);
  switch (result.kind) {
    case "invalid":
      expect(result.exitCode).toBe(1);
      return;
    case "reprompt":
      expect(result.exitCode).toBe(2);
      expect(result.lines[0]).toBe("RE-PROMPT");
      expect(result.lines).toHaveLength(result.problems.length + 1);
      return;
    case "decided":
      expect(result.exitCode).toBe(0);
      expect(result.reasons).toEqual([]);
      expect(result.lines[0]).toBe(`DECISION: ${result.winner}`);
      expect(result.lines).not.toContain("The human decides.");
      return;
    case "escalated":
      expect(result.exitCode).toBe(3);
      expect(result.reasons.length).toBeGreaterThan(0);
      expect(result.lines[0]).toBe("DECISION: ESCALATE");
      expect(result.lines.at(-1)).toBe("The human decides.");
      expect(result.lines.some((l) => l.startsWith("Weighted confidence:"))).toBe(result.winner !== null);
      expect(result.lines.some((l) => l.startsWith("Top hedger:"))).toBe(result.winner !== null);
  }
}

describe("vote and inspect never throw", () => {
  it("on any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const state = parseState(json);
        if (!state.ok) return;
        checkShape(vote(state.value));
        expect(typeof inspect(state.value).line).toBe("string");
      }),
      { numRuns: 500 },
    );
  });

  it("on states near the real thing, with junk in every field", () => {
    fc.assert(
      fc.property(nearState, (json) => {
        const state = parseState(json);
        expect(state.ok).toBe(true);
        if (!state.ok) return;
        checkShape(vote(state.value));
        const found = inspect(state.value);
        if (found.ok) expect(found.line.startsWith(`${found.verdict}: `)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
