// Risks: assessed and reassessed at the latest revision; every assessment is kept as the risk's history.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { fail, ok, type Result } from "../../rules/result";
import { parseInput } from "../input";
import { inPlan, quoted } from "./common";
import { announcePlan, topicOf } from "./events";
import { by } from "./graph";
import { ZAssessRisk } from "./schemas";
import { atLatest, mayReport } from "./state";

export async function assessRisk(
  db: Db,
  who: Who,
  input: { id: unknown; body: unknown },
  now: Date,
): Promise<Result<{ riskId: string; revision: number; severity: string; previous: string | null }>> {
  const p = parseInput(ZAssessRisk, input.body);
  if (!p.ok) return p;
  return inPlan(db, who, input.id, async (tx, loaded) => {
    const writer = mayReport(who, loaded);
    if (!writer.ok) return writer;
    const revision = atLatest(loaded, p.value.revision);
    if (!revision.ok) return revision;
    const ids = new Set(revision.value.nodes.map((n) => n.id));
    const unknown = p.value.affectedNodes.filter((id) => !ids.has(id));
    if (unknown.length)
      return fail(
        "invalid",
        `Risk "${p.value.riskId}" names ${quoted(unknown)}, which ${unknown.length === 1 ? "is" : "are"} no node of revision ${revision.value.number}.`,
      );
    const risk = await tx.risk.upsert({
      where: { planId_key: { planId: loaded.plan.id, key: p.value.riskId } },
      update: {},
      create: { planId: loaded.plan.id, key: p.value.riskId },
      select: { id: true },
    });
    const previous = loaded.risks.find((r) => r.id === p.value.riskId)?.assessments.at(-1) ?? null;
    await tx.riskAssessment.create({
      data: {
        riskId: risk.id,
        revision: revision.value.number,
        severity: p.value.severity,
        affectedNodes: [...new Set(p.value.affectedNodes)],
        evidenceHash: p.value.evidenceHash,
        note: p.value.note ?? "",
        ...by(writer.value),
        at: now,
      },
    });
    await announcePlan(tx, topicOf(loaded.plan, loaded.access), "risk", {
      riskId: p.value.riskId,
      severity: p.value.severity,
      previous: previous?.severity ?? null,
    });
    return ok({
      riskId: p.value.riskId,
      revision: revision.value.number,
      severity: p.value.severity,
      previous: previous?.severity ?? null,
    });
  });
}
