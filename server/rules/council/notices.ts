// When a round table's seats are reminded (shared/spec/notifications.md): a round's deadline 10 minutes away, for
// each seat still owed an answer. Pure: the phase and the clock in, the seats out; the sweeper writes each once.
import type { Phase } from "./progress";

export const ROUND_REMINDER_MS = 10 * 60_000;

/** The seats to remind at `now`, or null when no open round's deadline is within ROUND_REMINDER_MS. */
export function roundReminderDue(
  phase: Phase | null,
  now: number,
): { round: number; seats: string[] } | null {
  if (phase?.kind !== "round" || phase.waiting.length === 0) return null;
  if (phase.deadlineAt <= now || phase.deadlineAt - now > ROUND_REMINDER_MS) return null;
  return { round: phase.round, seats: [...phase.waiting] };
}
