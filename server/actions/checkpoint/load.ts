// Reading a plan from the database into the rules' shapes: revisions, outcome records, risks, gates, checkpoints.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import { lanes, type OutcomeStatus, type PlanVisibility, type RiskSeverity } from "../../rules/checkpoint";

import { accessOf, actor, actorSelect, agentSelect, roleChangeSelect, roleLogOf } from "./access";
import type { Changes, LoadedPlan, RevisionRow, StoredNode, ValidatorResult } from "./loaded";

type Client = Db | Prisma.TransactionClient;

export async function loadPlan(db: Client, id: number): Promise<LoadedPlan | null> {
  const plan = await db.plan.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      ownerId: true,
      owner: actorSelect,
      requiredApprovers: true,
      approvalTtlMs: true,
      visibility: true,
      createdAt: true,
      roleChanges: { orderBy: { id: "asc" }, select: roleChangeSelect },
      settingChanges: {
        orderBy: { id: "asc" },
        select: { field: true, before: true, after: true, by: actorSelect, at: true },
      },
      revisions: {
        orderBy: { number: "asc" },
        select: {
          number: true,
          parentNumber: true,
          nodes: true,
          waves: true,
          changes: true,
          evidenceRefs: true,
          rationale: true,
          validatorResult: true,
          holds: true,
          createdById: true,
          createdBy: actorSelect,
          createdByAgent: { select: { name: true, ownerId: true, owner: { select: { name: true } } } },
          createdAt: true,
        },
      },
      outcomes: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          revision: true,
          nodeId: true,
          status: true,
          evidenceHash: true,
          provenance: true,
          user: actorSelect,
          agent: agentSelect,
          at: true,
        },
      },
      risks: {
        orderBy: { id: "asc" },
        select: {
          key: true,
          assessments: {
            orderBy: { id: "asc" },
            select: {
              revision: true,
              severity: true,
              affectedNodes: true,
              evidenceHash: true,
              note: true,
              user: actorSelect,
              agent: agentSelect,
              at: true,
            },
          },
        },
      },
      approvals: {
        orderBy: { id: "asc" },
        select: {
          revision: true,
          nextWave: true,
          waveKey: true,
          approver: actorSelect,
          approverId: true,
          action: true,
          at: true,
          expiresAt: true,
        },
      },
      assignmentChecks: {
        orderBy: { id: "asc" },
        select: {
          revision: true,
          nextWave: true,
          waveKey: true,
          kind: true,
          note: true,
          confirmedBy: actorSelect,
          confirmedById: true,
          at: true,
        },
      },
      checkpoints: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          revision: true,
          justFinished: true,
          nextWave: true,
          declaration: true,
          audit: true,
          decision: true,
          rationale: true,
          decidedBy: actorSelect,
          decidedByAgent: agentSelect,
          councilId: true,
          advice: true,
          at: true,
        },
      },
    },
  });
  if (!plan) return null;
  const roleLog = roleLogOf(plan.roleChanges);
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      ownerId: plan.ownerId,
      owner: plan.owner.name,
      requiredApprovers: plan.requiredApprovers,
      approvalTtlMs: plan.approvalTtlMs === null ? null : Number(plan.approvalTtlMs),
      visibility: plan.visibility as PlanVisibility,
      createdAt: plan.createdAt,
    },
    access: accessOf({ ...plan, owner: plan.owner.name }, roleLog),
    roleLog,
    settingLog: plan.settingChanges.map((c) => ({
      field: c.field,
      before: c.before,
      after: c.after,
      by: c.by.name,
      at: c.at,
    })),
    revisions: plan.revisions.map((r) => ({
      number: r.number,
      parentNumber: r.parentNumber,
      nodes: r.nodes as unknown as StoredNode[],
      waves: (r.waves as string[][] | null) ?? null,
      changes: r.changes as Changes,
      evidenceRefs: r.evidenceRefs as string[],
      rationale: r.rationale,
      validatorResult: r.validatorResult as ValidatorResult,
      holds: r.holds as string[],
      createdById: r.createdById,
      proposerId: r.createdById ?? r.createdByAgent?.ownerId ?? null,
      author: actor(r.createdBy, r.createdByAgent) ?? { kind: "person", name: "someone" },
      createdAt: r.createdAt,
    })),
    outcomes: plan.outcomes.map((o) => ({
      id: o.id,
      revision: o.revision,
      nodeId: o.nodeId,
      status: o.status as OutcomeStatus,
      evidenceHash: o.evidenceHash,
      provenance: o.provenance,
      by: actor(o.user, o.agent),
      at: o.at,
    })),
    risks: plan.risks.map((r) => ({
      id: r.key,
      assessments: r.assessments.map((a) => ({
        revision: a.revision,
        severity: a.severity as RiskSeverity,
        affectedNodes: a.affectedNodes as string[],
        evidenceHash: a.evidenceHash,
        note: a.note,
        by: actor(a.user, a.agent),
        at: a.at,
      })),
    })),
    approvals: plan.approvals.map((a) => ({
      revision: a.revision,
      nextWave: a.nextWave as string[],
      waveKey: a.waveKey,
      by: a.approver.name,
      byId: a.approverId,
      action: a.action === "withdraw" ? ("withdraw" as const) : ("approve" as const),
      at: a.at,
      expiresAt: a.expiresAt,
    })),
    checks: plan.assignmentChecks.map((c) => ({
      revision: c.revision,
      nextWave: c.nextWave as string[],
      waveKey: c.waveKey,
      kind: c.kind as "authority" | "resources",
      note: c.note,
      by: c.confirmedBy.name,
      byId: c.confirmedById,
      at: c.at,
    })),
    checkpoints: plan.checkpoints.map((c) => ({
      id: c.id,
      revision: c.revision,
      justFinished: c.justFinished as string[],
      nextWave: c.nextWave as string[],
      declaration: c.declaration,
      audit: c.audit,
      decision: c.decision,
      rationale: c.rationale,
      by: actor(c.decidedBy, c.decidedByAgent),
      councilId: c.councilId,
      advice: c.advice,
      at: c.at,
    })),
  };
}

export const latestOf = (loaded: LoadedPlan): RevisionRow => loaded.revisions.at(-1)!;

/** A stored revision always has waves: its graph was validated before it was written. */
export function wavesOf(revision: { nodes: StoredNode[]; waves: string[][] | null }): string[][] {
  const result = lanes({ nodes: revision.nodes, waves: revision.waves ?? undefined });
  return result.ok ? result.value.map((lane) => lane.nodeIds) : [];
}
