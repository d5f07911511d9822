// A plan's members: who holds which role and who is invited to one (derived from the append-only role log), the
// owner giving (to anyone but herself and her own agents: inviting) and taking roles, and the owner changing who may
// read the plan and the approval gate's terms — every change recorded.
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
  invitedNow,
  mayRead,
  needsConsent,
  ownerRefusal,
  rolesNow,
  type AssignableRole,
  type Holder,
  type PlanRole,
  type PlanVisibility,
  type RoleAction,
} from "../../rules/checkpoint";
import { tellInvitee } from "../access";
import { fail, ok, type Result } from "../../rules/result";
import { inPlan } from "./common";
import { announcePlan } from "./events";
import { accessOf, noPlan } from "./access";
import { loadPlan } from "./load";
import type { LoadedPlan, RoleLogRow } from "./loaded";
import type { OnPlan, ZAssignRole, ZPlanSettings, ZRemoveRole } from "./schemas";

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
  /** invite (the owner asks), accept or decline (the invitee answers), assign (no consent needed), remove. */
  action: RoleAction;
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
  /** The owner first, then every role as it stands (given, or accepted), in the order of ROLE_TEXT. */
  members: MemberView[];
  /** The invitations to a role not yet answered ("invited — waiting for an answer"): they count for nothing yet. */
  invited: MemberView[];
  /** Every change of a role, newest first. */
  log: RoleChangeView[];
  /** Every change of the plan's visibility and approval terms, newest first. */
  settings: SettingChangeView[];
  /** What each role may do, and what each visibility means, in the page's words. */
  roles: { role: PlanRole; may: string }[];
  visibilities: { visibility: PlanVisibility; reads: string }[];
};

const sameHolder = (r: RoleLogRow, h: Holder) =>
  r.role === h.role && r.userId === h.userId && r.agentId === h.agentId;

/** A holder or invitee as the page lists them: since it began to count (or was asked), by whom it was given. */
function memberOf(loaded: LoadedPlan, h: Holder, began: readonly RoleAction[]): MemberView {
  const rows = loaded.roleLog.filter((r) => sameHolder(r, h));
  const given = rows.filter((r) => r.action === "assign" || r.action === "invite").at(-1)!;
  const since = rows.filter((r) => began.includes(r.action)).at(-1) ?? given;
  return {
    role: h.role,
    kind: given.kind,
    name: given.name,
    owner: given.owner ?? null,
    since: since.at.toISOString(),
    by: given.by,
  };
}

