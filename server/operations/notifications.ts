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
import { mailSettings, setMail, unsubscribe, ZSetMail, ZUnsubscribe } from "../actions/mail";
import { MAIL_GROUPS, MAIL_MODES } from "../rules/notifications";
import { ZInstant } from "./common";
import { ANYONE, operation, PEOPLE, SIGNED_IN } from "./operation";

const ZMailSettings = z.object({
  configured: z.boolean().describe("whether this server mails at all (SMTP_URL is set)"),
  email: z.string().nullable().describe("where your mail goes; null: you have no address, nothing is mailed"),
  groups: z.array(
    z.object({
      group: z.enum(MAIL_GROUPS),
      text: z.string().describe("what the group holds, in words"),
      mode: z.enum(MAIL_MODES),
    }),
  ),
});

const ZNotification = z.object({
  id: z.number(),
  kind: z
    .string()
    .describe(
      "what happened: table.started, turn, clock, offer, reminder, table.finished, round.opened, round.reminder, seat.emptied, approval.requested, risk.reassess, invitation, …",
    ),
  text: z.string().describe('one plain sentence; times in words ("closes in 25 min"), never an ISO string'),
  link: z.string().describe("the path of the exact place it is about, e.g. /tables/12"),
  at: ZInstant,
  moment: ZInstant.nullable().describe(
    "the moment the text speaks of (a deadline), machine-readable; null if none",
  ),
  read: z.boolean().describe("true once every notification of the entry is read"),
  count: z
    .number()
    .describe(
      "how many notifications this entry stands for: a burst about one table, round table or plan within a few minutes is one entry, shown as its latest",
    ),
  ids: z.array(z.number()).describe("every notification of the entry (mark them read together)"),
  notes: z
    .array(z.object({ id: z.number(), kind: z.string(), text: z.string(), at: ZInstant }))
    .describe("every notification of the entry, oldest first: a burst read in full, not only its latest"),
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
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/notifications/read" },
    mcp: {
      tool: "mark_notifications_read",
      description:
        "Mark notifications read by their ids (from list_notifications), or all of yours without ids.",
    },
    run: ({ db, who, now }, i) => markNotificationsRead(db, who, i, now),
  }),
  mail: operation({
    name: "notifications.mail",
    summary:
      "What is mailed to you, per group of notifications (tables, councils, plans, invitations): immediately, a daily digest, or off; and whether this server mails at all.",
    input: z.object({}).strict(),
    output: ZMailSettings,
    callers: PEOPLE,
    kind: "read",
    rest: { method: "GET", path: "/api/notifications/mail" },
    run: ({ db, who }) => mailSettings(db, who),
  }),
  setMail: operation({
    name: "notifications.setMail",
    summary:
      "Choose what is mailed to you: for one group of notifications, or all, immediately, a daily digest, or off.",
    input: ZSetMail,
    output: ZMailSettings,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/notifications/mail" },
    run: ({ db, who, now }, i) => setMail(db, who, i, now),
  }),
  unsubscribe: operation({
    name: "notifications.unsubscribe",
    summary:
      "One-click unsubscribe (RFC 8058), no session needed: the link in every mail turns all mail off for its person.",
    input: ZUnsubscribe,
    output: z.object({ message: z.string() }),
    callers: ANYONE,
    kind: "write",
    rest: { method: "POST", path: "/api/notifications/unsubscribe", query: true },
    run: ({ db, now }, i) => unsubscribe(db, i, now),
  }),
};
