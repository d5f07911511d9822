// What is mailed, and when (shared/spec/notifications.md, "Email"): each notification's kind belongs to one group a
// person sets to immediately, a daily digest, or off; the digest covers the 24 hours before DIGEST_HOUR_UTC. Pure.

export const MAIL_GROUPS = ["tables", "councils", "plans", "invitations"] as const;
export type MailGroup = (typeof MAIL_GROUPS)[number];

export const MAIL_MODES = ["immediately", "digest", "off"] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export const MAIL_GROUP_TEXT: Record<MailGroup, string> = {
  tables: "Sworn & Said tables: a table starts, your turn, the clock, reminders, the reveal",
  councils:
    "Round Tables: a round opens for your seat, its deadline is near, your seat was emptied; a facilitator's questions",
  plans: "Checkpoints: what a checkpoint decided, an approval asked of you",
  invitations: "Invitations to a seat, a round table or a plan role",
};

/** The group of a notification's kind (server/operations/notifications.ts lists the kinds). */
export function groupOf(kind: string): MailGroup {
  if (kind === "invitation") return "invitations";
  if (kind.startsWith("checkpoint.") || kind.startsWith("approval.")) return "plans";
  if (kind.startsWith("round.") || kind.startsWith("council.") || kind === "seat.emptied") return "councils";
  return "tables";
}

/** The hour (UTC) the daily digest goes out. */
export const DIGEST_HOUR_UTC = 7;
const DAY_MS = 86_400_000;

/** The digest due at `now`: the latest DIGEST_HOUR_UTC at or before it, and the 24 hours it covers. */
export function digestWindow(now: number): { day: string; from: number; to: number } {
  const hour = DIGEST_HOUR_UTC * 3_600_000;
  const to = Math.floor((now - hour) / DAY_MS) * DAY_MS + hour;
  return { day: new Date(to).toISOString().slice(0, 10), from: to - DAY_MS, to };
}
