// Moderation (shared/spec/access.md): an admin suspends or reinstates an account, cancels a table, hides a said text.
// Each act is appended to the moderation log; what stands is derived from it on read (identity lookups, loadTable).
// An admin's act never opens a secret: a cancelled table is revealed by the rules, as any ended table is.
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { publish } from "../../live/outbox";
import { nameKey } from "../../names";
import { derive } from "../../rules/game";
import {
  cancelRefusal,
  moderatorRefusal,
  onceKey,
  REASON_MAX,
  reinstateRefusal,
  suspendedBy,
  suspendRefusal,
} from "../../rules/moderation";
import { fail, ok, type Result } from "../../rules/result";
import { isAdmin } from "../accounts";
import { loadTable, settleClock, tableAndLobby } from "../game";
import { announceChange, loadCouncil, lockCouncil } from "../council";
import { standingOf } from "../standing";
import { isUniqueViolation } from "../unique";

export const ZReason = z
  .string()
  .trim()
  .min(1, "say why (it is shown with the act)")
  .max(REASON_MAX)
  .describe("why: shown with the act wherever the moderation log is");

type Admin = Extract<Who, { kind: "user" }>;

function admin(who: Who): Result<Admin> {
  const refused = moderatorRefusal({ person: who.kind === "user", admin: who.kind === "user" && who.admin });
  return refused ?? ok(who as Admin);
}

const noAccount = fail("not_found", "There is no account of that name.");
const noTable = fail("not_found", "There is no such table.");

/**
 * Suspend or reinstate an account, one act of the log either way. A suspension's sessions and agents' tokens stop at
 * their next request, and its event makes open streams check again and end.
 */
async function changeStanding(
  db: Db,
  who: Who,
  input: { account: string; reason: string },
  now: number,
  action: "suspend" | "reinstate",
): Promise<Result<{ account: string; suspended: boolean }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const user = await db.user.findUnique({
    where: { nameKey: nameKey(input.account) },
    select: { id: true, name: true, email: true },
  });
  if (!user) return noAccount;
  const suspended = suspendedBy(await standingOf(db, user.id));
  const refused =
    action === "suspend"
      ? suspendRefusal({ self: user.id === a.value.userId, targetAdmin: isAdmin(user), suspended })
      : reinstateRefusal({ suspended });
  if (refused) return refused;
  await db.$transaction(async (tx) => {
    await tx.moderationAct.create({
      data: { at: new Date(now), adminId: a.value.userId, action, accountId: user.id, reason: input.reason },
    });
    // The person's own topic: every open stream of theirs, or of their agents, checks its standing again on it.
    if (action === "suspend")
      await publish(tx, { topic: `user:${user.id}`, type: "account.suspended", payload: { id: user.id } });
  });
  return ok({ account: user.name, suspended: action === "suspend" });
}

export const suspendAccount = (db: Db, who: Who, input: { account: string; reason: string }, now: number) =>
  changeStanding(db, who, input, now, "suspend");

export const reinstateAccount = (db: Db, who: Who, input: { account: string; reason: string }, now: number) =>
  changeStanding(db, who, input, now, "reinstate");

/** Append one act that happens once (a cancellation, a hide); the unique `once` key settles two admins racing. */
async function once(
  tx: Prisma.TransactionClient,
  data: Prisma.ModerationActUncheckedCreateInput & { once: string },
): Promise<void> {
  await tx.moderationAct.create({ data });
}

