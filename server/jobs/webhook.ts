// Delivering a plan's webhook (shared/spec/notifications.md, "Webhooks"): a POST of JSON with the delivery's id (the
// same on every retry, for the receiver to drop duplicates), a timestamp and an HMAC-SHA256 signature over
// "<id>.<timestamp>.<body>" with the webhook's secret. A non-2xx answer or a timeout throws, and the queue retries
// with exponential backoff. Private and loopback addresses are refused, at registration and at each delivery
// (after DNS), unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on.
import { createHmac } from "node:crypto";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { Database } from "../db";
import { env } from "../env";
import { wallClock } from "../clock";
import type { Worker } from "./queue";

export type WebhookJob = { deliveryId: string };

export const WEBHOOK_TIMEOUT_MS = 10_000;

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

const isPrivate = (address: string) => {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return PRIVATE.check(v4, "ipv4");
  return PRIVATE.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
};

/** Why this URL may not receive a webhook, in one sentence; null when it may. */
export async function webhookUrlRefusal(raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "The webhook's URL is not a URL.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "A webhook's URL is http:// or https://.";
  if (url.username || url.password) return "A webhook's URL carries no user name or password.";
  if (env().PARLEY_WEBHOOK_ALLOW_PRIVATE) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `The webhook's host ${host} does not resolve.`;
  }
  if (addresses.some(isPrivate))
    return `The webhook's host ${host} is a private or loopback address: refused (PARLEY_WEBHOOK_ALLOW_PRIVATE=on allows it).`;
  return null;
}

/** The signature header's value: "t=<unix seconds>,v1=<hex HMAC-SHA256 of id.t.body>". */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export const webhookWorker: Worker<WebhookJob> = async (job, database: Database) => {
  const d = await database.prisma.webhookDelivery.findUnique({
    where: { id: job.data.deliveryId },
    include: { webhook: true },
  });
  if (!d || d.webhook.removedAt) return; // removed since: nothing to deliver
  const body = JSON.stringify({
    id: d.id,
    event: `plan.${d.event}`,
    plan_id: d.webhook.planId,
    created_at: d.createdAt.toISOString(),
    data: d.payload,
  });
  const now = wallClock();
  const timestamp = Math.floor(now / 1000);
  let status: number | null = null;
  let error: string | null = null;
  const started = performance.now();
  try {
    const refused = await webhookUrlRefusal(d.webhook.url);
    if (refused) throw new Error(refused);
    const r = await fetch(d.webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Parley-Webhook/1",
        "parley-delivery": d.id,
        "parley-event": `plan.${d.event}`,
        "parley-timestamp": String(timestamp),
        "parley-signature": signature(d.webhook.secret, d.id, timestamp, body),
      },
      body,
      redirect: "manual", // a redirect is an answer, not an instruction to send the plan elsewhere
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = r.status;
    await r.body?.cancel().catch(() => {});
  } catch (e) {
    error =
      (e as Error).name === "TimeoutError"
        ? `no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : (e as Error).message;
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
