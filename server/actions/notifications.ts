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

export type NotificationView = {
  id: number;
  kind: string;
  text: string;
  link: string;
  at: string;
  read: boolean;
};

const mine = (who: Signed) =>
  recipientKey(who.kind === "user" ? { userId: who.userId } : { agentId: who.agentId });

async function unreadOf(db: Db, recipient: string): Promise<number> {
  return db.notification.count({ where: { recipient, read: { is: null } } });
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
  const rows = await db.notification.findMany({
    where: {
      recipient,
      ...(i.value.before ? { id: { lt: BigInt(i.value.before) } } : {}),
      ...(i.value.unread ? { read: { is: null } } : {}),
    },
    orderBy: { id: "desc" },
    take: limit + 1,
    select: { id: true, kind: true, text: true, link: true, createdAt: true, read: { select: { at: true } } },
  });
  const page = rows.slice(0, limit);
  return ok({
    notifications: page.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      text: r.text,
      link: r.link,
      at: r.createdAt.toISOString(),
      read: r.read !== null,
    })),
    unread: await unreadOf(db, recipient),
    next: rows.length > limit ? Number(page.at(-1)!.id) : null,
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
