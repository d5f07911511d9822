// §2's table settings: title, seats, turn window and deadline, each refused with the one thing to fix.

import { describe, expect, it } from "vitest";
import {
  DEADLINE_DEFAULT_MS,
  DEADLINE_MAX_MS,
  DEADLINE_MIN_MS,
  TITLE_MAX,
  TURN_WINDOW_DEFAULT_MS,
  TURN_WINDOW_MAX_MS,
  TURN_WINDOW_MIN_MS,
} from "./constants";
import { validateTableSettings } from "./settings";
import { HOUR, MINUTE } from "./test-kit";

const base = { title: "The Fathom inquiry", seats: 5 };
// Each refusal also names its field (title, seats, turnWindowMs, deadlineMs), so a form shows it there.
const refused = (message: RegExp) => ({
  ok: false,
  code: "invalid",
  message: expect.stringMatching(message),
  field: expect.stringMatching(/^(title|seats|turnWindowMs|deadlineMs)$/),
});

describe("table settings", () => {
  it("fills in the default window (6 h) and deadline (24 h), and trims the title", () => {
    expect(validateTableSettings({ ...base, title: "  The Fathom inquiry " })).toEqual({
      ok: true,
      value: { ...base, turnWindowMs: TURN_WINDOW_DEFAULT_MS, deadlineMs: DEADLINE_DEFAULT_MS },
    });
    expect([TURN_WINDOW_DEFAULT_MS, DEADLINE_DEFAULT_MS]).toEqual([6 * HOUR, 24 * HOUR]);
  });

  it(`takes a title of 1 to ${TITLE_MAX} characters after trimming`, () => {
    expect(validateTableSettings({ ...base, title: "   " })).toEqual(
      refused(/^Give the table a title of 1 to 80 characters\.$/),
    );
    expect(validateTableSettings({ ...base, title: "x".repeat(TITLE_MAX) }).ok).toBe(true);
    expect(validateTableSettings({ ...base, title: ` ${"⚓".repeat(TITLE_MAX)} ` }).ok).toBe(true);
    expect(validateTableSettings({ ...base, title: "x".repeat(TITLE_MAX + 1) })).toEqual(refused(/title/));
  });

  it("takes 4 to 6 seats", () => {
    for (const seats of [4, 5, 6]) expect(validateTableSettings({ ...base, seats }).ok).toBe(true);
    for (const seats of [3, 7, 4.5, Number.NaN]) {
      expect(validateTableSettings({ ...base, seats })).toEqual(refused(/^A table has 4 to 6 seats\.$/));
    }
  });

  it("takes a turn window from 15 minutes to 48 hours", () => {
    expect([TURN_WINDOW_MIN_MS, TURN_WINDOW_MAX_MS]).toEqual([15 * MINUTE, 48 * HOUR]);
    const withWindow = (turnWindowMs: number) =>
      validateTableSettings({ ...base, turnWindowMs, deadlineMs: DEADLINE_MAX_MS });
    expect(withWindow(TURN_WINDOW_MIN_MS).ok).toBe(true);
    expect(withWindow(TURN_WINDOW_MAX_MS).ok).toBe(true);
    expect(withWindow(TURN_WINDOW_MIN_MS - 1)).toEqual(
      refused(/^Choose a turn window from 15 minutes to 48 hours\.$/),
    );
    expect(withWindow(TURN_WINDOW_MAX_MS + 1)).toEqual(refused(/turn window/));
  });

  it("takes a deadline from 1 hour to 14 days", () => {
    expect([DEADLINE_MIN_MS, DEADLINE_MAX_MS]).toEqual([HOUR, 14 * 24 * HOUR]);
    const withDeadline = (deadlineMs: number) =>
      validateTableSettings({ ...base, turnWindowMs: TURN_WINDOW_MIN_MS, deadlineMs });
    expect(withDeadline(DEADLINE_MIN_MS).ok).toBe(true);
    expect(withDeadline(DEADLINE_MAX_MS).ok).toBe(true);
    expect(withDeadline(DEADLINE_MIN_MS - 1)).toEqual(
      refused(/^Choose a deadline from 1 hour to 14 days\.$/),
    );
    expect(withDeadline(DEADLINE_MAX_MS + 1)).toEqual(refused(/deadline/));
  });

  it("never makes the deadline shorter than two turn windows", () => {
    const settings = (turnWindowMs: number, deadlineMs: number) =>
      validateTableSettings({ ...base, turnWindowMs, deadlineMs });
    expect(settings(6 * HOUR, 12 * HOUR).ok).toBe(true);
    expect(settings(6 * HOUR, 12 * HOUR - 1)).toEqual(
      refused(/^Make the deadline at least 2 turn windows long \(12 hours here\), or shorten the window\.$/),
    );
    expect(settings(48 * HOUR, DEADLINE_DEFAULT_MS)).toEqual(refused(/at least 2 turn windows/));
  });

  it("refuses input of the wrong kind without throwing", () => {
    expect(validateTableSettings({ ...base, turnWindowMs: "6h" } as never)).toEqual(refused(/turn window/));
    expect(validateTableSettings({ title: 42, seats: 5 } as never)).toEqual(refused(/title/));
    expect(validateTableSettings(null as never)).toEqual(refused(/title/));
  });
});
