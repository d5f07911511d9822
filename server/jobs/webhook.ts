// Delivering a plan's webhook (shared/spec/notifications.md, "Webhooks"), as Standard Webhooks specifies: a POST of
// {type, timestamp, data} in the JSON API's snake_case, with webhook-id (the delivery's id, the same on every retry,
// for the receiver to drop duplicates), webhook-timestamp (the attempt's) and webhook-signature, signed by the
// specification's own library with the webhook's whsec_ secret. A non-2xx answer or a timeout throws, and the queue
// retries with exponential backoff. Only global unicast addresses are reached unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on:
// checked at registration for the owner's sake, and enforced on the address each delivery connects to
// (./webhook-post.ts).
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import type { Database } from "../db";
import { env } from "../env";
import { wallClock } from "../clock";
import { webhookBody } from "../operations/webhook-events";
import { isWebhookEvent } from "../rules/checkpoint";
import type { Worker } from "./queue";
import { postWebhook } from "./webhook-post";
import { webhookUrl } from "./webhook-reach";

export type WebhookJob = { deliveryId: string };

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A delivery's Standard Webhooks headers, signed with the webhook's whsec_ secret at `now` (ms). */
function signedHeaders(secret: string, id: string, now: number, body: string): Record<string, string> {
  const at = new Date(now);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(now / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

/** The webhook worker; a test injects `lookup`, the resolver each delivery's connection asks. */
export function makeWebhookWorker(options: { lookup?: LookupFunction } = {}): Worker<WebhookJob> {
  return async (job, database: Database) => {
    const d = await database.prisma.webhookDelivery.findUnique({
      where: { id: job.data.deliveryId },
      include: { webhook: true },
    });
    if (!d || d.webhook.removedAt) return; // removed since: nothing to deliver
    // every stored event is one of the list (the migration renamed the old ones); another is nobody's to deliver
    if (!isWebhookEvent(d.event)) return;
    const body = webhookBody(d.event, d.createdAt, d.payload);
    const now = wallClock();
    let status: number | null = null;
    let error: string | null = null;
    const started = performance.now();
    try {
      const url = webhookUrl(d.webhook.url);
      if (typeof url === "string") throw new Error(url);
      status = await postWebhook(
        url,
        {
          "content-type": "application/json",
          "user-agent": "Parley-Webhook/1",
          ...signedHeaders(d.webhook.secret, d.id, now, body),
        },
        body,
        {
          allowPrivate: env().PARLEY_WEBHOOK_ALLOW_PRIVATE,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          lookup: options.lookup,
        },
      );
    } catch (e) {
      error = (e as Error).message;
    }
    await database.prisma.webhookAttempt.create({
      data: {
        deliveryId: d.id,
        at: new Date(now),
        status,
        error,
        ms: Math.round(performance.now() - started),
      },
    });
    if (status === null || status < 200 || status > 299)
      throw new Error(error ?? `the receiver answered ${status}`);
  };
}

export const webhookWorker = makeWebhookWorker();