/** Cancel a table that is open or in play: it ends `cancelled` there, and the rules reveal it as any ended table. */
export async function cancelTable(
  db: Db,
  who: Who,
  input: { tableId: number; reason: string },
  now: number,
): Promise<Result<{ status: "cancelled" }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const id = input.tableId;
  // Clock passes due before now are the table's history: written first, as any read of the table would.
  await settleClock(db, id, now);
  try {
    return await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "GameTable" WHERE id = ${id} FOR UPDATE`;
      const loaded = await loadTable(tx, id);
      if (!loaded) return noTable;
      const over = loaded.game ? derive(loaded.game, now).status !== "playing" : !!loaded.table.finishedAt;
      const refused = cancelRefusal(
        { over, cancelled: loaded.moderation.some((m) => m.action === "cancel") },
        "table",
      );
      if (refused) return refused;
      await once(tx, {
        at: new Date(now),
        adminId: a.value.userId,
        action: "cancel",
        tableId: id,
        reason: input.reason,
        once: onceKey("cancel", "table", id),
      });
      await tx.gameTable.update({ where: { id }, data: { finishedAt: new Date(now), outcome: "cancelled" } });
      await publish(tx, ...tableAndLobby(id, "table.finished", { outcome: "cancelled" }));
      return ok({ status: "cancelled" as const });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", "That table is already cancelled.");
    throw e;
  }
}

/** Hide the said text of one act: it reads "hidden by a moderator" at every door; the log keeps it for admins. */
export async function hideSaid(
  db: Db,
  who: Who,
  input: { tableId: number; act: number; reason: string },
  now: number,
): Promise<Result<{ hidden: true }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const id = input.tableId;
  const row = await db.act.findUnique({
    where: { tableId_turn: { tableId: id, turn: input.act } },
    select: { said: true },
  });
  if (!row)
    return (await db.gameTable.count({ where: { id } }))
      ? fail("not_found", "There is no such act at this table.")
      : noTable;
  if (typeof (row.said as { text?: unknown } | null)?.text !== "string")
    return fail("conflict", "That act said no text: there is nothing to hide.");
  try {
    await db.$transaction(async (tx) => {
      await once(tx, {
        at: new Date(now),
        adminId: a.value.userId,
        action: "hide",
        tableId: id,
        part: `said:${input.act}`,
        reason: input.reason,
        once: onceKey("hide", "table", id, `said:${input.act}`),
      });
      await publish(tx, ...tableAndLobby(id, "said.hidden", { act: input.act }));
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", "That text is already hidden.");
    throw e;
  }
  return ok({ hidden: true as const });
}

const noCouncil = fail("not_found", "There is no such round table.");

/**
 * Cancel a Round Table still deliberating: its open round closes now ("cancelled by a moderator"), no round opens
 * again and it has no result; what was answered stays readable as before.
 */
export async function cancelCouncil(
  db: Db,
  who: Who,
  input: { councilId: number; reason: string },
  now: number,
): Promise<Result<{ status: "cancelled" }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const id = input.councilId;
  try {
    return await db.$transaction(async (tx) => {
      await lockCouncil(tx, id);
      const l = await loadCouncil(tx, id);
      if (!l) return noCouncil;
      const refused = cancelRefusal(
        {
          over: l.closedAt !== null || l.imported,
          cancelled: l.moderation.some((m) => m.action === "cancel"),
        },
        "round table",
      );
      if (refused) return refused;
      const at = new Date(now);
      await once(tx, {
        at,
        adminId: a.value.userId,
        action: "cancel",
        councilId: id,
        reason: input.reason,
        once: onceKey("cancel", "council", id),
      });
      await tx.councilRound.updateMany({
        where: { councilId: id, closedAt: null },
        data: { closedAt: at, closedBecause: "cancelled by a moderator" },
      });
      await tx.council.update({ where: { id }, data: { closedAt: at, outcome: "cancelled" } });
      await announceChange(tx, id, "council.cancelled");
      return ok({ status: "cancelled" as const });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", "That round table is already cancelled.");
    throw e;
  }
}

async function hideAtCouncil(
  db: Db,
  admin: Admin,
  councilId: number,
  part: string,
  reason: string,
  now: number,
): Promise<Result<{ hidden: true }>> {
  try {
    await db.$transaction(async (tx) => {
      await once(tx, {
        at: new Date(now),
        adminId: admin.userId,
        action: "hide",
        councilId,
        part,
        reason,
        once: onceKey("hide", "council", councilId, part),
      });
      await publish(tx, { topic: `council:${councilId}`, type: "text.hidden", payload: { councilId } });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", "That text is already hidden.");
    throw e;
  }
  return ok({ hidden: true as const });
}

/** Hide one answer's prose (its position and confidence stand, so the result does not change). */
export async function hideAnswer(
  db: Db,
  who: Who,
  input: { councilId: number; answerId: number; reason: string },
  now: number,
): Promise<Result<{ hidden: true }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const answer = await db.councilAnswer.findUnique({
    where: { id: input.answerId },
    select: { councilId: true },
  });
  if (!answer || answer.councilId !== input.councilId)
    return (await db.council.count({ where: { id: input.councilId } }))
      ? fail("not_found", "There is no such answer at this round table.")
      : noCouncil;
  return hideAtCouncil(db, a.value, input.councilId, `answer:${input.answerId}`, input.reason, now);
}

/** Hide a seat's soul text: it reads "hidden by a moderator" on the page, in exports and in later prompts. */
export async function hideSoul(
  db: Db,
  who: Who,
  input: { councilId: number; seat: string; reason: string },
  now: number,
): Promise<Result<{ hidden: true }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const seat = await db.councilSeat.findFirst({
    where: { councilId: input.councilId, name: input.seat },
    select: { id: true },
  });
  if (!seat)
    return (await db.council.count({ where: { id: input.councilId } }))
      ? fail("not_found", "There is no seat of that name at this round table.")
      : noCouncil;
  return hideAtCouncil(db, a.value, input.councilId, `soul:${seat.id}`, input.reason, now);
}

export type LogEntry = {
  id: number;
  action: string;
  by: string;
  at: string;
  reason: string;
  account: string | null;
  tableId: number | null;
  councilId: number | null;
  part: string | null;
};

/** The whole moderation log, newest first, for admins; each table's and council's own part is on its page. */
export async function moderationList(db: Db, who: Who): Promise<Result<{ acts: LogEntry[] }>> {
  const a = admin(who);
  if (!a.ok) return a;
  const rows = await db.moderationAct.findMany({
    orderBy: { id: "desc" },
    take: 200,
    select: {
      id: true,
      action: true,
      at: true,
      reason: true,
      tableId: true,
      councilId: true,
      part: true,
      admin: { select: { name: true } },
      account: { select: { name: true } },
    },
  });
  return ok({
    acts: rows.map((r) => ({
      id: r.id,
      action: r.action,
      by: r.admin.name,
      at: r.at.toISOString(),
      reason: r.reason,
      account: r.account?.name ?? null,
      tableId: r.tableId,
      councilId: r.councilId,
      part: r.part,
    })),
  });
}
