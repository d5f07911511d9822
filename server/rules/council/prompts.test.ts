// The round templates: each tells the soul what it may see and exactly which JSON to return.
import { describe, expect, it } from "vitest";
import { REPLY_FIELDS, renderPrompt, type PromptInput } from "@/server/rules/council";
import { cast, converge, deepen, open } from "./testing";

const base: PromptInput = {
  soul: "You are the finance lens: every choice has a price.",
  name: "finance",
  question: "Should we adopt the pattern?",
  context: "Budget is 10k. Pilot costs 2k.",
  options: ["adopt", "reject"],
  transcript: [
    open("finance", "reject", 4, "a cheaper pilot"),
    open("brand", "adopt", 8),
    open("editor", "adopt", 7),
    deepen("finance", "adopt", 5, "brand", "open to it with a review", "brand ignores the pilot cost."),
    deepen("brand", "adopt", 7, "finance"),
    deepen("editor", "adopt", 7, "finance"),
    converge("finance", "adopt", 6, ["brand"]),
    cast("brand", "adopt", 9),
  ],
};

describe("renderPrompt", () => {
  it.each([1, 2, 3, 4] as const)("round %i names every reply field and nothing else", (round) => {
    const prompt = renderPrompt(round, base);
    const fields = [...prompt.matchAll(/^ {2}"([a-z_]+)":/gm)].map((m) => m[1]);
    expect(fields).toEqual([...REPLY_FIELDS[round]]);
    expect(prompt).toContain("Reply with one JSON object and nothing else");
    expect(prompt).toContain(`Round ${round} of 4`);
  });

  it("carries the soul, the question, the context and the options", () => {
    const prompt = renderPrompt(1, base);
    expect(prompt).toContain(base.soul);
    expect(prompt).toContain('seat "finance"');
    expect(prompt).toContain(base.question);
    expect(prompt).toContain(base.context);
    expect(prompt).toContain('"position": "adopt" | "reject"');
  });

  it("round 1 hears nobody", () => {
    const prompt = renderPrompt(1, base);
    expect(prompt).not.toContain("brand");
    expect(prompt).not.toContain("What the table has said");
  });

  it("round 2 hears round 1 only, and must challenge another seat by name", () => {
    const prompt = renderPrompt(2, base);
    expect(prompt).toContain("Round 1 — OPEN:");
    expect(prompt).toContain("brand: adopt (8/10)");
    expect(prompt).not.toContain("Round 2 — DEEPEN:");
    expect(prompt).toContain('"target": "brand" | "editor"');
    expect(prompt).toContain('exactly "no change"');
  });

  it("round 3 hears rounds 1–2 and the facilitator's axes", () => {
    const prompt = renderPrompt(3, { ...base, axes: ["cost against reach", "reversibility"] });
    expect(prompt).toContain("Round 2 — DEEPEN:");
    expect(prompt).toContain("Challenges brand: brand ignores the pilot cost.");
    expect(prompt).not.toContain("Round 3 — CONVERGE:");
    expect(prompt).toContain("  - cost against reach\n  - reversibility");
  });

  it("round 3 without axes uses the engine's draft", () => {
    const prompt = renderPrompt(3, base);
    expect(prompt).toContain("  - what moved finance from reject to adopt: open to it with a review");
  });

  it("round 4 hears rounds 1–3, is binding, and forbids the 5", () => {
    const prompt = renderPrompt(4, base);
    expect(prompt).toContain("Round 3 — CONVERGE:");
    expect(prompt).toContain("Stands with: brand");
    expect(prompt).not.toContain("votes adopt");
    expect(prompt).toContain("binding");
    expect(prompt).toContain("never 5");
    expect(prompt).toContain("at most 140 characters");
  });

  it("says so when no context was given", () => {
    expect(renderPrompt(1, { ...base, context: " " })).toContain("(none given)");
  });
});
