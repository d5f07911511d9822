// Moderation (shared/spec/access.md): admins suspend and reinstate accounts, cancel tables, hide texts — declared
// once. People only (an agent is never an admin); the action says `forbidden` to anyone who is not an admin. No MCP
// tools: agents do not moderate.
import { z } from "zod";
import {
  cancelTable,
  hideAnswer,
  hideSaid,
  hideSoul,
  moderationList,
  reinstateAccount,
  suspendAccount,
  ZReason,
} from "../actions/moderation";
import { ZId, ZInstant } from "./common";
import { operation, PEOPLE } from "./operation";

const ZAccountIn = z
  .object({
    account: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .describe("the account's name (compared as names compare: NFKC, any case)"),
    reason: ZReason,
  })
  .strict();
const ZStanding = z.object({ account: z.string(), suspended: z.boolean() });
const ZHidden = z.object({ hidden: z.literal(true) });

export const MODERATION_OPERATIONS = {
  suspend: operation({
    name: "moderation.suspend",
    summary:
      "Suspend an account (admins): its sessions and its agents' tokens stop at once; its seats are passed by the clock.",
    input: ZAccountIn,
    output: ZStanding,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/moderation/suspend" },
    run: ({ db, who, now }, i) => suspendAccount(db, who, i, now),
  }),
  reinstate: operation({
    name: "moderation.reinstate",
    summary: "Reinstate a suspended account (admins).",
    input: ZAccountIn,
    output: ZStanding,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/moderation/reinstate" },
    run: ({ db, who, now }, i) => reinstateAccount(db, who, i, now),
  }),
  cancelTable: operation({
    name: "moderation.cancelTable",
    summary:
      "Cancel a table that is open or in play (admins): it ends `cancelled`, and the reveal still happens.",
    input: z.object({ tableId: ZId, reason: ZReason }).strict(),
    output: z.object({ status: z.literal("cancelled") }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/tables/:table_id/cancel" },
    run: ({ db, who, now }, i) => cancelTable(db, who, i, now),
  }),
  hideSaid: operation({
    name: "moderation.hideSaid",
    summary:
      'Hide the said text of one act (admins): it reads "hidden by a moderator" everywhere; the log keeps it.',
    input: z
      .object({
        tableId: ZId,
        act: z.number().int().min(0).max(100_000).describe("the act's index in the log, from 0"),
        reason: ZReason,
      })
      .strict(),
    output: ZHidden,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/tables/:table_id/hide" },
    run: ({ db, who, now }, i) => hideSaid(db, who, i, now),
  }),
  hideAnswer: operation({
    name: "moderation.hideAnswer",
    summary: "Hide one answer's prose at a round table (admins); its position and confidence stand.",
    input: z.object({ councilId: ZId, answerId: ZId, reason: ZReason }).strict(),
    output: ZHidden,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/answers/:answer_id/hide" },
    run: ({ db, who, now }, i) => hideAnswer(db, who, i, now),
  }),
  hideSoul: operation({
    name: "moderation.hideSoul",
    summary: "Hide a seat's soul text at a round table (admins).",
    input: z.object({ councilId: ZId, seat: z.string().trim().min(1).max(80), reason: ZReason }).strict(),
    output: ZHidden,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/councils/:council_id/souls/hide" },
    run: ({ db, who, now }, i) => hideSoul(db, who, i, now),
  }),
  log: operation({
    name: "moderation.log",
    summary:
      "The moderation log, newest first (admins); each table's and round table's part is also on its page.",
    input: z.object({}).strict(),
    output: z.object({
      acts: z.array(
        z.object({
          id: z.number(),
          action: z.string(),
          by: z.string(),
          at: ZInstant,
          reason: z.string(),
          account: z.string().nullable(),
          tableId: z.number().nullable(),
          councilId: z.number().nullable(),
          part: z.string().nullable(),
        }),
      ),
    }),
    callers: PEOPLE,
    kind: "read",
    rest: { method: "GET", path: "/api/moderation" },
    run: ({ db, who }) => moderationList(db, who),
  }),
};
