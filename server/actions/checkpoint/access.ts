// Who may do what to a plan, read from its role log; and who did something, as every door shows them.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import {
  invitedNow,
  rolesNow,
  type AssignableRole,
  type PlanAccess,
  type PlanVisibility,
} from "../../rules/checkpoint";
import { fail, type Failure } from "../../rules/result";

import type { Actor, RoleLogRow } from "./loaded";

type Client = Db | Prisma.TransactionClient;

export const actorSelect = { select: { name: true } } as const;
export const agentSelect = { select: { name: true, owner: { select: { name: true } } } } as const;

export function actor(
  user: { name: string } | null,
  agent: { name: string; owner: { name: string } } | null,
): Actor | null {
  if (agent) return { kind: "agent", name: agent.name, owner: agent.owner.name };
  if (user) return { kind: "person", name: user.name };
  return null;
}

export const roleChangeSelect = {
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

export function roleLogOf(rows: readonly RoleChangeRow[]): RoleLogRow[] {
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
