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
import { answersFor, personOf } from "../access";
import { parseId } from "../input";
import { inPlan } from "./common";
import { announcePlan } from "./events";
import { loadPlan } from "./load";

const NO_INVITATION = fail("not_found", "You have no open invitation to a role on this plan.");

/**
 * The invitations waiting for `who` on every plan, from the rows of the role logs that name them, derived as always:
 * a person's own and her agents' (she answers for them), an agent's own.
 */
export async function planInvitationsOf(
  db: Db,
  who: Who,
): Promise<
  {
    planId: number;
    name: string;
    owner: string;
    role: AssignableRole;
    agent: { id: number; name: string } | null;
  }[]
> {
  if (who.kind === "anon") return [];
  const rows = await db.planRoleChange.findMany({
    where:
      who.kind === "agent"
        ? { agentId: who.agentId }
        : { OR: [{ userId: who.userId }, { agent: { ownerId: who.userId } }] },
    orderBy: { id: "asc" },
    select: {
      planId: true,
      action: true,
      role: true,
      userId: true,
      agentId: true,
      agent: { select: { name: true } },
      plan: { select: { name: true, owner: { select: { name: true } } } },
    },
  });
  const plans = new Map<number, typeof rows>();
  for (const r of rows) plans.set(r.planId, [...(plans.get(r.planId) ?? []), r]);
  return [...plans.values()].flatMap((log) =>
    invitedNow(
      log.map((r) => ({
        ...r,
        action: r.action as RoleAction,
        role: r.role as AssignableRole,
        name: r.agent?.name ?? "",
      })),
    ).map((h) => ({
      planId: log[0]!.planId,
      name: log[0]!.plan.name,
      owner: log[0]!.plan.owner.name,
      role: h.role,
      agent: h.agentId === null ? null : { id: h.agentId, name: h.name },
    })),
  );
}

/**
 * The invitee answers an invitation to a role on a plan: `role` says which when they are invited to several. A
 * decline frees it; the owner may invite them again. An agent invited as operator answers for itself, or its owner
 * answers for it (`agentId` picks which of her agents' invitations she answers).
 */
export async function answerPlanInvitation(
  db: Db,
  who: Who,
  input: { id: unknown; role?: AssignableRole | undefined; agentId?: unknown; accept: boolean },
  now: number,
): Promise<Result<{ role: AssignableRole; accepted: boolean; message: string }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const planId = parseId(input.id);
  if (planId === null) return NO_INVITATION;
  const agentId = input.agentId === undefined || input.agentId === null ? null : parseId(input.agentId);
  if (agentId === null && input.agentId !== undefined && input.agentId !== null) return NO_INVITATION;
  const r = await inPlan(db, who, planId, async (tx, loaded) => {
    const mine = loaded.access.invited.filter(
      (h) =>
        answersFor(who, { userId: h.userId, agentId: h.agentId, agentOwnerId: h.agentOwnerId ?? null }) &&
        (agentId === null ? who.kind === "agent" || h.userId !== null : h.agentId === agentId) &&
        (input.role === undefined || h.role === input.role),
    );
    if (mine.length === 0) return NO_INVITATION;
    if (mine.length > 1)
      return fail(
        "invalid",
        `You are invited to this plan as ${mine.map((h) => h.role).join(" and ")}: say which role you answer.`,
      );
    const h = mine[0]!;
    const role = h.role;
    await tx.planRoleChange.create({
      data: {
        planId: loaded.plan.id,
        action: input.accept ? "accept" : "decline",
        role,
        userId: h.userId,
        agentId: h.agentId,
        // The person who answered: the invitee, or the owner of the agent (an agent answering counts as its owner).
        byId: personOf(who)!,
        at: new Date(now),
      },
    });
    const after = (await loadPlan(tx, loaded.plan.id))!;
    const audience = eitherAudience(audienceOf(loaded.access), audienceOf(after.access));
    await announcePlan(tx, { planId: loaded.plan.id, audience }, "role", {
      action: input.accept ? "accept" : "decline",
      role,
    });
    const subject = h.agentId !== null && who.kind === "user" ? `Your agent ${h.name}` : "You";
    const message = input.accept
      ? `${subject} now ${subject === "You" ? "hold" : "holds"} the ${role} role on the plan "${loaded.plan.name}".`
      : `${subject} declined the ${role} role on the plan "${loaded.plan.name}"; its owner may ask again.`;
    return ok({ role, accepted: input.accept, message });
  });
  // Not readable (not invited, or never existed): the same answer, so an id reveals nothing.
  return !r.ok && r.code === "not_found" ? NO_INVITATION : r;
}
