// Escalation: a checkpoint convenes a Round Table on hold / revise / admit; its result is advice, a person decides.
import type { Db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import type { Who } from "../../identity";
import { ESCALATION_OPTIONS, type AuditResult, type PlanAccess } from "../../rules/checkpoint";
import { ok, type Result } from "../../rules/result";
import { prepareConvening, writeConvening, type Convening } from "../council";
import { announcePlan, type PlanTopic } from "./events";

export type Escalation = { councilId: number | null; note: string };

/** What the souls are told: the plan, the wave, and every finding of the audit, one a line. */
function contextOf(
  plan: string,
  c: { revision: number; justFinished: string[]; nextWave: string[]; audit: AuditResult },
): string {
  return [
    `Plan "${plan}", revision ${c.revision}.`,
    `Wave just finished: ${c.justFinished.join(", ")}.`,
    `Proposed next wave: ${c.nextWave.join(", ")}.`,
    `The audit: declarationValid ${c.audit.declarationValid}, eligibleToAdmit ${c.audit.eligibleToAdmit}.`,
    ...c.audit.findings.map((f) => `- ${f.id}: ${f.message}`),
    "Your answer is advice: a person still records the decision.",
  ].join("\n");
}

/** The seats to convene, checked before anything is written, so a refused council leaves no checkpoint behind. */
export async function prepareEscalation(
  db: Db,
  who: Who,
  council: { seats: Record<string, unknown>[]; round_deadline_ms?: number } | undefined,
): Promise<Result<Convening | null>> {
  if (!council) return ok(null);
  // The question and context are the checkpoint's own, written with it; these stand in while the seats are checked.
  return prepareConvening(db, who, {
    question: "Hold, revise or admit the next wave?",
    // Step 0 holds by the checkpoint's nature: its three answers are the checkpoint's own.
    fit: {
      decision: "The next wave runs as proposed, runs revised, or waits, depending on the answer.",
      options: "Hold, revise and admit are the three decisions a checkpoint can record.",
      stakes:
        "Admitting a wave that is not ready spends its work and its risks; holding one that is delays the plan.",
    },
    context: "",
    options: [...ESCALATION_OPTIONS],
    seats: council.seats,
    ...(council.round_deadline_ms ? { round_deadline_ms: council.round_deadline_ms } : {}),
  });
}

/** Convenes the prepared Round Table in the checkpoint's own transaction and links the two. */
export async function writeEscalation(
  tx: Prisma.TransactionClient,
  prepared: Convening | null,
  c: {
    id: number;
    topic: PlanTopic;
    plan: string;
    revision: number;
    justFinished: string[];
    nextWave: string[];
    audit: AuditResult;
  },
  now: Date,
  /** Who may read the plan: the Round Table is read by the same people (it quotes the plan and its audit). */
  plan: PlanAccess,
): Promise<Escalation> {
  if (!prepared)
    return {
      councilId: null,
      note: "Escalation recorded; no Round Table was convened (give council.seats, 3–8 souls, to convene one on hold / revise / admit).",
    };
  const question = `Checkpoint ${c.id}: hold, revise or admit the next wave (${c.nextWave.join(", ")})?`;
  const councilId = await writeConvening(
    tx,
    {
      ...prepared,
      visibility: plan.visibility,
      input: { ...prepared.input, question, context: contextOf(c.plan, c).slice(0, 20_000) },
    },
    now.getTime(),
  );
  // The plan's people (its owner facilitates) are the council's members, so an invited plan's council is read by
  // exactly them — an agent holder through its owner, who holds a role or owns the plan.
  const people = [...new Set(plan.holders.flatMap((h) => (h.userId === null ? [] : [h.userId])))].filter(
    (id) => id !== prepared.facilitatorId,
  );
  if (people.length) await tx.member.createMany({ data: people.map((userId) => ({ councilId, userId })) });
  await tx.checkpoint.update({ where: { id: c.id }, data: { councilId } });
  await announcePlan(tx, c.topic, "escalated", { checkpointId: c.id, councilId });
  return {
    councilId,
    note: `Round Table ${councilId} convened on hold / revise / admit; its result is recorded here as advice.`,
  };
}
