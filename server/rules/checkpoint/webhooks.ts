// A plan's webhooks (shared/spec/notifications.md, "Webhooks"): the one list of event types a webhook registers for
// and receives by the same name (the live feed's own types), and how many a plan keeps. Pure: the address checks and
// the signing live with the delivery (server/jobs/webhook.ts), each type's payload schema with the declarations
// (server/operations/webhook-events.ts).
export const WEBHOOK_EVENTS = [
  "plan.checkpoint",
  "plan.revised",
  "plan.outcome",
  "plan.risk",
  "plan.approval",
  "plan.approval.withdrawn",
  "plan.assignment",
  "plan.escalated",
  "plan.advice",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (type: string): type is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(type);

/** Why a name is not an event type, in one sentence; a name without its "plan." is pointed at the one it means. */
export function webhookEventRefusal(name: unknown): string {
  const meant = typeof name === "string" && isWebhookEvent(`plan.${name}`) ? `plan.${name}` : null;
  const shown = typeof name === "string" ? JSON.stringify(name.slice(0, 40)) : "This";
  return meant
    ? `${shown} is not an event type: did you mean "${meant}"? Event types are named as they are delivered.`
    : `${shown} is not an event type: one of ${WEBHOOK_EVENTS.join(", ")}.`;
}

export const WEBHOOKS_MAX = 10;
