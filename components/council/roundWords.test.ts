// A round's words: its kind reads as a name beside its number, and why it closed reads as a clause.
import { describe, expect, it } from "vitest";
import { closedWords, roundTitle } from "./roundWords";

describe("a round in words", () => {
  it("names the kind in brackets, never as the round's state", () => {
    expect(roundTitle(1, "OPEN")).toBe("Round 1 (open)");
    expect(roundTitle(4, "VOTE", "round")).toBe("round 4 (vote)");
  });

  it("says why a round closed in a clause", () => {
    expect(closedWords("deadline")).toBe("closed at its deadline");
    expect(closedWords("all answered")).toBe("closed once every seat had answered");
    expect(closedWords("cancelled by a moderator")).toBe("closed: cancelled by a moderator");
    expect(closedWords(null)).toBe("closed");
  });
});
