// Risks: assessed and reassessed at the latest revision; every assessment is kept as the risk's history.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { fail, ok, type Result } from "../../rules/result";
import { inPlan, quoted } from "./common";
import { announcePlan, topicOf } from "./events";
import { by } from "./graph";
import type { OnPlan, ZAssessRisk } from "./schemas";
import { atLatest, mayReport } from "./state";

export async function assessRisk(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZAssessRisk>,
  now: Date,
): Promise<Result<{ riskId: string; revision: number; severity: string; previous: string | null }>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const writer = mayReport(who, loaded);
    if (!writer.ok) return writer;
    const revision = atLatest(loaded, input.revision);
    if (!revision.ok) return revision;
    const ids = new Set(revision.value.nodes.map((n) => n.id));
    const unknown = input.affectedNodes.filter((id) => !ids.has(id));
    if (unknown.length)
      return fail(
        "invalid",
        `Risk "${input.riskId}" names ${quoted(unknown)}, which ${unknown.length === 1 ? "is" : "are"} no node of revision ${revision.value.number}.`,
      );
    const risk = await tx.risk.upsert({
      where: { planId_key: { planId: loaded.plan.id, key: input.riskId } },
      update: {},
      create: { planId: loaded.plan.id, key: input.riskId },
      select: { id: true },
    });
    const previous = loaded.risks.find((r) => r.id === input.riskId)?.assessments.at(-1) ?? null;
    await tx.riskAssessment.create({
      data: {
        riskId: risk.id,
        revision: revision.value.number,
        severity: input.severity,
        affectedNodes: [...new Set(input.affectedNodes)],
        evidenceHash: input.evidenceHash,
        note: input.note ?? "",
        ...by(writer.value),
        at: now,
      },
    });
    await announcePlan(tx, topicOf(loaded.plan, loaded.access), "risk", {
      riskId: input.riskId,
      severity: input.severity,
      previous: previous?.severity ?? null,
    });
    return ok({
      riskId: input.riskId,
      revision: revision.value.number,
      severity: input.severity,
      previous: previous?.severity ?? null,
    });
  });
}
