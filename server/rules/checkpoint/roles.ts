// Who may do what on a plan (shared/spec/access.md, "Visibility", "Invitations and consent" and "Plan roles"): the
// roles as they stand after the plan's role log (a role given to someone else is an invitation until they say yes),
// who may read the plan, write to it, approve its next wave or confirm its assignment checks,
// and the sentence of who is still needed. Pure: every door asks these, and the page's `may` asks the same ones.
import { fail, type Failure } from "../result";
import { personRefusal, signedInRefusal, type CallerKind } from "../guards";
import { AGENT_ROLES, type AssignableRole, type PlanRole, type PlanVisibility } from "./constants";

export type { AssignableRole, PlanRole, PlanVisibility };

export const ROLE_TEXT: Record<PlanRole, string> = {
  owner:
    "reads and writes the plan, revises it, records its checkpoints and assigns the roles; never approves a wave they proposed, and confirms authority or resources only holding that role",
  approver: "approves a proposed next wave; counts toward the gate's N",
  authority: "confirms the assignment gate's authority check",
  resources: "confirms the assignment gate's resources check",
  operator: "posts outcome records and risk assessments (a person, or one of the owner's agents)",
  viewer: "reads the plan",
};

export const VISIBILITY_TEXT: Record<PlanVisibility, string> = {
  public: "anyone, guests included, reads it; it is listed for everyone",
  signed_in: "anyone signed in (a person or an agent) reads it",
  invited: "only its owner, its members (the roles) and admins read it",
};

/** Who asks, as the rules see them: the shape of the app's identity (server/identity.ts), less what is not read. */
export type Asker =
  | { kind: "anon" }
  | { kind: "user"; userId: number; admin: boolean }
  | { kind: "agent"; agentId: number; ownerId: number };

/**
 * What one row of the role log does. The owner `assign`s a role to herself (authority, resources) or to one of her
 * own agents, which needs no consent; a role for anyone else is an `invite` that counts only once the invitee
 * `accept`s it (a `decline` frees it). `remove` takes a role back, or withdraws an unanswered invitation.
 */
export const ROLE_ACTIONS = ["invite", "accept", "decline", "assign", "remove"] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

/** One row of a plan's role log, oldest first. */
export type RoleChange = {
  action: RoleAction;
  role: AssignableRole;
  userId: number | null;
  agentId: number | null;
  /** An agent's owner: she answers its invitation and reads the plan it is asked to, or works on, for it. */
  agentOwnerId?: number | null;
  /** The holder's name as the page shows it (an agent's own name). */
  name: string;
};

/** A role as it stands: who holds it (or, in `invited`, who is asked to). */
export type Holder = {
  role: AssignableRole;
  userId: number | null;
  agentId: number | null;
  agentOwnerId?: number | null;
  name: string;
};

/** A (role, person or agent) after the log: held, or invited and not yet answered. */
export type RoleStanding = Holder & { state: "holds" | "invited" };

/**
 * What stands after the log, in the order each (role, holder) was first given or offered. An answer counts only
 * for an open invitation: an `accept` with nothing to accept, or an `invite` of one already holding it, changes
 * nothing, so the derivation never depends on the writer having checked.
 */
export function roleStandings(log: readonly RoleChange[]): RoleStanding[] {
  const standing = new Map<string, RoleStanding>();
  for (const c of log) {
    const key = `${c.role}:${c.userId ?? ""}:${c.agentId ?? ""}`;
    const was = standing.get(key)?.state;
    const set = (state: RoleStanding["state"]) =>
      standing.set(key, {
        role: c.role,
        userId: c.userId,
        agentId: c.agentId,
        agentOwnerId: c.agentOwnerId ?? null,
        name: c.name,
        state,
      });
    if (c.action === "assign") set("holds");
    else if (c.action === "invite" && was !== "holds") set("invited");
    else if (c.action === "accept" && was === "invited") set("holds");
    else if (c.action === "decline" && was === "invited") standing.delete(key);
    else if (c.action === "remove") standing.delete(key);
  }
  return [...standing.values()];
}

const holderOf = ({ state: _, ...holder }: RoleStanding): Holder => holder;

/** The roles that count: each (role, holder) assigned, or invited and accepted, and not taken back since. */
export function rolesNow(log: readonly RoleChange[]): Holder[] {
  return roleStandings(log)
    .filter((s) => s.state === "holds")
    .map(holderOf);
}

/** The invitations waiting for an answer: they count for nothing but reading the plan, so the invitee can decide. */
export function invitedNow(log: readonly RoleChange[]): Holder[] {
  return roleStandings(log)
    .filter((s) => s.state === "invited")
    .map(holderOf);
}

/** Whether the owner's giving `target` a role needs their yes: anyone but herself and her own agents. */
export function needsConsent(
  a: { ownerId: number },
  target: { userId: number } | { agentId: number; ownerId: number },
): boolean {
  return "agentId" in target ? target.ownerId !== a.ownerId : target.userId !== a.ownerId;
}

/** What the access checks read of a plan. */
export type PlanAccess = {
  ownerId: number;
  owner: string;
  visibility: PlanVisibility;
  /** The roles that count (assigned, or accepted). */
  holders: readonly Holder[];
  /** The invitations not yet answered: an invitee reads the plan and does nothing else until they accept. */
  invited: readonly Holder[];
};

export const callerOf = (who: Asker): CallerKind =>
  who.kind === "anon" ? "guest" : who.kind === "user" ? "person" : "agent";

const isOwner = (a: PlanAccess, who: Asker) => who.kind === "user" && who.userId === a.ownerId;
const isOwnersAgent = (a: PlanAccess, who: Asker) => who.kind === "agent" && who.ownerId === a.ownerId;

