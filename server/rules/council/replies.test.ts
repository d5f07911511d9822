// Each round's reply check: a valid answer passes, and each wrong field is named.
import { describe, expect, it } from "vitest";
import { validateReply, type ReplyContext } from "@/server/rules/council";

const ctx: ReplyContext = { options: ["adopt", "reject"], names: ["ann", "bob", "cy"], self: "ann" };

const round1 = {
  position: "adopt",
  reasoning: "It fits. It is cheap.",
  confidence_now: 7,
  what_would_change_your_mind: "A failed pilot.",
};
const round2 = {
  challenge: { target: "bob", critique: "You assume the pilot is free." },
  self_update: "no change",
  position: "adopt",
  reasoning: "Still fits.",
  confidence_now: 8,
};
const round3 = {
  axis_that_decides_my_vote: "cost against speed",
  coalition_with: ["cy"],
  flip_condition: "a cost over budget",
  position: "reject",
  confidence_now: 6,
};
const round4 = {
  final_vote: "adopt",
  final_confidence: 6,
  one_line_rationale: "Cheap and reversible.",
  dissent_note: null,
};

const problem = (round: 1 | 2 | 3 | 4, reply: unknown) => {
  const result = validateReply(round, reply, ctx);
  return result.ok ? null : result.message;
};

describe("valid replies pass, as typed values", () => {
  it("each round", () => {
    expect(validateReply(1, round1, ctx)).toEqual({ ok: true, value: round1 });
    expect(validateReply(2, round2, ctx)).toEqual({ ok: true, value: round2 });
    expect(validateReply(3, round3, ctx)).toEqual({ ok: true, value: round3 });
    expect(validateReply(4, round4, ctx)).toEqual({ ok: true, value: round4 });
  });

  it("drops fields no round asks for", () => {
    expect(validateReply(1, { ...round1, mood: "grumpy" }, ctx)).toEqual({ ok: true, value: round1 });
  });

  it("an empty coalition is standing alone, and is fine", () => {
    expect(validateReply(3, { ...round3, coalition_with: [] }, ctx).ok).toBe(true);
  });
});

describe("round 1", () => {
  it("a position must be one of the options, exactly", () => {
    expect(problem(1, { ...round1, position: "Adopt" })).toBe(
      "The round 1 reply is not valid: position must be one of: adopt, reject.",
    );
  });
  it("confidence_now is a whole number from 1 to 10", () => {
    for (const c of [0, 11, 7.5, "7", null]) {
      expect(problem(1, { ...round1, confidence_now: c })).toBe(
        "The round 1 reply is not valid: confidence_now must be a whole number from 1 to 10.",
      );
    }
    expect(problem(1, { ...round1, confidence_now: 5 })).toBeNull();
  });
  it("reasoning and what would change your mind are non-empty text", () => {
    expect(problem(1, { ...round1, reasoning: "  " })).toBe(
      "The round 1 reply is not valid: reasoning must be a non-empty string.",
    );
    const { what_would_change_your_mind: _, ...without } = round1;
    expect(problem(1, without)).toBe(
      "The round 1 reply is not valid: what_would_change_your_mind must be a non-empty string.",
    );
  });
  it("names every wrong field at once", () => {
    expect(problem(1, {})).toBe(
      "The round 1 reply is not valid: position must be one of: adopt, reject; reasoning must be a non-empty string; " +
        "confidence_now must be a whole number from 1 to 10; what_would_change_your_mind must be a non-empty string.",
    );
  });
});

describe("round 2", () => {
  it("the challenge names another seat", () => {
    const expected =
      "The round 2 reply is not valid: challenge.target must be another seat's name (one of: bob, cy).";
    expect(problem(2, { ...round2, challenge: { target: "ann", critique: "me" } })).toBe(expected);
    expect(problem(2, { ...round2, challenge: { target: "dora", critique: "who" } })).toBe(expected);
  });
  it("the challenge is an object with a critique", () => {
    expect(problem(2, { ...round2, challenge: "bob" })).toBe(
      "The round 2 reply is not valid: challenge must be an object with target and critique.",
    );
    expect(problem(2, { ...round2, challenge: { target: "bob", critique: "" } })).toBe(
      "The round 2 reply is not valid: challenge.critique must be a non-empty string.",
    );
  });
  it("self_update is text", () => {
    expect(problem(2, { ...round2, self_update: null })).toBe(
      "The round 2 reply is not valid: self_update must be a non-empty string.",
    );
    expect(problem(2, { ...round2, self_update: "I moved toward reject" })).toBeNull();
  });
  it("position and confidence as in round 1", () => {
    expect(problem(2, { ...round2, position: "maybe", confidence_now: 0 })).toBe(
      "The round 2 reply is not valid: position must be one of: adopt, reject; confidence_now must be a whole number from 1 to 10.",
    );
  });
});

