// Time in words, the same on the server and in the browser: "4h 12m left", "20m ago", "14 Sep 2026, 09:41 UTC".

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A span in two units at most: "2d 4h", "4h 12m", "12m", "1m 50s", "45s". Under 10 minutes the seconds are said too:
 * a 2-minute round with 1m 50s to go does not read "1m left".
 */
export function span(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return h ? `${d}d ${h}h` : `${d}d`;
  if (h > 0) return m ? `${h}h ${m}m` : `${h}h`;
  if (m >= 10 || (m > 0 && s % 60 === 0)) return `${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

export function timeLeft(target: number, now: number): string {
  return target - now <= 0 ? "time is up" : `${span(target - now)} left`;
}

export function timeAgo(past: number, now: number): string {
  const ms = now - past;
  if (ms < 0) return `in ${span(-ms)}`;
  if (ms < 10_000) return "just now";
  return `${span(ms).split(" ")[0]} ago`;
}

export function utcMoment(at: number): string {
  const d = new Date(at);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

export type WhenMode = "left" | "ago" | "moment";

export function words(mode: WhenMode, at: number, now: number): string {
  if (mode === "left") return timeLeft(at, now);
  if (mode === "ago") return timeAgo(at, now);
  return utcMoment(at);
}
