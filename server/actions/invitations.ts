// Invitations across the modules: what is waiting for you (or your agents) — a seat at a table or a round table, a
// role on a plan — your yes or no, and invite links — a
// random token the host or facilitator shares, revocable and optionally expiring, that makes a signed-in person
// who holds it a member of an `invited` table or round table.
import { z } from "zod";
import type { Db } from "../db";
import type { Who } from "../identity";
import { publish } from "../live/outbox";
import { LINK_TTL_MAX_MS, LINK_TTL_MIN_MS, linkRefusal } from "../rules/access";
import { fail, ok, type Result } from "../rules/result";
import { spanText } from "../rules/span";
import { linkHash, linkHint, newLinkToken, personOf } from "./access";
import { ASSIGNABLE_ROLES } from "../rules/checkpoint";
import { answerPlanInvitation, planInvitationsOf } from "./checkpoint";
import { answerCouncilInvitation } from "./council/consent";
import { councilReadable, loadCouncil } from "./council/load";
import { answerTableInvitation, loadTable, tableReadable } from "./game";
import { person, signedIn } from "./guard";
import { parseId, parseInput } from "./input";
import { isUniqueViolation } from "./unique";

/** What an invite link opens: a table or a round table. */
export type InvitationKind = "table" | "council";
/** What an invitation is to: a seat at a table or a round table, or a role on a plan. */
export type InvitedTo = InvitationKind | "plan";

export type Invitation = {
  kind: InvitedTo;
  /** The table's, round table's or plan's id. */
  id: number;
  title: string;
  from: string;
  /** The seat: its index at a table, its name at a round table; the role on a plan. */
  seat: string;
  /** Set when the invitation is addressed to one of your agents (you answer for it), or to you, the agent. */
  agent: { id: number; name: string } | null;
};

/**
 * The invitations waiting for `who`: a person sees their own and their agents'; an agent sees its own. Tables,
 * then round tables, then plan roles, each oldest first.
 */
export async function listInvitations(db: Db, who: Who): Promise<Result<{ invitations: Invitation[] }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const p = personOf(who)!;
  const mine =
    who.kind === "agent" ? { agentId: who.agentId } : { OR: [{ userId: p }, { agent: { ownerId: p } }] };
  const seats = await db.seat.findMany({
    where: { status: "invited", table: { startedAt: null }, ...mine },
    orderBy: { id: "asc" },
    select: {
      position: true,
      agent: { select: { id: true, name: true } },
      table: {
        select: {
          id: true,
          title: true,
          host: { select: { name: true } },
          hostAgent: { select: { name: true } },
          seats: { select: { position: true } },
        },
      },
    },
  });
  const council = await db.councilSeat.findMany({
    where: { consent: "invited", council: { closedAt: null }, ...mine },
    orderBy: { id: "asc" },
    select: {
      name: true,
      agent: { select: { id: true, name: true } },
      council: { select: { id: true, question: true, facilitator: { select: { name: true } } } },
    },
  });
  const plans = await planInvitationsOf(db, who);
  return ok({
    invitations: [
      ...seats.map((s) => ({
        kind: "table" as const,
        id: s.table.id,
        title: s.table.title,
        from: s.table.hostAgent ? `agent ${s.table.hostAgent.name}` : s.table.host.name,
        seat: String(s.table.seats.filter((o) => o.position < s.position).length),
        agent: s.agent,
      })),
      ...council.map((s) => ({
        kind: "council" as const,
        id: s.council.id,
        title: s.council.question,
        from: s.council.facilitator.name,
        seat: s.name,
        agent: s.agent,
      })),
      ...plans.map((r) => ({
        kind: "plan" as const,
        id: r.planId,
        title: r.name,
        from: r.owner,
        seat: r.role,
        agent: r.agent,
      })),
    ],
  });
}

export const ZAnswerInvitation = z
  .object({
    kind: z
      .enum(["table", "council", "plan"])
      .describe("a seat at a Sworn & Said table or a round table, or a role on a plan"),
    id: z.number().int().positive().describe("the table's, round table's or plan's id"),
    role: z
      .enum(ASSIGNABLE_ROLES)
      .optional()
      .describe("a plan: the role you answer (needed only when you are invited to several on that plan)"),
    agentId: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("answer for this agent of yours (an agent's owner answers its invitations)"),
  })
  .strict();

