// Reading the original's state file: as lenient as its script, strict only about the two lists.
import { describe, expect, it } from "vitest";
import { parseState, valuesKeywordsOf, vote } from "@/server/rules/council";
import { workedExample } from "./testing";

describe("parseState", () => {
  it("reads the worked example as it is", () => {
    const parsed = parseState(workedExample());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.agents).toHaveLength(5);
    expect(parsed.value.agents[1]).toEqual({
      name: "brand",
      soul: "(worked example — no soul file)",
      rounds: [
        { round: 1, position: "adopt-as-is", confidence: 8 },
        { round: 2, position: "adopt-as-is", confidence: 7, self_update: "no change" },
      ],
      final: {
        vote: "adopt-modified",
        confidence: 6,
        rationale: "Compromise — would prefer as-is, but unity matters more",
      },
      dissent_note: null,
    });
    expect(parsed.value.values_keywords).toBeUndefined();
  });

  it("is bad input only without an object, an options list or an agents list", () => {
    for (const input of [
      null,
      3,
      "x",
      [],
      {},
      { options: [] },
      { agents: [] },
      { options: "a", agents: [] },
      { options: [], agents: {} },
    ]) {
      const parsed = parseState(input);
      expect(parsed.ok, JSON.stringify(input)).toBe(false);
      if (!parsed.ok) expect(parsed.code).toBe("invalid");
    }
    expect(parseState({ options: [], agents: {} })).toMatchObject({
      message: "Not a Round Table state: agents must be a list.",
    });
  });

  it("fills what is missing and keeps an aggregator it does not know", () => {
    const parsed = parseState({
      options: ["a", 2, "a", "b"],
      aggregator: "plurality",
      agents: [{}, { name: 7, rounds: "x" }, 3],
    });
    expect(parsed.ok && parsed.value).toEqual({
      id: "",
      question: "",
      options: ["a", "b"],
      aggregator: "plurality",
      agents: [
        { name: "seat 1", soul: "", rounds: [] },
        { name: "7", soul: "", rounds: [] },
        { name: "seat 3", soul: "", rounds: [] },
      ],
    });
  });

  it("turns a round entry of the wrong types into one that matches nothing", () => {
    const parsed = parseState({
      options: ["a"],
      agents: [{ name: "ann", rounds: [{ round: "1", position: 3, confidence: "9", self_update: 4 }, null] }],
    });
    expect(parsed.ok && parsed.value.agents[0]?.rounds).toEqual([
      { round: Number.NaN, position: "3", confidence: Number.NaN },
      { round: Number.NaN, position: "", confidence: Number.NaN },
    ]);
  });

  it("keeps a final's vote and confidence as written, for the vote to judge", () => {
    const parsed = parseState({
      options: ["a"],
      agents: [
        { name: "ann", final: { vote: 1, confidence: "8" } },
        { name: "bob", final: null },
      ],
    });
    expect(parsed.ok && parsed.value.agents).toEqual([
      { name: "ann", soul: "", rounds: [], final: { vote: 1, confidence: "8", rationale: "" } },
      { name: "bob", soul: "", rounds: [] },
    ]);
  });

  it("keeps the string keywords, and an empty list stays empty", () => {
    const parsed = parseState({ options: [], agents: [], values_keywords: ["Privacy", 3] });
    expect(parsed.ok && parsed.value.values_keywords).toEqual(["Privacy"]);
    const empty = parseState({ options: [], agents: [], values_keywords: [] });
    expect(empty.ok && empty.value.values_keywords).toEqual([]);
  });

  it("an unknown aggregator in a file is counted like weighted", () => {
    const parsed = parseState({ ...workedExample(), aggregator: "borda" });
    expect(parsed.ok && vote(parsed.value).kind).toBe("decided");
  });
});

describe("valuesKeywordsOf", () => {
  it("defaults, lower-cases, and drops blanks", () => {
    expect(valuesKeywordsOf({})).toEqual(["honesty", "safety", "consent"]);
    expect(valuesKeywordsOf({ values_keywords: ["Privacy", "", "  "] })).toEqual(["privacy"]);
    expect(valuesKeywordsOf({ values_keywords: [] })).toEqual([]);
  });
});
