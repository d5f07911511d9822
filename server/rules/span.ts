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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A span as the pages say it, shortest first: "30 s", "25 min", "4 h 12 min", "3 days". */
export function shortSpan(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE_MS) return `${Math.max(1, Math.round(span / 1000))} s`;
  if (span < HOUR_MS) return `${Math.round(span / MINUTE_MS)} min`;
  if (span < 48 * HOUR_MS) {
    const h = Math.floor(span / HOUR_MS);
    const m = Math.round((span % HOUR_MS) / MINUTE_MS);
    return m === 0 || m === 60 ? `${m === 60 ? h + 1 : h} h` : `${h} h ${m} min`;
  }
  return `${Math.round(span / (24 * HOUR_MS))} days`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DATE_TIME = new Map<string, Intl.DateTimeFormat>();
/** "14 Sep 2026, 09:41 UTC": a moment in the reader's zone where it is known (an IANA name), else UTC. */
export function dateText(at: number, zone = "UTC"): string {
  let f = DATE_TIME.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      day: "numeric",
      month: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: zone,
      timeZoneName: "short",
    });
    DATE_TIME.set(zone, f);
  }
  const part = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  const name = zone === "UTC" ? "UTC" : (part.timeZoneName ?? zone);
  return `${part.day} ${MONTHS[Number(part.month) - 1]} ${part.year}, ${part.hour}:${part.minute} ${name}`;
}

/**
 * A moment as every notification's text says it (one formatter for the app, mail and the API): "in 25 min" within a
 * day, "25 min ago" just past, else "on 14 Sep 2026, 09:41 UTC". Never an ISO string: the machine-readable moment
 * travels beside the text as a field of its own.
 */
export function whenText(at: number, now: number, zone = "UTC"): string {
  const ahead = at - now;
  if (ahead >= 0 && ahead < 24 * HOUR_MS) return `in ${shortSpan(ahead)}`;
  if (ahead < 0 && -ahead < HOUR_MS) return `${shortSpan(-ahead)} ago`;
  return `on ${dateText(at, zone)}`;
}
