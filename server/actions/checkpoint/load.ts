// Reading a plan from the database into the rules' shapes: revisions, outcome records, risks, gates, checkpoints.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import {
  invitedNow,
  lanes,
  rolesNow,
  type RoleAction,
  type AssignableRole,
  type OutcomeStatus,
  type PlanAccess,
  type PlanVisibility,
  type RevisionNode,
  type RiskSeverity,
} from "../../rules/checkpoint";
import { fail, type Failure } from "../../rules/result";

type Client = Db | Prisma.TransactionClient;

/** Who did something: a person, or an agent (with its owner), as every door shows it. */
export type Actor = { kind: "person" | "agent"; name: string; owner?: string };

export type StoredNode = RevisionNode & { title?: string; needsApproval?: boolean };

export type RevisionRow = {
  number: number;
  parentNumber: number | null;
  nodes: StoredNode[];
  waves: string[][] | null;
  changes: Changes;
  evidenceRefs: string[];
  rationale: string;
  validatorResult: ValidatorResult;
  holds: string[];
  createdById: number | null;
  /** The person who proposed this revision's waves: its author, or the owner of the agent that wrote it. */
  proposerId: number | null;
  author: Actor;
  createdAt: Date;
};

export type Changes = {
  added: string[];
  removed: string[];
  rewired: { id: string; before: string[]; after: string[] }[];
  retitled: { id: string; before: string | undefined; after: string | undefined }[];
  /** Successors that consumed a removed node's output (pruneImpact). */
  impacted: string[];
};

export type ValidatorResult = {
  ok: true;
  checks: string[];
  waves: number;
  prune: { removed: string[]; impacted: string[]; revalidated: string[]; held: string[] };
  /** Nodes whose outcome records were carried to this revision (their whole prerequisite closure unchanged). */
  carried: string[];
  notes: string[];
};

export type OutcomeRow = {
  id: number;
  revision: number;
  nodeId: string;
  status: OutcomeStatus;
  evidenceHash: string;
  provenance: string;
  by: Actor | null;
  at: Date;
};

export type AssessmentRow = {
  revision: number;
  severity: RiskSeverity;
  affectedNodes: string[];
  evidenceHash: string;
  note: string;
  by: Actor | null;
  at: Date;
};

export type RiskRow = { id: string; assessments: AssessmentRow[] };

export type GateRow = {
  revision: number;
  nextWave: string[];
  waveKey: string;
  by: string;
  byId: number;
  at: Date;
};
/** An approval row: given (with its expiry, fixed then), or withdrawn by its giver. */
export type ApprovalRow = GateRow & { action: "approve" | "withdraw"; expiresAt: Date | null };
export type CheckRow = GateRow & { kind: "authority" | "resources"; note: string };

export type CheckpointRow = {
  id: number;
  revision: number;
  justFinished: string[];
  nextWave: string[];
  declaration: unknown;
  audit: unknown;
  decision: string;
  rationale: string;
  by: Actor | null;
  councilId: number | null;
  advice: unknown;
  at: Date;
};

/**
 * One row of the plan's role log, as loaded: who was invited to, given or lost which role, or answered an
 * invitation, by whom (the owner, or the invitee answering), when.
 */
export type RoleLogRow = {
  action: RoleAction;
  role: AssignableRole;
  userId: number | null;
  agentId: number | null;
  name: string;
  kind: "person" | "agent";
  /** An agent's owner. */
  owner?: string;
  by: string;
  at: Date;
};

export type SettingLogRow = {
  field: string;
  before: string | null;
  after: string | null;
  by: string;
  at: Date;
};

export type LoadedPlan = {
  plan: {
    id: number;
    name: string;
    ownerId: number;
    owner: string;
    requiredApprovers: number;
    /** How long an approval counts; null: until a superseding revision voids it. */
    approvalTtlMs: number | null;
    visibility: PlanVisibility;
    createdAt: Date;
  };
  /** Who may read and do what, as the role log stands now. */
  access: PlanAccess;
  roleLog: RoleLogRow[];
  settingLog: SettingLogRow[];
  /** Oldest first; the last is the latest, every other one superseded. */
  revisions: RevisionRow[];
  outcomes: OutcomeRow[];
  risks: RiskRow[];
  approvals: ApprovalRow[];
  checks: CheckRow[];
  checkpoints: CheckpointRow[];
};

const actorSelect = { select: { name: true } } as const;
const agentSelect = { select: { name: true, owner: { select: { name: true } } } } as const;

function actor(
  user: { name: string } | null,
  agent: { name: string; owner: { name: string } } | null,
): Actor | null {
  if (agent) return { kind: "agent", name: agent.name, owner: agent.owner.name };
  if (user) return { kind: "person", name: user.name };
  return null;
}

const roleChangeSelect = {
  action: true,
  role: true,
  userId: true,
  agentId: true,
  user: actorSelect,
  agent: { select: { name: true, ownerId: true, owner: { select: { name: true } } } },
  by: actorSelect,
  at: true,
} as const;

type RoleChangeRow = {
  action: string;
  role: string;
  userId: number | null;
  agentId: number | null;
  user: { name: string } | null;
  agent: { name: string; ownerId: number; owner: { name: string } } | null;
  by: { name: string };
  at: Date;
};

function roleLogOf(rows: readonly RoleChangeRow[]): RoleLogRow[] {
  return rows.map((r) => ({
    action: r.action as RoleLogRow["action"],
    role: r.role as AssignableRole,
    userId: r.userId,
    agentId: r.agentId,
    agentOwnerId: r.agent?.ownerId ?? null,
    name: r.agent?.name ?? r.user?.name ?? "someone",
    kind: r.agentId !== null ? "agent" : "person",
    ...(r.agent ? { owner: r.agent.owner.name } : {}),
    by: r.by.name,
    at: r.at,
  }));
}

export function accessOf(
  plan: { ownerId: number; owner: string; visibility: string },
  roleLog: readonly RoleLogRow[],
): PlanAccess {
  return {
    ownerId: plan.ownerId,
    owner: plan.owner,
    visibility: plan.visibility as PlanVisibility,
    holders: rolesNow(roleLog),
    invited: invitedNow(roleLog),
  };
}

/** What the access checks need of one plan, and nothing else: for writes that announce without loading it all. */
export async function loadAccess(db: Client, id: number): Promise<PlanAccess | null> {
  const plan = await db.plan.findUnique({
    where: { id },
    select: {
      ownerId: true,
      owner: actorSelect,
      visibility: true,
      roleChanges: { orderBy: { id: "asc" }, select: roleChangeSelect },
    },
  });
  if (!plan) return null;
  return accessOf({ ...plan, owner: plan.owner.name }, roleLogOf(plan.roleChanges));
}

export const noPlan: Failure = fail("not_found", "There is no such plan.");

/** Takes the plan's row lock: writes to one plan serialise, so revision numbers and gates never race. */
export async function lockPlan(tx: Prisma.TransactionClient, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Plan" WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

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

/** A stored revision always has waves: its graph was validated before it was written. */
export function wavesOf(revision: { nodes: StoredNode[]; waves: string[][] | null }): string[][] {
  const result = lanes({ nodes: revision.nodes, waves: revision.waves ?? undefined });
  return result.ok ? result.value.map((lane) => lane.nodeIds) : [];
}
