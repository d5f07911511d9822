// The phase line: a round under way names its kind in words, not as a state; while round 3 waits for the axes it names
// whose draft stands if the facilitator gives none — a model's draft on offer, else the engine's.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CouncilView } from "@/server/actions/council";
import { PhaseLine } from "./CouncilLive";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const waiting = (draftAxesBy: string | null) =>
  ({
    phase: { kind: "axes", deadlineAt: new Date(NOW + 10 * 60_000).toISOString() },
    draftAxesBy,
  }) as Pick<CouncilView, "phase" | "draftAxesBy"> as CouncilView;
const text = (view: CouncilView) =>
  renderToStaticMarkup(createElement(PhaseLine, { view, now: NOW }))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

describe("the phase line while round 3 waits for the axes", () => {
  it("says the engine's draft stands when no model drafted them", () => {
    expect(text(waiting(null))).toMatch(/without them, .+, the engine's draft is used\.$/);
  });

  it("names the model whose draft is on offer", () => {
    expect(text(waiting("the finance soul (scripted)"))).toMatch(
      /the draft by the finance soul \(scripted\) is used\.$/,
    );
  });
});

describe("the phase line while a round is under way", () => {
  it("reads the round's kind as a name, not as its state", () => {
    const view = {
      phase: {
        kind: "round",
        round: 1,
        name: "OPEN",
        deadlineAt: new Date(NOW + 2 * 60_000).toISOString(),
        waiting: ["pat", "finance"],
      },
    } as unknown as CouncilView;
    expect(text(view)).toBe("Round 1 (open) is under way, 2m left; waiting for pat, finance.");
  });
});
