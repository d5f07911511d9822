// Each webhook event type declared once (shared/spec/notifications.md, "Webhooks"): the Standard Webhooks payload
// {type, timestamp, data} with its data's schema in the code's names. The worker sends a payload through the wire
// layer (snake_case, as the JSON API speaks), and the OpenAPI document's `webhooks` section is generated from it.
import { z } from "zod";
import { DECISIONS, RISK_SEVERITIES, WEBHOOK_EVENTS, type WebhookEvent } from "../rules/checkpoint";
import { toWire } from "./wire";

const planId = z.number().int().describe("the plan's id");
const revision = z.number().int().describe("the revision it concerns");
const checkpointId = z.number().int().describe("the checkpoint's id (the plan's page lists it)");
const by = z.string().describe("who did it: a person's name");
const wave = z.array(z.string()).describe("the next wave's node ids (at most the first 50)");
/** An approval given or withdrawn, and the count after it (each event its own schema, as the document lists it). */
const approvalCount = () =>
  z.object({
    planId,
    revision,
    nextWave: wave,
    by,
    approvals: z.number().int().describe("the approvals that count now"),
    needed: z.number().int().describe("how many the wave needs"),
  });

/** What each event type's `data` holds: ids and counts, so a receiver reads the plan for the rest. */
const DATA = {
  "plan.checkpoint": z.object({
    planId,
    checkpointId,
    revision: revision.describe("the revision the checkpoint was held at"),
    decision: z.enum(DECISIONS),
    eligibleToAdmit: z.boolean().describe("whether the audit found the next wave eligible"),
    newRevision: z.number().int().optional().describe("revise only: the revision written in the same step"),
  }),
  "plan.revised": z.object({
    planId,
    revision: revision.describe("the new revision"),
    supersedes: z.number().int().describe("the revision it replaces"),
  }),
  "plan.outcome": z.object({
    planId,
    revision,
    nodeIds: z.array(z.string()).describe("the nodes whose outcome was recorded (at most the first 50)"),
    count: z.number().int().describe("how many outcomes were recorded"),
  }),
  "plan.risk": z.object({
    planId,
    riskId: z.string(),
    severity: z.enum(RISK_SEVERITIES),
    previous: z.enum(RISK_SEVERITIES).nullable().describe("its severity before (null: a new risk)"),
  }),
  "plan.approval": approvalCount(),
  "plan.approval.withdrawn": approvalCount(),
  "plan.assignment": z.object({
    planId,
    revision,
    kind: z.enum(["authority", "resources"]).describe("which assignment check was confirmed"),
    by,
  }),
  "plan.escalated": z.object({
    planId,
    checkpointId,
    councilId: z.number().int().describe("the Round Table convened on hold / revise / admit"),
  }),
  "plan.advice": z.object({
    planId,
    checkpointId,
    option: z.string().nullable().describe("the Round Table's result: hold, revise or admit (null: none)"),
  }),
} satisfies Record<WebhookEvent, z.ZodObject>;

/** What each event type says happened, as the OpenAPI document's summary of it. */
const SUMMARY: Record<WebhookEvent, string> = {
  "plan.checkpoint": "A checkpoint was held: its decision on the next wave.",
  "plan.revised": "A new revision of the plan's graph supersedes the latest.",
  "plan.outcome": "Outcomes were recorded for nodes of the plan.",
  "plan.risk": "A risk was assessed or reassessed.",
  "plan.approval": "An approver approved the next wave.",
  "plan.approval.withdrawn": "An approver withdrew an approval of the next wave.",
  "plan.assignment": "Authority or resources were confirmed for the next wave.",
  "plan.escalated": "A checkpoint was escalated to a Round Table.",
  "plan.advice": "An escalation's Round Table finished: its result is recorded as advice.",
};

/** An event type's whole payload, as Standard Webhooks shapes it. */
const payloadOf = (type: WebhookEvent) =>
  z
    .object({
      type: z.literal(type).describe("the event type, the one the webhook registered for"),
      timestamp: z.iso
        .datetime()
        .describe("when the event happened (ISO 8601, UTC); the same on every attempt"),
      data: DATA[type],
    })
    .strict()
    .describe(SUMMARY[type]);

/** Each event type's whole payload. */
export const WEBHOOK_PAYLOADS = Object.fromEntries(WEBHOOK_EVENTS.map((t) => [t, payloadOf(t)])) as Record<
  WebhookEvent,
  ReturnType<typeof payloadOf>
>;

/** A delivery's body: the stored event in the wire's names. */
export function webhookBody(type: WebhookEvent, at: Date, data: unknown): string {
  return JSON.stringify(toWire(WEBHOOK_PAYLOADS[type], { type, timestamp: at.toISOString(), data }));
}
