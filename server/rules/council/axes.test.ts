// The draft of round 3's disagreement axes.
import { describe, expect, it } from "vitest";
import { AXES_MAX, AXES_MIN, draftAxes } from "@/server/rules/council";
import { cast, converge, deepen, open } from "./testing";

const options = ["adopt", "adopt-modified", "reject"];

describe("draftAxes", () => {
  const transcript = [
    open("ann", "adopt", 8),
    open("bob", "reject", 4, "a cheaper pilot"),
    open("cy", "adopt-modified", 7),
    open("di", "adopt-modified", 7),
    deepen("ann", "adopt", 9, "bob", "no change", "bob prices the risk but not the upside."),
    deepen("bob", "adopt-modified", 5, "ann", "a review clause made it reversible"),
    deepen("cy", "adopt-modified", 7, "di", "no change", "di agrees with me, nothing to add."),
    deepen("di", "adopt-modified", 7, "ann"),
  ];

  it("reads camps, cross-camp challenges, movers and the confidence spread, at most four", () => {
    expect(draftAxes({ options, transcript })).toEqual([
      "adopt-modified or adopt: bob, cy, di against ann",
      "ann challenges bob: bob prices the risk but not the upside.",
      "bob challenges ann: ann overlooks the cost.",
      "di challenges ann: ann overlooks the cost.",
    ]);
  });

  it("given the seats, drafts the same axes whatever order the answers arrived in", () => {
    const seats = ["ann", "bob", "cy", "di"].map((name) => ({ name }));
    const arrived = [...transcript].reverse(); // round 2 first, each round back to front
    const inSeatOrder = draftAxes({ options, transcript, seats });
    expect(draftAxes({ options, transcript: arrived, seats })).toEqual(inSeatOrder);
    expect(inSeatOrder).toEqual(draftAxes({ options, transcript }));
    // without the seats the arrival order is the transcript's, and the camp's holders follow it
    expect(draftAxes({ options, transcript: arrived })).not.toEqual(inSeatOrder);
  });

  it("is deterministic and ignores rounds 3 and 4", () => {
    const more = [...transcript, converge("ann", "reject", 1), cast("bob", "reject", 10)];
    expect(draftAxes({ options, transcript: more })).toEqual(draftAxes({ options, transcript }));
  });

  it("with one camp left, points at the mover, the spread and the doubter; a challenge inside a camp is no axis", () => {
    const agreeing = [
      open("ann", "adopt", 9),
      open("bob", "reject", 2, "a pilot that works"),
      deepen("ann", "adopt", 9, "bob"),
      deepen("bob", "adopt", 3, "ann", "outnumbered"),
    ];
    expect(draftAxes({ options, transcript: agreeing })).toEqual([
      "what moved bob from reject to adopt: outnumbered",
      "how sure anyone can be: bob is at 3, ann at 9",
      "bob would change their mind if: a pilot that works",
    ]);
  });

  it("always gives 2 to 4 single lines of at most 140 characters", () => {
    const long = [
      open("ann", "adopt", 5),
      open("bob", "reject", 5),
      deepen("ann", "adopt", 5, "bob", "x", `line one\nline two ${"y".repeat(300)}`),
    ];
    for (const t of [[], [open("ann", "adopt", 7)], long, transcript]) {
      const axes = draftAxes({ options, transcript: t });
      expect(axes.length).toBeGreaterThanOrEqual(AXES_MIN);
      expect(axes.length).toBeLessThanOrEqual(AXES_MAX);
      for (const axis of axes) {
        expect(axis).not.toMatch(/\n/);
        expect([...axis].length).toBeLessThanOrEqual(140);
      }
    }
    expect(draftAxes({ options, transcript: [] })).toEqual([
      "whether the facts in the context are enough to decide now",
      "what it would cost to be wrong, and whether the choice can be undone",
    ]);
  });
});