export async function answerInvitation(
  db: Db,
  who: Who,
  input: unknown,
  accept: boolean,
  now: number,
): Promise<Result<{ kind: InvitedTo; id: number; seat: string; accepted: boolean; message: string }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const p = parseInput(ZAnswerInvitation, input);
  if (!p.ok) return p;
  const { kind, id, agentId, role } = p.value;
  if (kind === "plan") {
    const r = await answerPlanInvitation(db, who, { id, role, agentId, accept }, now);
    if (!r.ok) return r;
    return ok({ kind, id, seat: r.value.role, accepted: accept, message: r.value.message });
  }
  if (role !== undefined) return fail("invalid", "Only an invitation to a plan names a role.");
  if (kind === "table") {
    const r = await answerTableInvitation(db, who, { tableId: id, agentId, accept });
    if (!r.ok) return r;
    const message = accept
      ? "You took your seat at the table."
      : "You declined the seat at the table: it is free again.";
    return ok({
      kind,
      id,
      seat: r.value.seat === null ? "" : String(r.value.seat),
      accepted: accept,
      message,
    });
  }
  const r = await answerCouncilInvitation(db, who, { id, agentId, accept }, now);
  if (!r.ok) return r;
  const message = accept
    ? `You wear the seat "${r.value.seat}" at the round table.`
    : `You declined the seat "${r.value.seat}": the facilitator fills it.`;
  return ok({ kind, id, seat: r.value.seat, accepted: accept, message });
}

/** The thing a link belongs to, if `who` may read it; and whether they own it (the host, the facilitator). */
async function ownedThing(
  db: Db,
  who: Who,
  kind: InvitationKind,
  rawId: unknown,
): Promise<Result<{ id: number; owner: boolean }>> {
  const id = parseId(rawId);
  const missing = fail(
    "not_found",
    kind === "table" ? "There is no such table." : "There is no such round table.",
  );
  if (id === null) return missing;
  if (kind === "table") {
    const t = await loadTable(db, id);
    if (!t || !tableReadable(t, who)) return missing;
    return ok({ id, owner: who.kind === "user" && who.userId === t.table.hostId });
  }
  const c = await loadCouncil(db, id);
  if (!c || !councilReadable(c, who)) return missing;
  return ok({ id, owner: who.kind === "user" && who.userId === c.facilitatorId });
}

const where = (kind: InvitationKind, id: number) => (kind === "table" ? { tableId: id } : { councilId: id });
const ownerWord = (kind: InvitationKind) => (kind === "table" ? "host" : "facilitator");

export type LinkSummary = {
  id: number;
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
};

export const ZCreateLink = z
  .object({
    expiresInMs: z
      .number()
      .int()
      .min(LINK_TTL_MIN_MS, `let it live at least ${spanText(LINK_TTL_MIN_MS)}`)
      .max(LINK_TTL_MAX_MS, `let it live at most ${spanText(LINK_TTL_MAX_MS)}`)
      .optional()
      .describe(
        `how long the link works, in ms (${spanText(LINK_TTL_MIN_MS)} to ${spanText(LINK_TTL_MAX_MS)}; default: until revoked)`,
      ),
  })
  .strict();

/** The owner makes an invite link: the token is shown once (only its SHA-256 is kept). */
export async function createLink(
  db: Db,
  who: Who,
  kind: InvitationKind,
  input: { id: unknown; body: unknown },
  now: number,
): Promise<Result<LinkSummary & { token: string; path: string }>> {
  const me = person(who);
  if (!me.ok) return me;
  const p = parseInput(ZCreateLink, input.body ?? {});
  if (!p.ok) return p;
  const t = await ownedThing(db, who, kind, input.id);
  if (!t.ok) return t;
  if (!t.value.owner) return fail("forbidden", `Only the ${ownerWord(kind)} makes invite links.`);
  const token = newLinkToken();
  const expiresAt = p.value.expiresInMs ? new Date(now + p.value.expiresInMs) : null;
  const link = await db.inviteLink.create({
    data: {
      ...where(kind, t.value.id),
      tokenHash: linkHash(token),
      tokenHint: linkHint(token),
      createdById: me.value.userId,
      createdAt: new Date(now),
      expiresAt,
    },
  });
  return ok({ ...summary(link), token, path: `/invite/${token}` });
}

