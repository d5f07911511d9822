// A plan's webhooks, declared once (shared/spec/notifications.md, "Webhooks"): list them with their deliveries,
// register one, rotate its secret, remove one, resend a delivery. Deliveries follow Standard Webhooks; each event
// type's payload is declared in ./webhook-events.ts.
import { z } from "zod";
import {
  addWebhook,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  rotateWebhookSecret,
  ZAddWebhook,
  ZResend,
  ZWebhookRef,
} from "../actions/checkpoint";
import { WEBHOOK_EVENTS } from "../rules/checkpoint";
import { onPlan, onPlanRun, ZInstant } from "./common";
import { operation, PEOPLE } from "./operation";

const ZEventType = z.enum(WEBHOOK_EVENTS);
const ZSecret = z
  .string()
  .describe(
    "whsec_ and base64, as Standard Webhooks libraries take it: signs every delivery, shown only here",
  );

export const WEBHOOK_OPERATIONS = {
  webhooks: operation({
    name: "plans.webhooks",
    summary:
      "A plan's webhooks (the owner): each URL, its event types, whether its secret is to be rotated, and its latest deliveries with every attempt (when, the answer's status, what went wrong, how long).",
    input: z.object(onPlan).strict(),
    output: z.object({
      choices: z.array(ZEventType).describe("the event types a webhook may ask for"),
      webhooks: z.array(
        z.object({
          id: z.number(),
          url: z.string(),
          events: z.array(ZEventType),
          createdAt: ZInstant,
          secretOutdated: z
            .boolean()
            .describe(
              "registered before deliveries followed Standard Webhooks: its secret was shown in base64url, which their libraries refuse; rotate it for one they take",
            ),
          deliveries: z.array(
            z.object({
              id: z.string().describe("sent as webhook-id on every attempt"),
              event: ZEventType.describe("its event type, the payload's type"),
              at: ZInstant,
              delivered: z.boolean().describe("whether an attempt got a 2xx answer"),
              attempts: z.array(
                z.object({
                  at: ZInstant,
                  status: z.number().nullable(),
                  error: z.string().nullable(),
                  ms: z.number(),
                }),
              ),
            }),
          ),
        }),
      ),
    }),
    callers: PEOPLE,
    kind: "read",
    rest: { method: "GET", path: "/api/plans/:plan_id/webhooks" },
    run: ({ db, who }, { planId: id }) => listWebhooks(db, who, { id }),
  }),
  addWebhook: operation({
    name: "plans.addWebhook",
    summary:
      "Register a webhook (the owner): {url, events}, the event types by the names they are delivered under. Each delivery follows Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256>), retried with exponential backoff for at least 24 h; the secret is in this answer only.",
    input: ZAddWebhook.extend(onPlan),
    output: z.object({
      id: z.number(),
      url: z.string(),
      events: z.array(ZEventType),
      secret: ZSecret,
      message: z.string(),
    }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/webhooks", status: 201 },
    run: onPlanRun(addWebhook),
  }),
  rotateWebhookSecret: operation({
    name: "plans.rotateWebhookSecret",
    summary:
      "Give a webhook a new secret (the owner): {webhook}. The new one is in this answer only and signs every delivery from now on, retries included; the old one signs nothing more.",
    input: ZWebhookRef.extend(onPlan),
    output: z.object({ id: z.number(), secret: ZSecret, message: z.string() }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/webhooks/rotate" },
    run: onPlanRun(rotateWebhookSecret),
  }),
  removeWebhook: operation({
    name: "plans.removeWebhook",
    summary: "Remove a webhook (the owner): {webhook}; nothing more is delivered to it.",
    input: ZWebhookRef.extend(onPlan),
    output: z.object({ removed: z.literal(true) }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/webhooks/remove" },
    run: onPlanRun(removeWebhook),
  }),
  resendDelivery: operation({
    name: "plans.resendDelivery",
    summary:
      "Send a delivery again (the owner): {delivery}, with the same webhook-id, so a receiver that has it drops it.",
    input: ZResend.extend(onPlan),
    output: z.object({ queued: z.literal(true) }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/webhooks/resend" },
    run: onPlanRun(resendDelivery),
  }),
};
