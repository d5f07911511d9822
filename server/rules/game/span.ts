// Durations and instants in refusal sentences (the pages format the live clock themselves).

const UNITS = [
  { ms: 24 * 60 * 60_000, one: "day", many: "days" },
  { ms: 60 * 60_000, one: "hour", many: "hours" },
  { ms: 60_000, one: "minute", many: "minutes" },
] as const;

/** "15 minutes", "48 hours", "14 days": the largest unit that divides the span, else minutes. */
export function spanText(ms: number): string {
  const unit = UNITS.find((u) => ms % u.ms === 0) ?? UNITS[UNITS.length - 1];
  const count = Math.round(ms / (unit?.ms ?? 1));
  return `${count} ${count === 1 ? unit?.one : unit?.many}`;
}

/** An instant as ISO 8601 UTC, the form the record uses. */
export const instantText = (ms: number): string => new Date(ms).toISOString();
