// A plan's members: who holds which role (derived from the append-only role log), the owner giving and taking
// roles, and the owner changing who may read the plan and the approval gate's terms — every change recorded.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { nameKey } from "../../names";
import {
  ASSIGNABLE_ROLES,
  PLAN_VISIBILITIES,
  ROLE_TEXT,
  VISIBILITY_TEXT,
  assignRefusal,
  audienceOf,
  eitherAudience,
  mayRead,
  ownerRefusal,
  rolesNow,
  type AssignableRole,
  type PlanRole,
  type PlanVisibility,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { parseId, parseInput } from "../input";
import { inPlan } from "./common";
import { announcePlan } from "./events";
import { accessOf, loadPlan, noPlan, type LoadedPlan, type RoleLogRow } from "./load";
import { ZAssignRole, ZPlanSettings, ZRemoveRole } from "./schemas";

export type MemberView = {
  role: PlanRole;
  kind: "person" | "agent";
  name: string;
  /** An agent's owner. */
  owner: string | null;
  since: string;
  by: string;
};

export type RoleChangeView = {
  action: "assign" | "remove";
  role: AssignableRole;
  kind: "person" | "agent";
  name: string;
  owner: string | null;
  by: string;
  at: string;
};

export type SettingChangeView = {
  field: string;
  before: string | null;
  after: string | null;
  by: string;
  at: string;
};

export type MembersView = {
  /** The owner first, then every role as it stands, in the order of ROLE_TEXT. */
  members: MemberView[];
  /** Every change of a role, newest first. */
  log: RoleChangeView[];
  /** Every change of the plan's visibility and approval terms, newest first. */
  settings: SettingChangeView[];
  /** What each role may do, and what each visibility means, in the page's words. */
  roles: { role: PlanRole; may: string }[];
  visibilities: { visibility: PlanVisibility; reads: string }[];
};

const sameHolder = (r: RoleLogRow, h: { role: string; userId: number | null; agentId: number | null }) =>
  r.role === h.role && r.userId === h.userId && r.agentId === h.agentId;

export function membersViewOf(loaded: LoadedPlan): MembersView {
  const order = (role: PlanRole) => ASSIGNABLE_ROLES.indexOf(role as AssignableRole);
  const standing = rolesNow(loaded.roleLog)
    .map((h) => {
      const given = loaded.roleLog.filter((r) => r.action === "assign" && sameHolder(r, h)).at(-1)!;
      return {
        role: h.role as PlanRole,
        kind: given.kind,
        name: given.name,
        owner: given.owner ?? null,
        since: given.at.toISOString(),
        by: given.by,
      };
    })
    .sort((a, b) => order(a.role) - order(b.role));
  return {
    members: [
      {
        role: "owner",
        kind: "person",
        name: loaded.plan.owner,
        owner: null,
        since: loaded.plan.createdAt.toISOString(),
        by: loaded.plan.owner,
      },
      ...standing,
    ],
    log: loaded.roleLog
      .map((r) => ({
        action: r.action,
        role: r.role,
        kind: r.kind,
        name: r.name,
        owner: r.owner ?? null,
        by: r.by,
        at: r.at.toISOString(),
      }))
      .reverse(),
    settings: loaded.settingLog
      .map((c) => ({ field: c.field, before: c.before, after: c.after, by: c.by, at: c.at.toISOString() }))
      .reverse(),
    roles: (Object.keys(ROLE_TEXT) as PlanRole[]).map((role) => ({ role, may: ROLE_TEXT[role] })),
    visibilities: PLAN_VISIBILITIES.map((visibility) => ({ visibility, reads: VISIBILITY_TEXT[visibility] })),
  };
}

export type MembersAnswer = MembersView & {
  planId: number;
  owner: string;
  visibility: PlanVisibility;
  requiredApprovers: number;
  approvalTtlMs: number | null;
  /** Whether you may assign roles and change the settings, or why not. */
  mayManage: true | string;
};

/** Who holds what on a plan, and the record of every change: for anyone who may read the plan. */
export async function planMembers(db: Db, who: Who, input: { id: unknown }): Promise<Result<MembersAnswer>> {
  const id = parseId(input.id);
  if (id === null) return noPlan;
  const loaded = await loadPlan(db, id);
  if (!loaded || !mayRead(loaded.access, who)) return noPlan;
  const manage = ownerRefusal(loaded.access, who);
  return ok({
    planId: loaded.plan.id,
    owner: loaded.plan.owner,
    visibility: loaded.plan.visibility,
    requiredApprovers: loaded.plan.requiredApprovers,
    approvalTtlMs: loaded.plan.approvalTtlMs,
    ...membersViewOf(loaded),
    mayManage: manage ? manage.message : true,
  });
}

type Target =
  { userId: number; agentId: null; name: string } | { userId: null; agentId: number; name: string };

/**
 * Whom the owner names: a person by account name, or one of the owner's own agents by id. Another person's agent is
 * "no agent of yours" whether or not it exists, so an id reveals nothing.
 */
async function targetOf(
  tx: Prisma.TransactionClient,
  loaded: LoadedPlan,
  role: AssignableRole,
  named: { person?: string | undefined; agent?: number | undefined },
  action: "assign" | "remove",
): Promise<Result<Target>> {
  if ((named.person === undefined) === (named.agent === undefined))
    return fail("invalid", "Name one person (their account name) or one of your agents (its id), not both.");
  if (named.person !== undefined) {
    // Names compare as accounts do (NFKC, case-folded): "ANA" names ana.
    const user = await tx.user.findUnique({
      where: { nameKey: nameKey(named.person) },
      select: { id: true, name: true },
    });
    if (!user) return fail("not_found", `No account is named "${named.person}".`);
    const refused = action === "assign" ? assignRefusal(loaded.access, role, { userId: user.id }) : null;
    if (refused) return refused;
    return ok({ userId: user.id, agentId: null, name: user.name });
  }
  const agent = await tx.agent.findUnique({
    where: { id: named.agent! },
    select: { id: true, name: true, ownerId: true, revokedAt: true },
  });
  const refused = assignRefusal(
    loaded.access,
    role,
    agent
      ? { agentId: agent.id, ownerId: agent.ownerId, name: agent.name }
      : { agentId: 0, ownerId: -1, name: "" },
  );
  if (refused) return refused;
  if (action === "assign" && agent!.revokedAt)
    return fail("conflict", `Your agent ${agent!.name}'s token is revoked.`);
  return ok({ userId: null, agentId: agent!.id, name: agent!.name });
}

async function changeRole(
  db: Db,
  who: Who,
  input: { id: unknown; body: unknown },
  now: Date,
  action: "assign" | "remove",
): Promise<
  Result<{ role: AssignableRole; name: string; action: "assign" | "remove"; members: MemberView[] }>
> {
  const p = parseInput(action === "assign" ? ZAssignRole : ZRemoveRole, input.body);
  if (!p.ok) return p;
  return inPlan(db, who, input.id, async (tx, loaded) => {
    const owner = ownerRefusal(loaded.access, who);
    if (owner) return owner;
    const role = p.value.role;
    const target = await targetOf(tx, loaded, role, p.value, action);
    if (!target.ok) return target;
    const t = target.value;
    const held = loaded.access.holders.some(
      (h) => h.role === role && h.userId === t.userId && h.agentId === t.agentId,
    );
    if (action === "assign" && held) return fail("conflict", `${t.name} is already a ${role} of this plan.`);
    if (action === "remove" && !held) return fail("conflict", `${t.name} is not a ${role} of this plan.`);
    await tx.planRoleChange.create({
      data: {
        planId: loaded.plan.id,
        action,
        role,
        userId: t.userId,
        agentId: t.agentId,
        byId: loaded.plan.ownerId,
        at: now,
      },
    });
    const after = (await loadPlan(tx, loaded.plan.id))!;
    // Told to whoever could read the plan before or can now: one who lost it hears that it changed.
    const audience = eitherAudience(audienceOf(loaded.access), audienceOf(after.access));
    await announcePlan(tx, { planId: loaded.plan.id, audience }, "role", { action, role });
    return ok({ role, name: t.name, action, members: membersViewOf(after).members });
  });
}

/** The owner gives a role to a person (by account name) or, for `operator`, to one of the owner's agents (by id). */
export const assignRole = (db: Db, who: Who, input: { id: unknown; body: unknown }, now: Date) =>
  changeRole(db, who, input, now, "assign");

/** The owner takes a role back; what the holder gave while holding it stops counting (derived on read). */
export const removeRole = (db: Db, who: Who, input: { id: unknown; body: unknown }, now: Date) =>
  changeRole(db, who, input, now, "remove");

const shown = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The owner changes who reads the plan, N, or how long an approval counts; each change is recorded. */
export async function changeSettings(
  db: Db,
  who: Who,
  input: { id: unknown; body: unknown },
  now: Date,
): Promise<
  Result<{
    visibility: PlanVisibility;
    requiredApprovers: number;
    approvalTtlMs: number | null;
    changed: string[];
  }>
> {
  const p = parseInput(ZPlanSettings, input.body);
  if (!p.ok) return p;
  return inPlan(db, who, input.id, async (tx, loaded) => {
    const owner = ownerRefusal(loaded.access, who);
    if (owner) return owner;
    const before = {
      visibility: loaded.plan.visibility,
      requiredApprovers: loaded.plan.requiredApprovers,
      approvalTtlMs: loaded.plan.approvalTtlMs,
    };
    const after = { ...before };
    for (const k of ["visibility", "requiredApprovers", "approvalTtlMs"] as const)
      if (p.value[k] !== undefined) (after as Record<string, unknown>)[k] = p.value[k];
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k]);
    if (changed.length === 0)
      return fail("conflict", "Nothing to change: the plan's settings already say so.");
    await tx.plan.update({
      where: { id: loaded.plan.id },
      data: {
        visibility: after.visibility,
        requiredApprovers: after.requiredApprovers,
        approvalTtlMs: after.approvalTtlMs === null ? null : BigInt(after.approvalTtlMs),
      },
    });
    await tx.planSettingChange.createMany({
      data: changed.map((field) => ({
        planId: loaded.plan.id,
        field,
        before: shown(before[field]),
        after: shown(after[field]),
        byId: loaded.plan.ownerId,
        at: now,
      })),
    });
    const next = accessOf(
      { ownerId: loaded.plan.ownerId, owner: loaded.plan.owner, visibility: after.visibility },
      loaded.roleLog,
    );
    const audience = eitherAudience(audienceOf(loaded.access), audienceOf(next));
    await announcePlan(tx, { planId: loaded.plan.id, audience }, "settings", { changed });
    return ok({ ...after, changed });
  });
}
