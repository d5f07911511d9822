// Refusals in a person's words: the field path put in words, the server's sentence kept.
import { describe, expect, it } from "vitest";
import { fieldWords } from "./fieldWords";

describe("fieldWords", () => {
  it("names list items by their place, counted from one, and keeps the sentence", () => {
    expect(fieldWords('"options.0": use lower-case letters, digits and dashes.')).toEqual({
      field: "options.0",
      text: "Option 1: use lower-case letters, digits and dashes.",
    });
    expect(fieldWords('"seats.2.soul" is required.')).toEqual({
      field: "seats.2.soul",
      text: "Seat 3's soul is required.",
    });
    expect(fieldWords('"nodes.0" has an unknown field: approval.').text).toBe(
      "Node 1 has an unknown field: approval.",
    );
    expect(fieldWords('"nodes.3.depends_on": too long.').text).toBe("Node 4's depends on: too long.");
    expect(fieldWords('"roundDeadlineMs": too small.').text).toBe("Round deadline ms: too small.");
  });

  it("leaves a sentence that names no field as it is", () => {
    expect(fieldWords("Give the plan a name.")).toEqual({ field: null, text: "Give the plan a name." });
  });
});
