// The live events of a plan: on its own topic for an open canvas, and on the lobby for the plan list.
import type { Prisma } from "../../generated/prisma/client";
import { publish } from "../../live/outbox";

type Tx = Pick<Prisma.TransactionClient, "event">;

/** Events carry ids and counts only, never a whole graph: the canvas refetches what it shows. */
export function announcePlan(tx: Tx, planId: number, type: string, payload: Record<string, unknown> = {}) {
  const e = { type: `plan.${type}`, payload: { planId, ...payload } as Prisma.InputJsonValue };
  return publish(tx, { topic: `plan:${planId}`, ...e }, { topic: "lobby", ...e });
}
