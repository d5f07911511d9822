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

/**
 * A burst: notifications to one identity about one subject (a table, a round table, a plan) from the first of them
 * for this long. The app shows a burst as one entry (the count and the latest), and mails it once, when it closes.
 */
export const BURST_MS = 3 * 60_000;

/**
 * What a notification is about, from its link: "/councils/12" for "/councils/12/minutes", "/plans/4" for a plan; null
 * for one about no table, round table or plan (an invitation), which is never grouped with another.
 */
export function subjectOf(link: string): string | null {
  const m = /^\/(tables|councils|plans)\/(\d+)(?=$|[/?#])/.exec(link);
  return m ? `/${m[1]}/${m[2]}` : null;
}

/**
 * Whether a note at `at` opens a new burst, after its subject's latest burst to the same recipient opened at
 * `latestOpensAt` (null: there was none). A burst opens with its first note, not on a clock's slot: two notes a
 * moment apart are always one. The store applies this rule in the statement that writes the notes
 * (server/actions/notify.ts), where the burst's unique number settles two writers at once.
 */
export const opensBurst = (latestOpensAt: number | null, at: number): boolean =>
  latestOpensAt === null || at >= latestOpensAt + BURST_MS;

/** When a burst that opened at `opensAt` closes: its mail is sent then. */
export const burstEnds = (opensAt: number): number => opensAt + BURST_MS;

/** The bursts of one recipient's notes about one subject, at these moments (in order): each note's burst, from 1. */
export function burstNumbers(ats: readonly number[]): number[] {
  let opened: number | null = null;
  let n = 0;
  return ats.map((at) => {
    if (opensBurst(opened, at)) [opened, n] = [at, n + 1];
    return n;
  });
}

/**
 * A burst as one entry: the latest note, how many there were, every id in it (to mark them read), and every note in
 * it, oldest first (to read the whole burst, not only its latest).
 */
export type Grouped<N> = { latest: N; count: number; ids: number[]; unread: boolean; notes: N[] };

/** Notes, newest first, as entries newest first: the notes of one burst (`burst`; null: none) become one. */
export function groupBursts<N extends { id: number; burst: number | null; read: boolean }>(
  notes: readonly N[],
): Grouped<N>[] {
  const out: Grouped<N>[] = [];
  const open = new Map<number, Grouped<N>>();
  for (const n of notes) {
    const g = n.burst === null ? undefined : open.get(n.burst);
    if (g) {
      g.count++;
      g.ids.push(n.id);
      g.unread ||= !n.read;
      g.notes.unshift(n);
    } else {
      const entry = { latest: n, count: 1, ids: [n.id], unread: !n.read, notes: [n] };
      if (n.burst !== null) open.set(n.burst, entry);
      out.push(entry);
    }
  }
  return out;
}

/** A reminder's lead is at most a quarter of what it reminds of. */
export const REMINDER_SHARE = 4;

/** How long before `span` ends its reminder goes: `longest`, or a quarter of the span if that is shorter. */
export const reminderLead = (spanMs: number, longestMs: number): number =>
  Math.min(longestMs, Math.floor(spanMs / REMINDER_SHARE));