const summary = (l: {
  id: number;
  tokenHint: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}): LinkSummary => ({
  id: l.id,
  hint: l.tokenHint,
  createdAt: l.createdAt.toISOString(),
  expiresAt: l.expiresAt?.toISOString() ?? null,
  revokedAt: l.revokedAt?.toISOString() ?? null,
});

/** The owner's invite links of a table or round table (hints only: a token is never shown again). */
export async function listLinks(
  db: Db,
  who: Who,
  kind: InvitationKind,
  input: { id: unknown },
): Promise<Result<{ links: LinkSummary[] }>> {
  const me = person(who);
  if (!me.ok) return me;
  const t = await ownedThing(db, who, kind, input.id);
  if (!t.ok) return t;
  if (!t.value.owner) return fail("forbidden", `Only the ${ownerWord(kind)} sees the invite links.`);
  const links = await db.inviteLink.findMany({ where: where(kind, t.value.id), orderBy: { id: "asc" } });
  return ok({ links: links.map(summary) });
}

/** The owner revokes a link: it stops working at once (those who joined with it stay members). */
export async function revokeLink(
  db: Db,
  who: Who,
  kind: InvitationKind,
  input: { id: unknown; linkId: unknown },
  now: number,
): Promise<Result<LinkSummary>> {
  const me = person(who);
  if (!me.ok) return me;
  const t = await ownedThing(db, who, kind, input.id);
  if (!t.ok) return t;
  if (!t.value.owner) return fail("forbidden", `Only the ${ownerWord(kind)} revokes invite links.`);
  const linkId = parseId(input.linkId);
  const link =
    linkId === null
      ? null
      : await db.inviteLink.findFirst({ where: { id: linkId, ...where(kind, t.value.id) } });
  if (!link) return fail("not_found", "There is no such invite link here.");
  const revoked = link.revokedAt
    ? link
    : await db.inviteLink.update({ where: { id: link.id }, data: { revokedAt: new Date(now) } });
  return ok(summary(revoked));
}

export const ZRedeem = z
  .object({ token: z.string().trim().min(1).max(200).describe("the invite link's token") })
  .strict();

/** A signed-in person who holds a live link becomes a member of its table or round table. */
export async function redeemLink(
  db: Db,
  who: Who,
  input: unknown,
  now: number,
): Promise<Result<{ kind: InvitationKind; id: number }>> {
  const me = person(who);
  if (!me.ok) return me;
  const p = parseInput(ZRedeem, input);
  if (!p.ok) return p;
  const token = p.value.token.replace(/^.*\/invite\//, "");
  const link = await db.inviteLink.findUnique({ where: { tokenHash: linkHash(token) } });
  const refused = linkRefusal(
    link && { revokedAt: link.revokedAt?.getTime() ?? null, expiresAt: link.expiresAt?.getTime() ?? null },
    now,
  );
  if (refused || !link) return refused ?? fail("not_found", "That invite link is not valid.");
  const kind: InvitationKind = link.tableId !== null ? "table" : "council";
  const id = (link.tableId ?? link.councilId)!;
  await db
    .$transaction(async (tx) => {
      const exists = await tx.member.findFirst({ where: { ...where(kind, id), userId: me.value.userId } });
      if (exists) return;
      await tx.member.create({ data: { ...where(kind, id), userId: me.value.userId, linkId: link.id } });
      const topic = kind === "table" ? `table:${id}` : `council:${id}`;
      const payload =
        kind === "table" ? { tableId: id, name: me.value.name } : { councilId: id, name: me.value.name };
      await publish(tx, { topic, type: "member.joined", payload });
    })
    .catch((e: unknown) => {
      if (!isUniqueViolation(e)) throw e; // a second redeem at the same moment: a member either way
    });
  return ok({ kind, id });
}
