// Durations and instants in the sentences people and models read (the pages format the live clock themselves).

// Each unit is used from `from` upwards, as people say spans: "48 hours" but "14 days".
const UNITS = [
  { ms: 24 * 60 * 60_000, from: 3, one: "day", many: "days" },
  { ms: 60 * 60_000, from: 1, one: "hour", many: "hours" },
  { ms: 60_000, from: 0, one: "minute", many: "minutes" },
] as const;

/** "15 minutes", "48 hours", "14 days": the largest fitting unit that divides the span, else minutes. */
export function spanText(ms: number): string {
  const unit = UNITS.find((u) => ms % u.ms === 0 && ms / u.ms >= u.from) ?? UNITS[2];
  const count = Math.round(ms / unit.ms);
  return `${count} ${count === 1 ? unit.one : unit.many}`;
}

/** An instant as ISO 8601 UTC, the form the record uses. */
export const instantText = (ms: number): string => new Date(ms).toISOString();
