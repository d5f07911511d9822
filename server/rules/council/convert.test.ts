// Import and export between the app's council and the original state file.
import { describe, expect, it } from "vitest";
import { emptySeat, fromState, parseState, toState, vote, type CouncilState } from "@/server/rules/council";
import { cast, converge, council, deepen, open, workedExample } from "./testing";

const parsed = (input: unknown): CouncilState => {
  const r = parseState(input);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe("fromState then toState", () => {
  it("gives the worked example back, with the default keywords spelled out", () => {
    const imported = fromState(parsed(workedExample()));
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value.seats.every((s) => s.status === "live")).toBe(true);
    expect(imported.value.answers.filter((a) => a.round === 4)).toHaveLength(5);
    expect(toState(imported.value)).toEqual({
      ...workedExample(),
      values_keywords: ["honesty", "safety", "consent"],
    });
    expect(vote(toState(imported.value)).lines).toEqual(vote(workedExample()).lines);
  });

  it("keeps a final the vote will re-prompt (a 5, an off-option vote)", () => {
    const state = workedExample();
    const brand = state.agents[1];
    if (brand?.final) brand.final = { ...brand.final, vote: "maybe", confidence: 5 };
    const imported = fromState(parsed(state));
    expect(imported.ok && vote(toState(imported.value)).kind).toBe("reprompt");
  });

  it("an unknown aggregator comes in as weighted, as it is scored", () => {
    const imported = fromState(parsed({ ...workedExample(), aggregator: "borda" }));
    expect(imported.ok && imported.value.aggregator).toBe("weighted");
  });

  it("keeps the context when the file carries one", () => {
    const imported = fromState(parsed({ ...workedExample(), question_context: "Budget is 10k." }));
    expect(imported.ok && imported.value.context).toBe("Budget is 10k.");
  });
});

describe("fromState refuses what the app cannot hold", () => {
  const refuse = (mutate: (s: CouncilState) => void, message: string) => {
    const state = parsed(workedExample());
    mutate(state);
    expect(fromState(state)).toEqual({ ok: false, code: "invalid", message });
  };
  it("two seats with one name", () => {
    refuse((s) => {
      if (s.agents[1]) s.agents[1].name = "facilitator";
    }, 'Two seats are named "facilitator": seat names must be unique.');
  });
  it("a round outside 1–3, or a round twice", () => {
    refuse(
      (s) => s.agents[0]?.rounds.push({ round: 4, position: "reject", confidence: 3 }),
      "facilitator has an entry for round 4: the state keeps rounds 1 to 3.",
    );
    refuse(
      (s) => s.agents[0]?.rounds.push({ round: 2, position: "reject", confidence: 3 }),
      "facilitator has two entries for round 2.",
    );
  });
  it("a round entry without a confidence number", () => {
    refuse((s) => {
      const first = s.agents[0]?.rounds[0];
      if (first) first.confidence = Number.NaN;
    }, "facilitator's round 1 entry has no confidence number.");
  });
  it("a final whose vote is not text", () => {
    refuse((s) => {
      const f = s.agents[0]?.final;
      if (f) f.vote = 3;
    }, "facilitator's final vote needs a vote (text) and a confidence (a number).");
  });
});

describe("toState", () => {
  const played = council(
    ["ann", "bob", "cy", "di"],
    [
      open("ann", "a", 6),
      open("bob", "b", 7),
      open("cy", "a", 5),
      open("di", "c", 2),
      deepen("ann", "a", 7, "bob", "firmer"),
      deepen("bob", "b", 7, "ann"),
      deepen("cy", "a", 6, "bob", "firmer"),
      converge("ann", "a", 8, ["cy"]),
      converge("bob", "b", 6),
      converge("cy", "a", 7, ["ann"]),
      cast("ann", "a", 8),
      cast("bob", "b", 6, "This ignores consent."),
      cast("cy", "a", 7),
    ],
  );

  it("writes rounds 1–3 as entries, round 4 as final and dissent note", () => {
    const state = toState(emptySeat(played, "di", "missed the round 2 deadline"));
    expect(state.question_context).toBe("Budget is 10k.");
    expect(state.agents.map((a) => a.name)).toEqual(["ann", "bob", "cy"]);
    expect(state.agents[1]).toEqual({
      name: "bob",
      soul: "the bob lens",
      rounds: [
        { round: 1, position: "b", confidence: 7 },
        { round: 2, position: "b", confidence: 7, self_update: "no change" },
        { round: 3, position: "b", confidence: 6 },
      ],
      final: { vote: "b", confidence: 6, rationale: "bob votes b" },
      dissent_note: "This ignores consent.",
    });
    expect(vote(state).lines.slice(-3)).toEqual([
      "Escalate because:",
      `  bob's dissent cites a value: "consent"`,
      "The human decides.",
    ]);
  });

  it("includes emptied seats only when asked, and then the vote re-prompts for them", () => {
    const state = toState(emptySeat(played, "di", "gone"), { includeEmptied: true });
    expect(state.agents.map((a) => a.name)).toEqual(["ann", "bob", "cy", "di"]);
    expect(vote(state).lines).toEqual(["RE-PROMPT", "  di: no final vote"]);
  });

  it("survives a trip through a file: what it says and how it votes", () => {
    const state = toState(played);
    const back = fromState(parsed(JSON.parse(JSON.stringify(state))));
    expect(back.ok && toState(back.value)).toEqual(state);
  });
});
