// A plan's webhooks (shared/spec/notifications.md, "Webhooks"): which of the plan's events one may want, and who
// registers them (webhookRefusal, in roles.ts). Pure: the address checks and the signing live with the delivery (server/jobs/webhook.ts).
/** The plan events a webhook may ask for (each plan.<event> on the live feed). */
export const WEBHOOK_EVENTS = [
  "checkpoint",
  "revised",
  "outcome",
  "risk",
  "approval",
  "assignment",
  "escalated",
  "advice",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOKS_MAX = 10;
