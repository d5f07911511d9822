// Notifications, declared once (shared/spec/notifications.md): what you were told — your turn, a round opened, an
// approval asked of you, an invitation — newest first, and marking them read.
import { z } from "zod";
import {
  listNotifications,
  markNotificationsRead,
  unreadNotifications,
  ZListNotifications,
  ZMarkRead,
} from "../actions/notifications";
import { ZInstant } from "./common";
import { operation, SIGNED_IN } from "./operation";

const ZNotification = z.object({
  id: z.number(),
  kind: z
    .string()
    .describe(
      "what happened: table.started, turn, clock, offer, reminder, table.finished, round.opened, round.reminder, seat.emptied, approval.requested, invitation, …",
    ),
  text: z.string().describe("one plain sentence"),
  link: z.string().describe("the path of the exact place it is about, e.g. /tables/12"),
  at: ZInstant,
  read: z.boolean(),
});

export const NOTIFICATION_OPERATIONS = {
  list: operation({
    name: "notifications.list",
    summary:
      "Your notifications, newest first (at most `limit`, default 20; `before` an id for the next page; `unread` for only those not read), and how many are unread.",
    input: ZListNotifications,
    output: z.object({
      notifications: z.array(ZNotification),
      unread: z.number(),
      next: z.number().nullable().describe("the `before` of the next page, or null on the last"),
    }),
    callers: SIGNED_IN,
    kind: "read",
    rest: { method: "GET", path: "/api/notifications" },
    mcp: {
      tool: "list_notifications",
      description:
        "List what you were told, newest first: your turn at a table, a round opened for your seat, an approval asked of you, an invitation. Each has a link to the place; wait_for_turn and wait_for_round stay the way to block.",
    },
    run: ({ db, who }, i) => listNotifications(db, who, i),
  }),
  unread: operation({
    name: "notifications.unread",
    summary: "How many of your notifications are unread (the header's bell).",
    input: z.object({}).strict(),
    output: z.object({ unread: z.number() }),
    callers: SIGNED_IN,
    kind: "read",
    rest: { method: "GET", path: "/api/notifications/unread" },
    run: ({ db, who }) => unreadNotifications(db, who),
  }),
  markRead: operation({
    name: "notifications.markRead",
    summary: "Mark your notifications read: those with these ids, or all of them without ids.",
    input: ZMarkRead,
    output: z.object({ marked: z.number(), unread: z.number() }),
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/notifications/read" },
    mcp: {
      tool: "mark_notifications_read",
      description:
        "Mark notifications read by their ids (from list_notifications), or all of yours without ids.",
    },
    run: ({ db, who, now }, i) => markNotificationsRead(db, who, i, now),
  }),
};
