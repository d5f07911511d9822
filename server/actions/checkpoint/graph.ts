// Writing a graph revision: validate the graph, diff it against its parent, settle a prune, carry evidence.
import type { Prisma } from "../../generated/prisma/client";
import {
  checkDeclaredWaves,
  deriveWaves,
  diffRevisions,
  pruneImpact,
  unchangedClosures,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import type { Signed } from "../guard";
import type { NodeInput } from "./schemas";
import type { Changes, LoadedPlan, StoredNode, ValidatorResult } from "./loaded";

export type GraphInput = {
  nodes: NodeInput[];
  waves?: string[][];
  rationale: string;
  evidenceRefs: string[];
  revalidated?: string[];
};

export type Written = { number: number; changes: Changes; validatorResult: ValidatorResult; holds: string[] };

/** Only what a revision keeps of a node: its id, title, dependencies and the approval mark. */
export function storedNodes(nodes: readonly NodeInput[]): StoredNode[] {
  return nodes.map((n) => ({
    id: n.id,
    ...(n.title ? { title: n.title } : {}),
    dependsOn: [...n.dependsOn],
    ...(n.needsApproval ? { needsApproval: true } : {}),
  }));
}

/** The validator: a revision is written only when its graph has waves (and declared waves agree with it). */
export function validateGraph(
  nodes: StoredNode[],
  waves: string[][] | undefined,
): Result<{ waves: string[][] | null; count: number; checks: string[] }> {
  const derived = deriveWaves(nodes);
  if (!derived.ok) return derived;
  const checks = [
    "every node id is declared once",
    "every dependency names a node of this revision",
    `no dependency cycle: ${derived.value.waves.length} wave${derived.value.waves.length === 1 ? "" : "s"} by longest-path layering`,
  ];
  if (!waves) return ok({ waves: null, count: derived.value.waves.length, checks });
  const declared = checkDeclaredWaves(nodes, waves);
  if (!declared.ok) return declared;
  return ok({
    waves: declared.value,
    count: declared.value.length,
    checks: [...checks, "the declared waves put every node after its prerequisites"],
  });
}

export const by = (who: Signed) => (who.kind === "user" ? { userId: who.userId } : { agentId: who.agentId });

/**
 * A new revision after the latest. A prune holds every successor that consumed a removed output unless the
 * reviser lists it as revalidated; holds carry over until revalidated. Outcome records of nodes whose whole
 * prerequisite closure is unchanged are carried to the new revision (as new records saying so), and every
 * risk's latest assessment is carried too: nothing is edited in place, and a stale record is never reused.
 */
export async function writeRevision(
  tx: Prisma.TransactionClient,
  loaded: LoadedPlan,
  who: Signed,
  input: GraphInput,
  now: Date,
): Promise<Result<Written>> {
  const parent = loaded.revisions.at(-1)!;
  const nodes = storedNodes(input.nodes);
  const valid = validateGraph(nodes, input.waves);
  if (!valid.ok) return valid;
  const ids = new Set(nodes.map((n) => n.id));
  const diff = diffRevisions(parent, { nodes });
  const impacted = pruneImpact(parent.nodes, diff.removed).filter((id) => ids.has(id));
  const revalidated = [...new Set(input.revalidated ?? [])];
  const holdable = new Set([...impacted, ...parent.holds]);
  const stray = revalidated.find((id) => !holdable.has(id));
  if (stray !== undefined)
    return fail(
      "invalid",
      `"${stray}" is neither held nor a successor of a removed node, so there is nothing to revalidate.`,
    );
  const holds = [...holdable].filter((id) => ids.has(id) && !revalidated.includes(id));
  const number = parent.number + 1;

  const carriedIds = new Set(unchangedClosures(parent.nodes, nodes));
  const latestAtParent = new Map<string, LoadedPlan["outcomes"][number]>();
  for (const o of loaded.outcomes) if (o.revision === parent.number) latestAtParent.set(o.nodeId, o);
  const carried = [...latestAtParent.values()].filter((o) => carriedIds.has(o.nodeId));

  const changes: Changes = { ...diff, impacted };
  const notes: string[] = [];
  if (holds.length) notes.push(`Held until revalidated: ${holds.join(", ")}.`);
  if (revalidated.length) notes.push(`Revalidated by the reviser: ${revalidated.join(", ")}.`);
  const validatorResult: ValidatorResult = {
    ok: true,
    checks: [
      ...valid.value.checks,
      impacted.length
        ? "every successor of a removed node is held or revalidated"
        : "no successor lost a prerequisite's output",
    ],
    waves: valid.value.count,
    prune: { removed: diff.removed, impacted, revalidated, held: holds },
    carried: carried.map((o) => o.nodeId),
    notes,
  };
  await tx.graphRevision.create({
    data: {
      planId: loaded.plan.id,
      number,
      parentNumber: parent.number,
      nodes,
      waves: valid.value.waves ?? undefined,
      changes,
      evidenceRefs: input.evidenceRefs,
      rationale: input.rationale,
      validatorResult,
      holds,
      ...(who.kind === "user" ? { createdById: who.userId } : { createdByAgentId: who.agentId }),
      createdAt: now,
    },
  });
  if (carried.length)
    await tx.outcomeRecord.createMany({
      data: carried.map((o) => ({
        planId: loaded.plan.id,
        revision: number,
        nodeId: o.nodeId,
        status: o.status,
        evidenceHash: o.evidenceHash,
        provenance: `carried from revision ${parent.number} (node and prerequisites unchanged): ${o.provenance}`,
        ...by(who),
        // When the evidence was reported, not when it was carried: a carry is no new report.
        at: o.at,
      })),
    });
  const riskIds = await tx.risk.findMany({
    where: { planId: loaded.plan.id },
    select: { id: true, key: true },
  });
  const idOf = new Map(riskIds.map((r) => [r.key, r.id]));
  const assessments = loaded.risks.flatMap((risk) => {
    const latest = risk.assessments.at(-1);
    return latest ? [{ riskId: idOf.get(risk.id)!, latest }] : [];
  });
  if (assessments.length)
    await tx.riskAssessment.createMany({
      data: assessments.map(({ riskId, latest }) => ({
        riskId,
        revision: number,
        severity: latest.severity,
        affectedNodes: latest.affectedNodes,
        evidenceHash: latest.evidenceHash,
        note: `carried to revision ${number} as assessed at revision ${latest.revision}`,
        ...by(who),
        // When it was assessed, not when it was carried: a carry is no reassessment.
        at: latest.at,
      })),
    });
  return ok({ number, changes, validatorResult, holds });
}
