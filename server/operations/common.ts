// What every module's declarations share: ids, the plan a call is about, the long poll's wait, answers that only say
// it was done.
import { z } from "zod";
import { WAIT_MAX_MS } from "../actions/poll";
import type { Db } from "../db";
import type { Who } from "../identity";
import type { Result } from "../rules/result";
import type { OperationContext } from "./operation";

export { WAIT_MAX_MS };

/** Ids are plain positive integers (the JSON API's paths hold only digits). */
export const ZId = z.number().int().positive().max(2_147_483_647);

/** The plan a call is about, as every plan operation's input names it. */
export const onPlan = { planId: ZId.describe("the plan's id (from list_plans)") };

/** A plan's action as its operation runs it: the input its operation parsed, at the call's time. */
export const onPlanRun =
  <I, R>(action: (db: Db, who: Who, input: I, now: Date) => Promise<Result<R>>) =>
  ({ db, who, now }: OperationContext, input: I) =>
    action(db, who, input, new Date(now));

export const ZTimeout = z
  .number()
  .int()
  .min(0)
  .max(WAIT_MAX_MS)
  .optional()
  .describe(`how long to wait, in ms (at most ${WAIT_MAX_MS}; default ${WAIT_MAX_MS})`);

/** An instant as the JSON API writes it (ISO 8601, UTC). */
export const ZInstant = z.string().describe("an ISO 8601 instant, UTC");

/** `true`, or the one sentence that says why not — how `may` answers everywhere. */
export const ZMay = z.union([z.literal(true), z.string()]);

/** One act of the moderation log, as a table's or a council's page shows it. */
export const ZModerationEntry = z.object({
  id: z.number(),
  action: z.enum(["suspend", "reinstate", "cancel", "hide"]),
  subject: z.string().describe('what was acted on, in words: "the table", "the said text of act 4"'),
  reason: z.string(),
  by: z.string().describe("the admin's name"),
  at: ZInstant,
  text: z.string().describe('the act in words: "ana cancelled the table"'),
  original: z
    .string()
    .nullable()
    .describe("a hidden text's original: for admins only, null for everyone else"),
  act: z.number().nullable().describe("a hidden said text's act index"),
  answerId: z.number().nullable().describe("a hidden answer's id"),
  seat: z.string().nullable().describe("the seat whose soul text was hidden"),
});
