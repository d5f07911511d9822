// Admission to a table: the host sets who may read it and invites people and agents to its seats (access.md).
import { z } from "zod";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { publish } from "../../live/outbox";
import { inviteRefusal } from "../../rules/game";
import {
  HOST_AGENT_OWN_INVITEE,
  INVITED_SENTENCE,
  ONE_IDENTITY,
  visibilityRefusal,
  type Visibility,
} from "../../rules/access";
import { answersFor, personOf, resolveInvitee, tellInvitee } from "../access";
import { fail, ok, type Result } from "../../rules/result";
import { signedIn } from "../guard";
import { parseId } from "../input";
import { isUniqueViolation } from "../unique";
import { tableAndLobby } from "./events";
import { hostLabel, hostsTable } from "./seats";
import { lobbyFacts } from "./lobbyFacts";
import { lockOpen, lockTable } from "./lock";

/** The host changes who may read the table (at any moment: a finished table may be published, say). */
export async function setTableVisibility(
  db: Db,
  who: Who,
  input: { tableId: number; visibility: Visibility },
): Promise<Result<{ visibility: Visibility }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.tableId;
  return db.$transaction(async (tx) => {
    const l = await lockTable(tx, id, who);
    if (!l.ok) return l;
    const refused = visibilityRefusal(
      { owner: hostsTable(l.value.table, who), ownerWord: "host" },
      input.visibility,
    );
    if (refused) return refused;
    const { visibility } = input;
    await tx.gameTable.update({ where: { id }, data: { visibility } });
    await publish(tx, ...tableAndLobby(id, "table.visibility", { visibility }));
    return ok({ visibility });
  });
}

export const ZInvite = z
  .object({
    person: z.string().trim().max(80).optional().describe("the person's account name"),
    agent: z
      .union([z.number().int().positive(), z.string().trim().max(120)])
      .optional()
      .describe("the agent's id (its owner answers for it, unless it is yours)"),
  })
  .strict();

/**
 * The host invites a person or an agent to a free seat before the start. The seat is `invited` and holds its
 * place until the invitee (or the agent's owner) accepts; declining frees it. The answer is the same whether or
 * not the account exists (see resolveInvitee). An agent host invites as its owner's: the owner and their agents are
 * the inviter's own (no consent asked), and refused, since the agent sits for them (one identity per person).
 */
export async function inviteToTable(
  db: Db,
  who: Who,
  input: { tableId: number; body: z.output<typeof ZInvite> },
  now: number,
): Promise<Result<{ seat: number; status: "invited"; invitee: string; message: string }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.tableId;
  try {
    return await db.$transaction(async (tx) => {
      const l = await lockOpen(tx, id, who);
      if (!l.ok) return l;
      const refused = inviteRefusal(lobbyFacts(l.value, who));
      if (refused) return refused;
      const named = await resolveInvitee(tx, personOf(who)!, input.body);
      if (!named.ok) return named;
      const n = named.value;
      const { table, seats } = l.value;
      // What the host can see already (their own seat, a name at the table) is said plainly; nothing else is.
      // The host's person sits (the host, or the agent that hosts): anyone of theirs would be a second identity.
      if (!n.consent) return who.kind === "agent" ? HOST_AGENT_OWN_INVITEE : ONE_IDENTITY("person");
      if (
        seats.some(
          (s) => (s.invitee ?? s.user?.name) === n.label || (n.userId !== null && s.userId === n.userId),
        )
      )
        return fail("conflict", `${n.label} already holds or is invited to a seat here.`);
      if (n.agentId !== null && seats.some((s) => s.agentId === n.agentId))
        return fail("conflict", "That agent already holds or is invited to a seat here.");
      const position = (seats.at(-1)?.position ?? -1) + 1;
      const invitedSeat = await tx.seat.create({
        data: {
          tableId: table.id,
          position,
          userId: n.userId,
          agentId: n.agentId,
          status: "invited",
          invitee: n.label,
        },
        select: { id: true },
      });
      await publish(tx, ...tableAndLobby(table.id, "seat.invited", { seat: seats.length, name: n.label }));
      await tellInvitee(
        tx,
        n,
        "invitation.received",
        { tableId: table.id, title: table.title, from: hostLabel(table) },
        {
          what: `a seat at the table “${table.title}”, from ${hostLabel(table)}`,
          once: `invitation:seat:${invitedSeat.id}`,
          now,
        },
      );
      return ok({
        seat: seats.length,
        status: "invited" as const,
        invitee: n.label,
        message: INVITED_SENTENCE(n.label),
      });
    });
  } catch (e) {
    if (isUniqueViolation(e))
      return fail("conflict", "That seat or invitee was taken a moment ago; read the table again.");
    throw e;
  }
}

/** The host withdraws an invitation nobody answered, which frees its seat. */
export async function withdrawTableInvitation(
  db: Db,
  who: Who,
  input: { tableId: number; seat: number },
): Promise<Result<{ withdrawn: true }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.tableId;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    if (!hostsTable(l.value.table, who)) return fail("forbidden", "Only the host withdraws an invitation.");
    const seat = l.value.seats[input.seat];
    if (!seat || seat.status !== "invited") return fail("conflict", "That seat holds no open invitation.");
    await tx.seat.delete({ where: { id: seat.id } });
    await publish(tx, ...tableAndLobby(id, "seat.withdrawn", { seat: input.seat }));
    await tellInvitee(tx, seat, "invitation.withdrawn", { tableId: id });
    return ok({ withdrawn: true as const });
  });
}

/**
 * The invitee answers: yes takes the seat (one identity per person: refused if their person sits already as
 * another identity), no frees it. A person answers for their own agents' invitations too.
 */
export async function answerTableInvitation(
  db: Db,
  who: Who,
  input: { tableId: number; agentId?: unknown; accept: boolean },
): Promise<Result<{ seat: number | null; status: "taken" | "declined" }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.tableId;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    const { seats } = l.value;
    const agentId = input.agentId === undefined || input.agentId === null ? null : parseId(input.agentId);
    const index = seats.findIndex(
      (s) =>
        s.status === "invited" &&
        (agentId === null || s.agentId === agentId) &&
        answersFor(who, { userId: s.userId, agentId: s.agentId, agentOwnerId: s.agent?.ownerId ?? null }),
    );
    if (index < 0) return fail("not_found", "You have no open invitation at this table.");
    const seat = seats[index]!;
    if (!input.accept) {
      await tx.seat.delete({ where: { id: seat.id } });
      await publish(tx, ...tableAndLobby(id, "seat.declined", { seat: index, name: seat.invitee ?? "" }));
      return ok({ seat: null, status: "declined" as const });
    }
    const p = personOf(who)!;
    const other = seats.some((s, i) => i !== index && (s.userId === p || s.agent?.ownerId === p));
    if (other) return ONE_IDENTITY(who.kind === "agent" ? "agent" : "person");
    await tx.seat.update({ where: { id: seat.id }, data: { status: "taken", invitee: null } });
    const name = seat.user?.name ?? seat.agent?.name ?? seat.invitee ?? "";
    await publish(
      tx,
      ...tableAndLobby(id, "seat.joined", { seat: index, name, kind: seat.agentId ? "agent" : "person" }),
    );
    return ok({ seat: index, status: "taken" as const });
  });
}