/** Whether the one asking holds the role (the owner holds `owner`; an agent holds only what it was given itself). */
export function holds(a: PlanAccess, who: Asker, role: PlanRole): boolean {
  if (role === "owner") return isOwner(a, who);
  if (who.kind === "user") return a.holders.some((h) => h.role === role && h.userId === who.userId);
  if (who.kind === "agent") return a.holders.some((h) => h.role === role && h.agentId === who.agentId);
  return false;
}

/**
 * The owner, the owner's agents (they act for the plan), anyone holding a role, and anyone invited to one: an
 * invitee reads what they are asked to say yes to, as an invited seat at a table or round table does. Another
 * person's agent invited as operator is answered for by its owner, who reads the plan too (an agent counts as its
 * owner).
 */
export function isMember(a: PlanAccess, who: Asker): boolean {
  if (isOwner(a, who) || isOwnersAgent(a, who)) return true;
  const all = [...a.holders, ...a.invited];
  if (who.kind === "user") return all.some((h) => h.userId === who.userId || h.agentOwnerId === who.userId);
  if (who.kind === "agent") return all.some((h) => h.agentId === who.agentId);
  return false;
}

/** Who reads the plan. One who may not is told the plan does not exist (not_found, never forbidden). */
export function mayRead(a: PlanAccess, who: Asker): boolean {
  if (who.kind === "user" && who.admin) return true;
  if (isMember(a, who)) return true;
  if (a.visibility === "public") return true;
  if (a.visibility === "signed_in") return who.kind !== "anon";
  return false;
}

/**
 * Who hears the plan's live events, written beside each event (server/live reads it; admins hear every event):
 * null for anyone, "signed_in" for anyone signed in, else the members by id.
 */
export type PlanAudience =
  null | { signedIn: true } | { users: number[]; agents: number[]; agentsOf: number[] };

export function audienceOf(a: PlanAccess): PlanAudience {
  if (a.visibility === "public") return null;
  if (a.visibility === "signed_in") return { signedIn: true };
  const all = [...a.holders, ...a.invited];
  const users = [
    a.ownerId,
    ...all.flatMap((h) => (h.userId !== null ? [h.userId] : h.agentOwnerId ? [h.agentOwnerId] : [])),
  ];
  const agents = all.flatMap((h) => (h.agentId === null ? [] : [h.agentId]));
  return { users: [...new Set(users)], agents: [...new Set(agents)], agentsOf: [a.ownerId] };
}

/** Both audiences: what a change of who may read is told to, so those who lose the plan hear that it changed. */
export function eitherAudience(x: PlanAudience, y: PlanAudience): PlanAudience {
  if (x === null || y === null) return null;
  if ("signedIn" in x || "signedIn" in y) return { signedIn: true };
  const u = <T>(p: T[], q: T[]) => [...new Set([...p, ...q])];
  return { users: u(x.users, y.users), agents: u(x.agents, y.agents), agentsOf: u(x.agentsOf, y.agentsOf) };
}

/** Outcome records and risk assessments: the owner, the plan's operators, and the owner's agents. */
export function reportRefusal(a: PlanAccess, who: Asker): Failure | null {
  const guest = signedInRefusal(callerOf(who));
  if (guest) return guest;
  if (isOwner(a, who) || isOwnersAgent(a, who) || holds(a, who, "operator")) return null;
  // Says which writes: members holding other roles do write their own approvals and confirmations.
  return fail(
    "forbidden",
    "Only the plan's owner, its operators and the owner's agents report outcomes and assess risks here.",
  );
}

/** Revisions and checkpoint decisions: the owner and the owner's agents (an operator reports, it does not steer). */
export function steerRefusal(a: PlanAccess, who: Asker): Failure | null {
  const guest = signedInRefusal(callerOf(who));
  if (guest) return guest;
  if (isOwner(a, who) || isOwnersAgent(a, who)) return null;
  return fail(
    "forbidden",
    "Only the plan's owner and the owner's agents revise this plan or record its checkpoints.",
  );
}

/** Roles and settings: the owner, in person. */
export function ownerRefusal(a: PlanAccess, who: Asker): Failure | null {
  const p = personRefusal(callerOf(who));
  if (p) return p;
  if (isOwner(a, who)) return null;
  return fail("forbidden", `Only the plan's owner, ${a.owner}, assigns its roles and changes its settings.`);
}

/** Webhooks are the owner's, in person: a webhook's deliveries carry the plan to wherever its URL points. */
export function webhookRefusal(a: PlanAccess, who: Asker): Failure | null {
  const p = personRefusal(callerOf(who));
  if (p) return p;
  if (isOwner(a, who)) return null;
  return fail(
    "forbidden",
    `Only the plan's owner, ${a.owner}, registers its webhooks and reads their deliveries.`,
  );
}

/** Whom the owner may give a role to, and which: one sentence when not. `target` is who would hold it. */
export function assignRefusal(
  a: PlanAccess,
  role: AssignableRole,
  target: { userId: number } | { agentId: number; ownerId: number; name: string },
): Failure | null {
  if ("agentId" in target) {
    // Another person's agent may be invited as an operator: its owner answers (needsConsent).
    if (!AGENT_ROLES.includes(role))
      return fail("invalid", `An agent may only be an operator; the ${role} role is a person's.`);
  } else if (target.userId === a.ownerId && role !== "authority" && role !== "resources")
    return fail(
      "conflict",
      role === "approver"
        ? "You propose this plan's waves, so you can never approve one: give the approver role to someone else."
        : `As the owner you already ${role === "viewer" ? "read" : "write to"} this plan.`,
    );
  return null;
}
