// Reading notifications (shared/spec/notifications.md, "In the app"): your own, newest first, paged by id; marking
// one, some or all read appends read marks (unread is derived: a notification without one).
import { z } from "zod";
import type { Db } from "../db";
import type { Who } from "../identity";
import { publish } from "../live/outbox";
import { ok, type Result } from "../rules/result";
import { signedIn, type Signed } from "./guard";
import { parseInput } from "./input";
import { recipientKey } from "./notify";
import { groupBursts } from "../rules/notifications";

/** Rows read per entry asked for, so a page of bursts is full. */
const BURST_ROWS = 5;

export const NOTIFICATIONS_PAGE_MAX = 100;

export const ZListNotifications = z
  .object({
    before: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("only notifications older than this id (the next page)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(NOTIFICATIONS_PAGE_MAX)
      .optional()
      .describe("at most this many (default 20)"),
    unread: z.boolean().optional().describe("only those not read yet"),
  })
  .strict();

export const ZMarkRead = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1)
      .max(NOTIFICATIONS_PAGE_MAX)
      .optional()
      .describe("the notifications to mark read; without ids, every one of yours is"),
  })
  .strict();

/** One entry: a notification, or a burst about one subject shown as its latest with the count. */
export type NotificationView = {
  /** The latest notification's id. */
  id: number;
  kind: string;
  text: string;
  link: string;
  at: string;
  /** The moment the text speaks of (a deadline), machine-readable; null when it speaks of none. */
  moment: string | null;
  /** Read once every notification of the entry is. */
  read: boolean;
  /** How many notifications the entry stands for (a burst about one table, round table or plan), and their ids. */
  count: number;
  ids: number[];
  /** Every notification of the entry, oldest first: a burst read in full (one, for an entry that is no burst). */
  notes: { id: number; kind: string; text: string; at: string }[];
};

const mine = (who: Signed) =>
  recipientKey(who.kind === "user" ? { userId: who.userId } : { agentId: who.agentId });

/** Unread entries: a burst (rules/notifications.ts) counts once, as the list shows it. */
async function unreadOf(db: Db, recipient: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(DISTINCT coalesce('b' || n."burstId"::text, '#' || n.id::text)) AS n
    FROM "Notification" n
    WHERE n.recipient = ${recipient}
      AND NOT EXISTS (SELECT 1 FROM "NotificationRead" r WHERE r."notificationId" = n.id)`;
  return Number(rows[0]?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  who: Who,
  input: unknown,
): Promise<Result<{ notifications: NotificationView[]; unread: number; next: number | null }>> {
  const me = signedIn(who);
  if (!me.ok) return me;
  const i = parseInput(ZListNotifications, input);
  if (!i.ok) return i;
  const recipient = mine(me.value);
  const limit = i.value.limit ?? 20;
  // Enough rows for `limit` entries when bursts fold several into one; a burst cut by the page's end goes on there.
  const take = limit * BURST_ROWS + 1;
  const rows = await db.notification.findMany({
    where: {
      recipient,
      ...(i.value.before ? { id: { lt: BigInt(i.value.before) } } : {}),
      ...(i.value.unread ? { read: { is: null } } : {}),
    },
    orderBy: { id: "desc" },
    take,
    select: {
      id: true,
      kind: true,
      text: true,
      link: true,
      createdAt: true,
      moment: true,
      burstId: true,
      read: { select: { at: true } },
    },
  });
  const fetched = rows.slice(0, take - 1);
  const entries = groupBursts(
    fetched.map((r) => ({
      ...r,
      id: Number(r.id),
      burst: r.burstId === null ? null : Number(r.burstId),
      read: r.read !== null,
    })),
  );
  const page = entries.slice(0, limit);
  // The next page starts at the newest row not shown here (entries interleave: a burst may reach below it).
  const shown = new Set(page.flatMap((g) => g.ids));
  const rest = fetched.map((r) => Number(r.id)).filter((id) => !shown.has(id));
  const next = rest.length
    ? Math.max(...rest) + 1
    : rows.length === take && shown.size
      ? Math.min(...shown)
      : null;
  return ok({
    notifications: page.map((g) => ({
      id: g.latest.id,
      kind: g.latest.kind,
      text: g.latest.text,
      link: g.latest.link,
      at: g.latest.createdAt.toISOString(),
      moment: g.latest.moment?.toISOString() ?? null,
      read: !g.unread,
      count: g.count,
      ids: g.ids,
      notes: g.notes.map((n) => ({ id: n.id, kind: n.kind, text: n.text, at: n.createdAt.toISOString() })),
    })),
    unread: await unreadOf(db, recipient),
    next,
  });
}

/** The unread count alone (the header's bell). */
export async function unreadNotifications(db: Db, who: Who): Promise<Result<{ unread: number }>> {
  const me = signedIn(who);
  if (!me.ok) return me;
  return ok({ unread: await unreadOf(db, mine(me.value)) });
}

/**
 * Marks yours read: those named (others' ids are ignored, as if they were not there), or all. Idempotent: a read
 * mark is written once (its key is the notification), so two tabs marking at once agree. Tells your other tabs.
 */
export async function markNotificationsRead(
  db: Db,
  who: Who,
  input: unknown,
  now: number,
): Promise<Result<{ marked: number; unread: number }>> {
  const me = signedIn(who);
  if (!me.ok) return me;
  const i = parseInput(ZMarkRead, input);
  if (!i.ok) return i;
  const recipient = mine(me.value);
  const marked = await db.$transaction(async (tx) => {
    const unread = await tx.notification.findMany({
      where: {
        recipient,
        read: { is: null },
        ...(i.value.ids ? { id: { in: i.value.ids.map((x) => BigInt(x)) } } : {}),
      },
      select: { id: true },
    });
    const { count } = await tx.notificationRead.createMany({
      data: unread.map((u) => ({ notificationId: u.id, at: new Date(now) })),
      skipDuplicates: true,
    });
    if (count && me.value.kind === "user")
      await publish(tx, { topic: recipient, type: "notification.read", payload: {} });
    return count;
  });
  return ok({ marked, unread: await unreadOf(db, recipient) });
}