describe("round 3", () => {
  it("coalition_with lists other seats' names", () => {
    expect(problem(3, { ...round3, coalition_with: ["cy", "ann"] })).toBe(
      "The round 3 reply is not valid: coalition_with.1 must be another seat's name (one of: bob, cy).",
    );
    expect(problem(3, { ...round3, coalition_with: "cy" })).toBe(
      "The round 3 reply is not valid: coalition_with must be a list of seat names (it may be empty).",
    );
  });
  it("the axis and the flip condition are text", () => {
    expect(problem(3, { ...round3, axis_that_decides_my_vote: 1, flip_condition: "" })).toBe(
      "The round 3 reply is not valid: axis_that_decides_my_vote must be a non-empty string; flip_condition must be a non-empty string.",
    );
  });
});

describe("round 4", () => {
  it("the vote is one option", () => {
    expect(problem(4, { ...round4, final_vote: "abstain" })).toBe(
      "The round 4 reply is not valid: final_vote must be one of: adopt, reject.",
    );
  });
  it("the confidence is 1–10 and never 5", () => {
    expect(problem(4, { ...round4, final_confidence: 5 })).toBe(
      "The round 4 reply is not valid: final_confidence 5 is forbidden in the vote — choose 4 or 6.",
    );
    expect(problem(4, { ...round4, final_confidence: 11 })).toBe(
      "The round 4 reply is not valid: final_confidence must be a whole number from 1 to 10.",
    );
    expect(problem(4, { ...round4, final_confidence: 4 })).toBeNull();
  });
  it("the rationale is one line of at most 140 characters, counted as a reader counts them", () => {
    expect(problem(4, { ...round4, one_line_rationale: "x".repeat(140) })).toBeNull();
    expect(problem(4, { ...round4, one_line_rationale: "ก".repeat(140) })).toBeNull();
    expect(problem(4, { ...round4, one_line_rationale: "🙂".repeat(140) })).toBeNull();
    expect(problem(4, { ...round4, one_line_rationale: "x".repeat(141) })).toBe(
      "The round 4 reply is not valid: one_line_rationale must be one line of at most 140 characters (it has 141).",
    );
    expect(problem(4, { ...round4, one_line_rationale: "two\nlines" })).toContain("must be one line");
    expect(problem(4, { ...round4, one_line_rationale: "" })).toBe(
      "The round 4 reply is not valid: one_line_rationale must be a non-empty string.",
    );
  });
  it("the dissent note is text or null; missing or blank is no dissent", () => {
    expect(validateReply(4, { ...round4, dissent_note: "It skirts consent." }, ctx)).toMatchObject({
      ok: true,
      value: { dissent_note: "It skirts consent." },
    });
    const { dissent_note: _, ...without } = round4;
    expect(validateReply(4, without, ctx)).toEqual({ ok: true, value: round4 });
    expect(validateReply(4, { ...round4, dissent_note: " " }, ctx)).toEqual({ ok: true, value: round4 });
    expect(problem(4, { ...round4, dissent_note: 3 })).toBe(
      "The round 4 reply is not valid: dissent_note must be a string or null.",
    );
  });
});

describe("not a reply at all", () => {
  it("a reply must be an object", () => {
    for (const reply of [null, [], "adopt", 3, undefined]) {
      expect(validateReply(1, reply, ctx)).toEqual({
        ok: false,
        code: "invalid",
        message: "The round 1 reply must be a JSON object.",
      });
    }
  });
  it("there is no round 5", () => {
    expect(validateReply(5 as 4, round4, ctx)).toEqual({
      ok: false,
      code: "invalid",
      message: "There is no round 5: rounds are 1 to 4.",
    });
  });
});
