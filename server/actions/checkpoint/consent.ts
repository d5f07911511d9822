// Consent to a plan role: the invitee says yes (the role counts from then on: the gate's N, the authority and
// resources checks, posting as an operator) or no (the invitation is gone); either way one more row in the role log.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  audienceOf,
  eitherAudience,
  invitedNow,
  type AssignableRole,
  type RoleAction,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { signedIn } from "../guard";
import { parseId } from "../input";
import { inPlan } from "./common";
import { announcePlan } from "./events";
import { loadPlan } from "./load";

const NO_INVITATION = fail("not_found", "You have no open invitation to a role on this plan.");

/** The invitations waiting for one person on every plan: from their own rows of the role logs, derived as always. */
export async function planInvitationsOf(
  db: Db,
  who: Who,
): Promise<{ planId: number; name: string; owner: string; role: AssignableRole }[]> {
  // A plan role is a person's, or the owner's own agent's (assigned at once): only a person has one to answer.
  if (who.kind !== "user") return [];
  const rows = await db.planRoleChange.findMany({
    where: { userId: who.userId },
    orderBy: { id: "asc" },
    select: {
      planId: true,
      action: true,
      role: true,
      userId: true,
      agentId: true,
      plan: { select: { name: true, owner: { select: { name: true } } } },
    },
  });
  const plans = new Map<number, typeof rows>();
  for (const r of rows) plans.set(r.planId, [...(plans.get(r.planId) ?? []), r]);
  return [...plans.values()].flatMap((log) =>
    invitedNow(
      log.map((r) => ({ ...r, action: r.action as RoleAction, role: r.role as AssignableRole, name: "" })),
    ).map((h) => ({
      planId: log[0]!.planId,
      name: log[0]!.plan.name,
      owner: log[0]!.plan.owner.name,
      role: h.role,
    })),
  );
}

/**
 * The invitee answers an invitation to a role on a plan: `role` says which when they are invited to several. A
 * decline frees it; the owner may invite them again. An agent holds a plan role only as its owner's operator,
 * given at once, so an agent (or a person answering for one) has nothing to answer here.
 */
export async function answerPlanInvitation(
  db: Db,
  who: Who,
  input: { id: unknown; role?: AssignableRole | undefined; agentId?: unknown; accept: boolean },
  now: number,
): Promise<Result<{ role: AssignableRole; accepted: boolean; message: string }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  if (parseId(input.id) === null) return NO_INVITATION;
  if (who.kind !== "user" || (input.agentId !== undefined && input.agentId !== null)) return NO_INVITATION;
  const me = who.userId;
  const r = await inPlan(db, who, input.id, async (tx, loaded) => {
    const mine = loaded.access.invited.filter(
      (h) => h.userId === me && (input.role === undefined || h.role === input.role),
    );
    if (mine.length === 0) return NO_INVITATION;
    if (mine.length > 1)
      return fail(
        "invalid",
        `You are invited to this plan as ${mine.map((h) => h.role).join(" and ")}: say which role you answer.`,
      );
    const role = mine[0]!.role;
    await tx.planRoleChange.create({
      data: {
        planId: loaded.plan.id,
        action: input.accept ? "accept" : "decline",
        role,
        userId: me,
        byId: me,
        at: new Date(now),
      },
    });
    const after = (await loadPlan(tx, loaded.plan.id))!;
    const audience = eitherAudience(audienceOf(loaded.access), audienceOf(after.access));
    await announcePlan(tx, { planId: loaded.plan.id, audience }, "role", {
      action: input.accept ? "accept" : "decline",
      role,
    });
    const message = input.accept
      ? `You now hold the ${role} role on the plan "${loaded.plan.name}".`
      : `You declined the ${role} role on the plan "${loaded.plan.name}"; its owner may ask again.`;
    return ok({ role, accepted: input.accept, message });
  });
  // Not readable (not invited, or never existed): the same answer, so an id reveals nothing.
  return !r.ok && r.code === "not_found" ? NO_INVITATION : r;
}
