// The table settings chosen when a table is opened (§2, §4): title, seats, turn window and deadline.

import { fail, ok, type Result } from "../result";
import {
  DEADLINE_DEFAULT_MS,
  DEADLINE_MAX_MS,
  DEADLINE_MIN_MS,
  DEADLINE_MIN_WINDOWS,
  SEATS_MAX,
  SEATS_MIN,
  TITLE_MAX,
  TITLE_MIN,
  TURN_WINDOW_DEFAULT_MS,
  TURN_WINDOW_MAX_MS,
  TURN_WINDOW_MIN_MS,
} from "./constants";
import { spanText } from "../span";

export type TableSettingsInput = { title: string; seats: number; turnWindowMs?: number; deadlineMs?: number };
export type TableSettings = { title: string; seats: number; turnWindowMs: number; deadlineMs: number };

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export const charCount = (text: string): number => [...text].length;

const isWhole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n);

/** A turn window and deadline within §2's ranges (also used to check a record), or the one thing to fix. */
export function readClock(
  turnWindowMs: unknown,
  deadlineMs: unknown,
): Result<{ turnWindowMs: number; deadlineMs: number }> {
  if (!isWhole(turnWindowMs) || turnWindowMs < TURN_WINDOW_MIN_MS || turnWindowMs > TURN_WINDOW_MAX_MS) {
    return fail(
      "invalid",
      `Choose a turn window from ${spanText(TURN_WINDOW_MIN_MS)} to ${spanText(TURN_WINDOW_MAX_MS)}.`,
      "turnWindowMs",
    );
  }
  if (!isWhole(deadlineMs) || deadlineMs < DEADLINE_MIN_MS || deadlineMs > DEADLINE_MAX_MS) {
    return fail(
      "invalid",
      `Choose a deadline from ${spanText(DEADLINE_MIN_MS)} to ${spanText(DEADLINE_MAX_MS)}.`,
      "deadlineMs",
    );
  }
  if (deadlineMs < DEADLINE_MIN_WINDOWS * turnWindowMs) {
    return fail(
      "invalid",
      `Make the deadline at least ${DEADLINE_MIN_WINDOWS} turn windows long (${spanText(DEADLINE_MIN_WINDOWS * turnWindowMs)} here), or shorten the window.`,
      "deadlineMs",
    );
  }
  return ok({ turnWindowMs, deadlineMs });
}

/** The settings, trimmed and with defaults filled in, or the one thing to fix. */
export function validateTableSettings(input: TableSettingsInput): Result<TableSettings> {
  const raw: Partial<Record<keyof TableSettingsInput, unknown>> =
    typeof input === "object" && input !== null ? input : {};
  const title = typeof raw.title === "string" ? raw.title.trim() : "";
  if (charCount(title) < TITLE_MIN || charCount(title) > TITLE_MAX) {
    return fail("invalid", `Give the table a title of ${TITLE_MIN} to ${TITLE_MAX} characters.`, "title");
  }
  const seats = raw.seats;
  if (!isWhole(seats) || seats < SEATS_MIN || seats > SEATS_MAX) {
    return fail("invalid", `A table has ${SEATS_MIN} to ${SEATS_MAX} seats.`, "seats");
  }
  const clock = readClock(raw.turnWindowMs ?? TURN_WINDOW_DEFAULT_MS, raw.deadlineMs ?? DEADLINE_DEFAULT_MS);
  if (!clock.ok) return clock;
  return ok({ title, seats, ...clock.value });
}
