// The gates of a plan's next wave (shared/spec/checkpoint.md, access.md "Plan roles"): approvals from distinct
// approvers, given and withdrawn, that expire with the gate's approvalTtl; the authority and resources confirmations
// by their roles' holders; and the sentence of who is still needed. Pure: the actions and the page's `may` ask these.
import { fail, type Failure } from "../result";
import { personRefusal } from "../guards";
import { type AssignableRole } from "./constants";
import { callerOf, holds, type Asker, type PlanAccess } from "./roles";
/**
 * An approval given, or (`withdraw`) taken back by its giver; in the order written. Its expiry was fixed when it was
 * given (the gate's approvalTtl then), so changing the terms later neither revives nor shortens it; absent or null,
 * it does not expire.
 */
export type GivenApproval = {
  byId: number;
  by: string;
  at: number;
  action?: "approve" | "withdraw";
  expiresAt?: number | null;
};

/** What the approval gate reads: the approvals bound to (revision, wave), oldest first, and the gate's terms. */
export type ApprovalGate = {
  revision: number;
  wave: readonly string[];
  required: boolean;
  needed: number;
  proposerId: number | null;
  given: readonly GivenApproval[];
};

export type ApprovalStanding = {
  /** One approval per approver, each still counting; with when it stops counting, if it expires. */
  counted: (GivenApproval & { expiresAt: number | null })[];
  /** Approvals given and no longer counting (expired, or their giver lost the role), each with why. */
  lapsed: (GivenApproval & { why: string })[];
  /** How many more approvals the gate needs (0 when satisfied or not required). */
  missing: number;
  /** The approvers who could still approve: holders of the role, none the proposer, none already counted. */
  candidates: string[];
  /** Those invited to be approvers who have not answered: they count for nothing until they accept. */
  invited: string[];
};

const iso = (ms: number) => new Date(ms).toISOString();

/** When an approval given at `at` under the gate's approvalTtl stops counting: fixed then, null if it never does. */
export const approvalExpiry = (at: number, ttlMs: number | null): number | null =>
  ttlMs === null ? null : at + ttlMs;

/** The names of people invited to `role` and not yet answering (never the proposer, who could not approve). */
const invitedTo = (a: PlanAccess, role: AssignableRole, except: number | null = null) =>
  a.invited.filter((h) => h.role === role && h.userId !== null && h.userId !== except).map((h) => h.name);

/** Which approvals count at `now`: by a current approver, not the proposer, not expired; one per person. */
export function approvalStanding(a: PlanAccess, g: ApprovalGate, now: number): ApprovalStanding {
  const approvers = new Set(
    a.holders.flatMap((h) => (h.role === "approver" && h.userId !== null ? [h.userId] : [])),
  );
  const counted: ApprovalStanding["counted"] = [];
  const lapsed: ApprovalStanding["lapsed"] = [];
  for (const given of g.given) {
    if (given.action === "withdraw") {
      // The approver takes back what still counts of theirs; approving again later counts anew.
      const i = counted.findIndex((c) => c.byId === given.byId);
      if (i >= 0) {
        const [took] = counted.splice(i, 1);
        lapsed.push({ ...took!, why: `${given.by} withdrew their approval at ${iso(given.at)}` });
      }
      continue;
    }
    const expiresAt = given.expiresAt ?? null;
    if (given.byId === g.proposerId) lapsed.push({ ...given, why: `${given.by} proposed this wave` });
    else if (!approvers.has(given.byId))
      lapsed.push({ ...given, why: `${given.by} is no longer an approver of this plan` });
    else if (expiresAt !== null && now >= expiresAt)
      lapsed.push({ ...given, why: `${given.by}'s approval expired at ${iso(expiresAt)}` });
    else if (!counted.some((c) => c.byId === given.byId)) counted.push({ ...given, expiresAt });
  }
  const countedIds = new Set(counted.map((c) => c.byId));
  const candidates = a.holders
    .filter((h) => h.role === "approver" && h.userId !== null && h.userId !== g.proposerId)
    .filter((h) => !countedIds.has(h.userId!))
    .map((h) => h.name);
  return {
    invited: invitedTo(a, "approver", g.proposerId),
    counted,
    // An approver who approved again after a lapse counts; the lapse is history, not a hold.
    lapsed: lapsed.filter((l) => !countedIds.has(l.byId)),
    missing: g.required ? Math.max(0, g.needed - counted.length) : 0,
    candidates,
  };
}

/**
 * Whether `who` may approve this wave now: the action's guard and the page's `may`, one check. The wave and the
 * revision are bound (a node of the latest revision, not held) before this is asked.
 */
