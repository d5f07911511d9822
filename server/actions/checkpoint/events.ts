// The live events of a plan: on its own topic for an open canvas, and on the lobby for the plan list (public plans
// only). Each names its audience, who may read the plan when it is written, so the feed withholds it from others.
import type { Prisma } from "../../generated/prisma/client";
import { publish } from "../../live/outbox";
import { deliverToWebhooks } from "./webhooks";
import { audienceOf, type PlanAccess, type PlanAudience } from "../../rules/checkpoint";

type Tx = Prisma.TransactionClient;

/** Where a plan's event goes: the plan, and who hears it (by default whoever may read the plan now). */
export type PlanTopic = { planId: number; audience: PlanAudience };

export const topicOf = (plan: { id: number }, access: PlanAccess): PlanTopic => ({
  planId: plan.id,
  audience: audienceOf(access),
});

/**
 * Events carry ids and counts only, never a whole graph: the canvas refetches what it shows. A plan not readable by
 * everyone has no lobby copy (the lobby is everyone's); its list follows the plans' own topics instead.
 */
export async function announcePlan(
  tx: Tx,
  at: PlanTopic,
  type: string,
  payload: Record<string, unknown> = {},
) {
  const e = { type: `plan.${type}`, payload: { planId: at.planId, ...payload } as Prisma.InputJsonValue };
  // the plan's webhooks that want this event get a delivery in the same transaction
  await deliverToWebhooks(tx, at.planId, e.type, e.payload);
  if (at.audience !== null) return publish(tx, { topic: `plan:${at.planId}`, ...e, audience: at.audience });
  return publish(tx, { topic: `plan:${at.planId}`, ...e }, { topic: "lobby", ...e });
}
