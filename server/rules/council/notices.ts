// When a round table's seats are reminded (shared/spec/notifications.md): before an open round's deadline, for each
// seat still owed an answer — 10 minutes ahead, or a quarter of the round if that is shorter, and never once the
// deadline has passed. Pure: the phase, the round's length and the clock in, the seats out; the sweeper writes each
// once.
import { reminderLead } from "@/server/rules/notifications";
import type { Phase } from "@/server/rules/council/progress";

export const ROUND_REMINDER_MS = 10 * 60_000;

/** How long before a round's deadline its seats are reminded, for a round `roundMs` long. */
export const roundReminderLead = (roundMs: number): number => reminderLead(roundMs, ROUND_REMINDER_MS);

/** The seats to remind at `now`, or null when no open round's deadline is within its lead. */
export function roundReminderDue(
  phase: Phase | null,
  now: number,
  roundMs: number,
): { round: number; seats: string[]; deadlineAt: number } | null {
  if (phase?.kind !== "round" || phase.waiting.length === 0) return null;
  if (phase.deadlineAt <= now || phase.deadlineAt - now > roundReminderLead(roundMs)) return null;
  return { round: phase.round, seats: [...phase.waiting], deadlineAt: phase.deadlineAt };
}
