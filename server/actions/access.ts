// What the tables' and Round Tables' access shares: the person behind an identity, whom an invitation names, and
// invite links' tokens. The read check itself is pure (server/rules/access.ts); each module applies it on load.
import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import type { Who } from "../identity";
import type { Prisma } from "../generated/prisma/client";
import { fail, ok, type Result } from "../rules/result";
import { hashToken } from "../tokens";
import { nameKey } from "../names";
import { parseId } from "./input";
import { publish } from "../live/outbox";
import { notify, type Note, type Recipient } from "./notify";

type Client = Db | Prisma.TransactionClient;

/** The person behind an identity: a person is themselves, an agent counts as its owner; a guest is nobody. */
export function personOf(who: Who): number | null {
  return who.kind === "user" ? who.userId : who.kind === "agent" ? who.ownerId : null;
}

/**
 * The rows `who` may read, as a query: the visibility's own rule (server/rules/access.ts) in SQL, for a table or a
 * Round Table, whose person in charge is the column `lead` (the host, the facilitator).
 */
export function readableBy<L extends string>(who: Who, lead: L) {
  if (who.kind === "user" && who.admin) return {};
  const p = personOf(who);
  if (p === null) return { visibility: "public" as const };
  return {
    OR: [
      { visibility: { in: ["public" as const, "signed_in" as const] } },
      { [lead]: p } as Record<L, number>,
      { members: { some: { userId: p } } },
      { seats: { some: { OR: [{ userId: p }, { agent: { ownerId: p } }] } } },
    ],
  };
}

/**
 * Whom an invitation names, resolved as far as the inviter may see: a person by account name, an agent by id (or
 * owner/name). Nobody named may be missing, revoked, or someone else's — the answer has the same shape either way
 * (a seat that waits for an answer, under the label the inviter gave), so an invitation tells the inviter nothing
 * about whether an account or agent exists. Only the inviter's own agents are told apart: they are theirs to see.
 */
export type Invitee = {
  userId: number | null;
  agentId: number | null;
  /** What the seat shows until the invitation is accepted: the name as given, or "agent #17". */
  label: string;
  /** False for the inviter themself and the inviter's own agents: theirs, so no consent is asked. */
  consent: boolean;
  /** The real name, when the inviter may see it (themself, their own agent). */
  name: string | null;
  wearer: "person" | "agent";
};

export async function resolveInvitee(
  db: Client,
  inviter: number,
  named: { person?: string | undefined; agent?: number | string | undefined },
): Promise<Result<Invitee>> {
  if (named.person !== undefined && named.person !== "") {
    const name = named.person.trim();
    if (!name) return fail("invalid", "Name the person to invite (their account name).");
    // Names compare as accounts do (NFKC, case-folded: server/names.ts), so "BOSS" finds boss.
    const u = await db.user.findUnique({
      where: { nameKey: nameKey(name) },
      select: { id: true, name: true },
    });
    if (u && u.id === inviter)
      return ok({
        userId: u.id,
        agentId: null,
        label: u.name,
        consent: false,
        name: u.name,
        wearer: "person",
      });
    return ok({
      userId: u?.id ?? null,
      agentId: null,
      label: name,
      consent: true,
      name: null,
      wearer: "person",
    });
  }
  if (named.agent === undefined || named.agent === "")
    return fail("invalid", "Name whom to invite: a person (account name) or an agent (its id).");
  const raw = named.agent;
  const byId = typeof raw === "number" || /^\d+$/.test(raw) ? parseId(raw) : undefined;
  if (byId === null) return fail("invalid", `${JSON.stringify(raw)} is not an agent id.`);
  const a =
    byId !== undefined
      ? await db.agent.findUnique({
          where: { id: byId },
          select: { id: true, name: true, ownerId: true, revokedAt: true },
        })
      : await db.agent.findFirst({
          where: {
            owner: { nameKey: nameKey(String(raw).split("/")[0] ?? "") },
            name: String(raw).split("/").slice(1).join("/"),
          },
          select: { id: true, name: true, ownerId: true, revokedAt: true },
        });
  const label = byId !== undefined ? `agent #${byId}` : `agent ${String(raw)}`;
  if (a && a.ownerId === inviter) {
    if (a.revokedAt) return fail("invalid", `Your agent ${a.name}'s token is revoked.`);
    return ok({ userId: null, agentId: a.id, label: a.name, consent: false, name: a.name, wearer: "agent" });
  }
  // Someone else's agent, a revoked one or none: an invitation its owner answers (or nobody ever does).
  const live = a && !a.revokedAt ? a.id : null;
  return ok({ userId: null, agentId: live, label, consent: true, name: null, wearer: "agent" });
}

/** Whether `who` answers for an invitation addressed to this person or agent (an agent's owner answers for it). */
export function answersFor(
  who: Who,
  to: { userId: number | null; agentId: number | null; agentOwnerId: number | null },
) {
  if (who.kind === "user")
    return to.userId === who.userId || (to.agentId !== null && to.agentOwnerId === who.userId);
  if (who.kind === "agent") return to.agentId === who.agentId;
  return false;
}

export const LINK_PREFIX = "inv_";

/** A fresh invite link's token: 32 random bytes; only its SHA-256 is kept. */
export function newLinkToken(): string {
  return LINK_PREFIX + randomBytes(32).toString("base64url");
}

export const linkHash = (token: string) => hashToken(token);
export const linkHint = (token: string) => `${token.slice(0, LINK_PREFIX.length + 4)}…`;

/** What an invitation is to, for its notification ("a seat at the table “X”, from ana"), once, at `now`. */
export type InvitedTo = { what: string; once: string; now: number };

/**
 * Tells an invitee on their own topic that an invitation arrived or was withdrawn: a person directly, an agent
 * through its owner, who answers for it (the header's count and /invitations read again on it). An arrival is also
 * a notification (shared/spec/notifications.md): to the person, or to the agent and its owner.
 */
export async function tellInvitee(
  tx: Prisma.TransactionClient,
  to: { userId: number | null; agentId: number | null },
  type: "invitation.received" | "invitation.withdrawn",
  payload: Prisma.InputJsonObject,
  invited?: InvitedTo,
): Promise<void> {
  const agent =
    to.userId === null && to.agentId !== null
      ? await tx.agent.findUnique({ where: { id: to.agentId }, select: { ownerId: true, name: true } })
      : null;
  const person = to.userId ?? agent?.ownerId ?? null;
  if (person) await publish(tx, { topic: `user:${person}`, type, payload });
  if (type !== "invitation.received" || !invited) return;
  const note = (recipient: Recipient, text: string): Note => ({
    to: recipient,
    kind: "invitation",
    text,
    link: "/invitations",
    once: invited.once,
  });
  const notes: Note[] = [];
  if (to.userId !== null) notes.push(note({ userId: to.userId }, `You are invited to ${invited.what}.`));
  else if (agent && to.agentId !== null)
    notes.push(
      note({ agentId: to.agentId }, `You are invited to ${invited.what}.`),
      note(
        { userId: agent.ownerId },
        `Your agent ${agent.name} is invited to ${invited.what}; you answer for it.`,
      ),
    );
  await notify(tx, invited.now, notes);
}
