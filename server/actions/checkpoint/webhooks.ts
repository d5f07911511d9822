// A plan's webhooks: its owner registers a URL for some of the plan's event types (the whsec_ secret shown once),
// rotates its secret (the new one shown once), removes one, reads each delivery with its attempts, and resends one
// (the same id). Every plan event a webhook wants becomes a delivery in the transaction of the change, queued for the
// webhook worker (server/jobs/webhook.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import type { Prisma } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/queue";
import { webhookUrlRefusal } from "../../jobs/webhook-reach";
import {
  isWebhookEvent,
  WEBHOOK_EVENTS,
  webhookEventRefusal,
  WEBHOOKS_MAX,
  webhookRefusal,
  type WebhookEvent,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { inPlan } from "./common";
import type { OnPlan } from "./schemas";

export const ZAddWebhook = z
  .object({
    url: z.string().max(2000).describe("where each delivery is POSTed: http:// or https://"),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: (issue) => webhookEventRefusal(issue.input) }))
      .min(1)
      .max(WEBHOOK_EVENTS.length)
      .describe(`the event types to deliver, each delivered by this name: ${WEBHOOK_EVENTS.join(", ")}`),
  })
  .strict();
export const ZWebhookRef = z
  .object({ webhook: z.number().int().positive().describe("the webhook's id") })
  .strict();
export const ZResend = z
  .object({ delivery: z.string().min(1).max(100).describe("the delivery's id") })
  .strict();

export type WebhookView = {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  secretOutdated: boolean;
  deliveries: {
    id: string;
    event: WebhookEvent;
    at: string;
    delivered: boolean;
    attempts: { at: string; status: number | null; error: string | null; ms: number }[];
  }[];
};

const DELIVERIES_SHOWN = 20;

/** A Standard Webhooks signing secret: 32 random bytes, written whsec_ + base64 as its libraries read it. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** Queues a delivery of this plan event (its type: plan.outcome, …) to each webhook that wants it, in the change. */
export async function deliverToWebhooks(
  tx: Prisma.TransactionClient,
  planId: number,
  event: string,
  payload: Prisma.InputJsonValue,
): Promise<void> {
  if (!isWebhookEvent(event)) return;
  const hooks = (
    await tx.webhook.findMany({ where: { planId, removedAt: null }, select: { id: true, events: true } })
  ).filter((h) => (h.events as string[]).includes(event));
  if (hooks.length === 0) return;
  // the delivery's own time is the database's: announcePlan's callers pass no clock, and a receiver reads the
  // signature's timestamp (the attempt's) for freshness
  const [row] = await tx.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  for (const h of hooks) {
    const id = `dlv_${randomUUID()}`;
    await tx.webhookDelivery.create({ data: { id, webhookId: h.id, event, payload, createdAt: row!.now } });
    await enqueue(tx, "webhook", { deliveryId: id });
  }
}

export async function addWebhook(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZAddWebhook>,
  now: Date,
): Promise<Result<{ id: number; url: string; events: WebhookEvent[]; secret: string; message: string }>> {
  const refused = await webhookUrlRefusal(input.url);
  if (refused) return fail("invalid", refused);
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const owner = webhookRefusal(loaded.access, who);
    if (owner) return owner;
    const count = await tx.webhook.count({ where: { planId: loaded.plan.id, removedAt: null } });
    if (count >= WEBHOOKS_MAX)
      return fail("conflict", `A plan has at most ${WEBHOOKS_MAX} webhooks; remove one first.`);
    const secret = newSecret();
    const events = [...new Set(input.events)];
    const h = await tx.webhook.create({
      data: { planId: loaded.plan.id, url: input.url, events, secret, createdAt: now },
      select: { id: true },
    });
    return ok({
      id: h.id,
      url: input.url,
      events,
      secret,
      message: "Registered. Keep the secret now: it is shown only this once, and signs every delivery.",
    });
  });
}

export async function removeWebhook(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZWebhookRef>,
  now: Date,
): Promise<Result<{ removed: true }>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const owner = webhookRefusal(loaded.access, who);
    if (owner) return owner;
    const n = await tx.webhook.updateMany({
      where: { id: input.webhook, planId: loaded.plan.id, removedAt: null },
      data: { removedAt: now },
    });
    if (n.count === 0) return fail("not_found", `This plan has no webhook ${input.webhook}.`);
    return ok({ removed: true as const });
  });
}

export async function listWebhooks(
  db: Db,
  who: Who,
  input: { id: number },
): Promise<Result<{ choices: WebhookEvent[]; webhooks: WebhookView[] }>> {
  return inPlan(db, who, input.id, async (tx, loaded) => {
    const owner = webhookRefusal(loaded.access, who);
    if (owner) return owner;
    const hooks = await tx.webhook.findMany({
      where: { planId: loaded.plan.id, removedAt: null },
      orderBy: { id: "asc" },
      select: {
        id: true,
        url: true,
        events: true,
        createdAt: true,
        secretOutdated: true,
        deliveries: {
          orderBy: { createdAt: "desc" },
          take: DELIVERIES_SHOWN,
          select: { id: true, event: true, createdAt: true, attempts: { orderBy: { id: "asc" } } },
        },
      },
    });
    return ok({
      choices: [...WEBHOOK_EVENTS],
      webhooks: hooks.map((h) => ({
        id: h.id,
        url: h.url,
        events: h.events as WebhookEvent[],
        createdAt: h.createdAt.toISOString(),
        secretOutdated: h.secretOutdated,
        deliveries: h.deliveries.map((d) => ({
          id: d.id,
          event: d.event as WebhookEvent,
          at: d.createdAt.toISOString(),
          delivered: d.attempts.some((a) => a.status !== null && a.status >= 200 && a.status <= 299),
          attempts: d.attempts.map((a) => ({
            at: a.at.toISOString(),
            status: a.status,
            error: a.error,
            ms: a.ms,
          })),
        })),
      })),
    });
  });
}

/**
 * A new secret for a webhook, shown in this answer only; the old one signs nothing more, so deliveries still being
 * retried are signed with the new one from their next attempt.
 */
export async function rotateWebhookSecret(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZWebhookRef>,
): Promise<Result<{ id: number; secret: string; message: string }>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const owner = webhookRefusal(loaded.access, who);
    if (owner) return owner;
    const secret = newSecret();
    const n = await tx.webhook.updateMany({
      where: { id: input.webhook, planId: loaded.plan.id, removedAt: null },
      data: { secret, secretOutdated: false },
    });
    if (n.count === 0) return fail("not_found", `This plan has no webhook ${input.webhook}.`);
    return ok({
      id: input.webhook,
      secret,
      message:
        "Rotated. Keep the new secret now: it is shown only this once, and signs every delivery from now on; the old one signs nothing more.",
    });
  });
}

/** Sends a delivery again, with the same id (so a receiver that has it drops it). */
export async function resendDelivery(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZResend>,
): Promise<Result<{ queued: true }>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const owner = webhookRefusal(loaded.access, who);
    if (owner) return owner;
    const d = await tx.webhookDelivery.findFirst({
      where: { id: input.delivery, webhook: { planId: loaded.plan.id, removedAt: null } },
      select: { id: true },
    });
    if (!d) return fail("not_found", `This plan has no delivery ${input.delivery}.`);
    await enqueue(tx, "webhook", { deliveryId: d.id });
    return ok({ queued: true as const });
  });
}
