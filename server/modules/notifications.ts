// Notifications across the modules: the daily digest's sweeper (the rest is written by each module's changes).
import { sweepDigests } from "../actions/workers/digest";
import type { Module } from "./module";

export const NOTIFICATIONS_MODULE: Module = {
  name: "notifications",
  sweep: (db, now) => sweepDigests(db, now),
  invariants: [
    {
      name: "a notification is read at most once, and only after it was written",
      sql: `SELECT n.id FROM "NotificationRead" r JOIN "Notification" n ON n.id = r."notificationId" WHERE r.at < n."createdAt"`,
      explain: "a read mark is appended once per notification (its key), by the clock of the one who read it",
    },
  ],
};