export function approvalRefusal(
  a: PlanAccess,
  g: ApprovalGate,
  standing: ApprovalStanding,
  who: Asker,
): Failure | null {
  const p = personRefusal(callerOf(who));
  if (p) return p;
  const me = (who as { userId: number }).userId;
  if (!g.required)
    return fail(
      "conflict",
      `The wave ${g.wave.map((id) => `"${id}"`).join(", ")} has no node that needs approval; there is nothing to approve.`,
    );
  if (g.proposerId === me)
    return fail(
      "forbidden",
      // Once the approvals are in, "another person must approve it" would contradict the gate beside it.
      standing.missing === 0
        ? `You proposed this wave (revision ${g.revision} is yours); it has the ${g.needed} approval${g.needed === 1 ? "" : "s"} it needs from others.`
        : `You proposed this wave (revision ${g.revision} is yours); another person must approve it.`,
    );
  if (!holds(a, who, "approver"))
    return fail(
      "forbidden",
      `Only the plan's approvers approve its waves and you are not one of them; its owner, ${a.owner}, assigns the role.`,
    );
  if (standing.counted.some((c) => c.byId === me))
    return fail("conflict", "You have already approved this wave at this revision.");
  return null;
}

/** Whether `who` may withdraw an approval of this wave: only one of theirs that still counts. */
export function withdrawRefusal(standing: ApprovalStanding, who: Asker): Failure | null {
  const p = personRefusal(callerOf(who));
  if (p) return p;
  const me = (who as { userId: number }).userId;
  if (!standing.counted.some((c) => c.byId === me))
    return fail(
      "conflict",
      "You have no approval of this wave at this revision that still counts; there is nothing to withdraw.",
    );
  return null;
}

export type CheckKind = "authority" | "resources";
export type GivenCheck = { byId: number; by: string; at: number; note: string };

/** The confirmation of one check that counts: the latest by a member still holding that role. */
export function checkStanding(
  a: PlanAccess,
  kind: CheckKind,
  given: readonly GivenCheck[],
): {
  counted: GivenCheck | null;
  lapsed: (GivenCheck & { why: string })[];
  candidates: string[];
  /** Invited to the role, not yet answering: they cannot confirm until they accept. */
  invited: string[];
} {
  const holders = a.holders.filter((h) => h.role === kind && h.userId !== null);
  const holding = new Set(holders.map((h) => h.userId));
  const counted = [...given].reverse().find((c) => holding.has(c.byId)) ?? null;
  return {
    counted,
    lapsed: counted ? [] : given.map((c) => ({ ...c, why: `${c.by} no longer holds the ${kind} role` })),
    candidates: counted ? [] : holders.map((h) => h.name),
    invited: counted ? [] : invitedTo(a, kind),
  };
}

/** Whether `who` may confirm this check now: the action's guard and the page's `may`, one check. */
export function confirmRefusal(
  a: PlanAccess,
  kind: CheckKind,
  counted: GivenCheck | null,
  who: Asker,
): Failure | null {
  const p = personRefusal(callerOf(who));
  if (p) return p;
  if (!holds(a, who, kind))
    return fail(
      "forbidden",
      `Only a member holding the ${kind} role confirms the ${kind} check, and you do not hold it; the plan's owner, ${a.owner}, assigns it.`,
    );
  if (counted)
    return fail("conflict", `The ${kind} check for this wave is already confirmed by ${counted.by}.`);
  return null;
}

/** "ana", "ana or ben", "ana, ben or cy", "ana, ben, cy, dee, eve or 3 others". */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  if (names.length > 6) return `${names.slice(0, 5).join(", ")} or ${names.length - 5} others`;
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** "; invited, no answer yet: ben": said after a need, so nobody takes an unanswered invitation for a yes. */
const waiting = (names: readonly string[]) =>
  names.length ? `; invited, no answer yet: ${orList(names)}` : "";

/** Who is still needed before the gates stand, one line each ("needs 1 more approver: ana or ben"). */
export function stillNeeded(
  approval: ApprovalStanding,
  checks: Record<CheckKind, { counted: GivenCheck | null; candidates: string[]; invited?: string[] }>,
): string[] {
  const lines: string[] = [];
  const k = approval.missing;
  if (k > 0) {
    const more = `needs ${k} more approver${k === 1 ? "" : "s"}`;
    const c = approval.candidates;
    const w = waiting(approval.invited);
    if (c.length === 0)
      lines.push(
        `${more}, and no approver of this plan can give it: its owner assigns the approver role${w}`,
      );
    else if (c.length < k)
      lines.push(
        `${more}: ${orList(c)}, and the plan has too few approvers (its owner assigns the approver role)${w}`,
      );
    else lines.push(`${more}: ${orList(c)}${w}`);
  }
  for (const kind of ["authority", "resources"] as const) {
    const s = checks[kind];
    if (s.counted) continue;
    const w = waiting(s.invited ?? []);
    lines.push(
      s.candidates.length
        ? `needs ${kind}: ${orList(s.candidates)}${w}`
        : `needs ${kind}, and nobody holds the ${kind} role: its owner assigns it${w}`,
    );
  }
  return lines;
}
