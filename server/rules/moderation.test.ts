// The pure checks of moderation: who moderates, what stands after the log's acts, and each refusal's sentence.
import { describe, expect, it } from "vitest";
import {
  cancelRefusal,
  hiddenParts,
  moderatorRefusal,
  onceKey,
  reinstateRefusal,
  suspendedBy,
  suspendRefusal,
} from "./moderation";

describe("moderation's rules", () => {
  it("only a person who is an admin moderates", () => {
    expect(moderatorRefusal({ person: true, admin: true })).toBeNull();
    expect(moderatorRefusal({ person: true, admin: false })?.message).toBe("Only an admin may moderate.");
    expect(moderatorRefusal({ person: false, admin: false })?.code).toBe("forbidden");
  });

  it("an account's standing is its latest suspend or reinstate", () => {
    const a = (...xs: string[]) => xs.map((action) => ({ action }));
    expect(suspendedBy([])).toBe(false);
    expect(suspendedBy(a("suspend"))).toBe(true);
    expect(suspendedBy(a("suspend", "reinstate"))).toBe(false);
    expect(suspendedBy(a("suspend", "reinstate", "suspend"))).toBe(true);
    expect(suspendedBy(a("suspend", "hide", "cancel"))).toBe(true);
  });

  it("refuses with one sentence each: self, another admin, twice; reinstating one not suspended; cancelling twice or late", () => {
    const base = { self: false, suspended: false, targetAdmin: false };
    expect(suspendRefusal(base)).toBeNull();
    expect(suspendRefusal({ ...base, self: true })?.code).toBe("conflict");
    expect(suspendRefusal({ ...base, targetAdmin: true })?.code).toBe("forbidden");
    expect(suspendRefusal({ ...base, suspended: true })?.message).toBe("That account is already suspended.");
    expect(reinstateRefusal({ suspended: false })?.message).toBe("That account is not suspended.");
    expect(cancelRefusal({ over: false, cancelled: false }, "table")).toBeNull();
    expect(cancelRefusal({ over: false, cancelled: true }, "table")?.message).toBe(
      "That table is already cancelled.",
    );
    expect(cancelRefusal({ over: true, cancelled: false }, "table")?.message).toBe(
      "That table is already over: there is nothing to cancel.",
    );
  });

  it("what was hidden, and the keys that make a cancellation or a hide happen once", () => {
    const parts = hiddenParts([
      { action: "hide", part: "said:3" },
      { action: "cancel", part: null },
      { action: "hide", part: "soul:7" },
    ]);
    expect([...parts]).toEqual(["said:3", "soul:7"]);
    expect(onceKey("cancel", "table", 5)).toBe("cancel:table:5");
    expect(onceKey("hide", "council", 2, "answer:9")).toBe("hide:council:2:answer:9");
  });
});