export function membersViewOf(loaded: LoadedPlan): MembersView {
  const order = (m: MemberView) => ASSIGNABLE_ROLES.indexOf(m.role as AssignableRole);
  const byRole = (a: MemberView, b: MemberView) => order(a) - order(b);
  const standing = rolesNow(loaded.roleLog)
    .map((h) => memberOf(loaded, h, ["assign", "accept"]))
    .sort(byRole);
  const invited = invitedNow(loaded.roleLog)
    .map((h) => memberOf(loaded, h, ["invite"]))
    .sort(byRole);
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
    invited,
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
export async function planMembers(db: Db, who: Who, input: { id: number }): Promise<Result<MembersAnswer>> {
  const loaded = await loadPlan(db, input.id);
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
  | { userId: number; agentId: null; name: string; ownerId: null }
  | { userId: null; agentId: number; name: string; ownerId: number };

/**
 * Whom the owner names: a person by account name, or an agent by id — one of her own (it holds the role at once) or
 * another person's (invited as operator; its owner answers). An agent that does not exist or whose token is revoked
 * cannot be given a role; removing names whoever the log holds.
 */
async function targetOf(
  tx: Prisma.TransactionClient,
  loaded: LoadedPlan,
  role: AssignableRole,
  named: { person?: string | undefined; agent?: number | undefined },
  action: "assign" | "remove",
): Promise<Result<Target>> {
  if ((named.person === undefined) === (named.agent === undefined))
    return fail("invalid", "Name one person (their account name) or one agent (its id), not both.");
  if (named.person !== undefined) {
    // Names compare as accounts do (NFKC, case-folded): "ANA" names ana.
    const user = await tx.user.findUnique({
      where: { nameKey: nameKey(named.person) },
      select: { id: true, name: true },
    });
    if (!user) return fail("not_found", `No account is named "${named.person}".`);
    const refused = action === "assign" ? assignRefusal(loaded.access, role, { userId: user.id }) : null;
    if (refused) return refused;
    return ok({ userId: user.id, agentId: null, name: user.name, ownerId: null });
  }
  const agent = await tx.agent.findUnique({
    where: { id: named.agent! },
    select: { id: true, name: true, ownerId: true, revokedAt: true },
  });
  if (!agent) return fail("not_found", `No agent has the id ${named.agent}.`);
  const refused = assignRefusal(loaded.access, role, {
    agentId: agent.id,
    ownerId: agent.ownerId,
    name: agent.name,
  });
  if (refused) return refused;
  if (action === "assign" && agent.revokedAt)
    return fail(
      "conflict",
      agent.ownerId === loaded.plan.ownerId
        ? `Your agent ${agent.name}'s token is revoked.`
        : `The agent ${agent.name}'s token is revoked: it can hold no role.`,
    );
  return ok({ userId: null, agentId: agent.id, name: agent.name, ownerId: agent.ownerId });
}

export type RoleChanged = {
  role: AssignableRole;
  name: string;
  /** invite: the role waits for their yes; assign: it counts at once (yourself, your own agent); remove. */
  action: "invite" | "assign" | "remove";
  /** What happened, in one sentence. */
  message: string;
  members: MemberView[];
  invited: MemberView[];
};

async function changeRole(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZAssignRole>,
  now: Date,
  change: "give" | "remove",
): Promise<Result<RoleChanged>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const owner = ownerRefusal(loaded.access, who);
    if (owner) return owner;
    const role = input.role;
    const target = await targetOf(tx, loaded, role, input, change === "give" ? "assign" : "remove");
    if (!target.ok) return target;
    const t = target.value;
    const same = (h: Holder) => h.role === role && h.userId === t.userId && h.agentId === t.agentId;
    const held = loaded.access.holders.some(same);
    const asked = loaded.access.invited.some(same);
    if (change === "give" && held)
      return fail("conflict", `${t.name} already holds the ${role} role on this plan.`);
    if (change === "give" && asked)
      return fail(
        "conflict",
        `${t.name} is already invited to the ${role} role on this plan; no answer yet.`,
      );
    if (change === "remove" && !held && !asked)
      return fail("conflict", `${t.name} neither holds nor is invited to the ${role} role on this plan.`);
    // Nobody is put in a role without saying yes: the owner herself and her own agents need no consent.
    const consent =
      t.userId !== null
        ? needsConsent(loaded.access, { userId: t.userId })
        : needsConsent(loaded.access, { agentId: t.agentId, ownerId: t.ownerId });
    const action = change === "remove" ? "remove" : consent ? "invite" : "assign";
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
    if (action === "invite" || (action === "remove" && asked))
      await tellInvitee(
        tx,
        t,
        action === "invite" ? "invitation.received" : "invitation.withdrawn",
        { planId: loaded.plan.id, title: loaded.plan.name, from: loaded.plan.owner, role },
        {
          what: `the ${role} role on the plan “${loaded.plan.name}”, from ${loaded.plan.owner}`,
          once: `invitation:plan:${loaded.plan.id}:${role}:${now.getTime()}`,
          now: now.getTime(),
        },
      );
    const message =
      action === "invite"
        ? `Invited ${t.name} to the ${role} role on this plan: it counts once ${t.name} accepts.`
        : action === "assign"
          ? `${t.name} now holds the ${role} role on this plan.`
          : asked
            ? `Withdrew ${t.name}'s invitation to the ${role} role on this plan.`
            : `${t.name} no longer holds the ${role} role on this plan.`;
    const view = membersViewOf(after);
    return ok({ role, name: t.name, action, message, members: view.members, invited: view.invited });
  });
}

/**
 * The owner gives a role: to another person it is an invitation, counting once they accept; to herself (authority,
 * resources) or, as `operator`, to one of her own agents (by id) it counts at once.
 */
export const assignRole = (db: Db, who: Who, input: OnPlan<typeof ZAssignRole>, now: Date) =>
  changeRole(db, who, input, now, "give");

/**
 * The owner takes a role back, or withdraws an unanswered invitation; what the holder gave while holding it stops
 * counting (derived on read).
 */
export const removeRole = (db: Db, who: Who, input: OnPlan<typeof ZRemoveRole>, now: Date) =>
  changeRole(db, who, input, now, "remove");

const shown = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The owner changes who reads the plan, N, or how long an approval counts; each change is recorded. */
export async function changeSettings(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZPlanSettings>,
  now: Date,
): Promise<
  Result<{
    visibility: PlanVisibility;
    requiredApprovers: number;
    approvalTtlMs: number | null;
    changed: string[];
  }>
> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const owner = ownerRefusal(loaded.access, who);
    if (owner) return owner;
    const before = {
      visibility: loaded.plan.visibility,
      requiredApprovers: loaded.plan.requiredApprovers,
      approvalTtlMs: loaded.plan.approvalTtlMs,
    };
    const after = { ...before };
    for (const k of ["visibility", "requiredApprovers", "approvalTtlMs"] as const)
      if (input[k] !== undefined) (after as Record<string, unknown>)[k] = input[k];
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
