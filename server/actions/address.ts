// Your email address and a forgotten password (shared/spec/notifications.md, "Email"): an address becomes yours only
// when you follow the link mailed to it, and a password reset is mailed only to a confirmed address, only when this
// server mails (SMTP_URL). Each link's token is an HMAC of its row's id under the app's secret: nothing to steal
// from the database, and the answer to "reset" never says whether the account exists, nor does its time. A reset
// ends every session of the account (User.sessionGeneration).
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import type { Db } from "../db";
import { env } from "../env";
import type { Who } from "../identity";
import { enqueue } from "../jobs/queue";
import { publish } from "../live/outbox";
import { nameKey } from "../names";
import { hashPassword } from "../password";
import { fail, ok, type Result } from "../rules/result";
import { authSecret } from "../secret";
import { linkToken, linkTokenMatches } from "../tokens";
import { ZPassword } from "./accounts";
import { SESSIONS_ENDED } from "./agents";
import { person } from "./guard";
import { parseInput } from "./input";
import { isUniqueViolation } from "./unique";

export const EMAIL_LINK_TTL_MS = 24 * 3_600_000;
export const RESET_LINK_TTL_MS = 3_600_000;

export type AccountMail = { kind: "email-change" | "password-reset"; id: number };
/** A reset asked for by name, looked up by the account queue's worker (so the door's work is the same for any name). */
export type ResetAsked = { kind: "reset-asked"; nameKey: string; at: number };
export type AccountJob = AccountMail | ResetAsked;

/** The token of an account mail's link (the HMAC of its kind and row id; server/tokens.ts). */
export const accountLinkToken = (kind: AccountMail["kind"], id: number) => linkToken(authSecret(), kind, id);

const tokenMatches = (kind: AccountMail["kind"], id: number, token: string) =>
  linkTokenMatches(authSecret(), kind, id, token);

const NO_MAIL = fail(
  "conflict",
  "This server sends no mail (it has no SMTP_URL), so it cannot confirm an address.",
);

export const ZRequestEmail = z
  .object({ email: z.email().max(254).describe("the address to confirm") })
  .strict();
export const ZConfirm = z
  .object({
    change: z.number().int().positive().describe("the link's id"),
    token: z.string().min(1).max(200).describe("the link's token"),
  })
  .strict();
export const ZRequestReset = z
  .object({ name: z.string().trim().min(1).max(64).describe("your account's name") })
  .strict();
export const ZReset = z
  .object({
    reset: z.number().int().positive().describe("the link's id"),
    token: z.string().min(1).max(200).describe("the link's token"),
    password: ZPassword.describe("the new password"),
  })
  .strict();

/** Mails a link to confirm `email` as yours; until followed, your address stays what it was. */
export async function requestEmail(
  db: Db,
  who: Who,
  input: unknown,
  now: number,
): Promise<Result<{ message: string }>> {
  const me = person(who);
  if (!me.ok) return me;
  const i = parseInput(ZRequestEmail, input);
  if (!i.ok) return i;
  if (!env().SMTP_URL) return NO_MAIL;
  await db.$transaction(async (tx) => {
    const c = await tx.emailChange.create({
      data: {
        userId: me.value.userId,
        email: i.value.email,
        createdAt: new Date(now),
        expiresAt: new Date(now + EMAIL_LINK_TTL_MS),
      },
      select: { id: true },
    });
    await enqueue(tx, "account", { kind: "email-change", id: c.id } satisfies AccountMail);
  });
  return ok({
    message: `A link is on its way to ${i.value.email}: your address changes when you follow it.`,
  });
}

export async function confirmEmail(
  db: Db,
  input: unknown,
  now: number,
): Promise<Result<{ email: string; message: string }>> {
  const i = parseInput(ZConfirm, input);
  if (!i.ok) return i;
  const c = tokenMatches("email-change", i.value.change, i.value.token)
    ? await db.emailChange.findUnique({ where: { id: i.value.change } })
    : null;
  if (!c) return fail("not_found", "This confirmation link is not valid.");
  if (c.confirmedAt) return ok({ email: c.email, message: `${c.email} is your address already.` });
  if (c.expiresAt.getTime() <= now)
    return fail("conflict", "This confirmation link has expired: ask for a new one.");
  try {
    await db.$transaction([
      db.user.update({ where: { id: c.userId }, data: { email: c.email } }),
      db.emailChange.update({ where: { id: c.id }, data: { confirmedAt: new Date(now) } }),
    ]);
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", `${c.email} is another account's address.`);
    throw e;
  }
  return ok({ email: c.email, message: `Confirmed: notifications are mailed to ${c.email} now.` });
}

const RESET_SENT =
  "If that account has a confirmed address, a link to choose a new password is on its way to it (for one hour).";

/**
 * Mails a reset link to the account's confirmed address; the same answer whether or not there is one, after the
 * same work: one job queued, whatever the name. The queue's worker looks the name up (resetAsked), so no branch on
 * whether the account or its address exists runs before the answer.
 */
export async function requestReset(
  db: Db,
  input: unknown,
  now: number,
): Promise<Result<{ message: string }>> {
  const i = parseInput(ZRequestReset, input);
  if (!i.ok) return i;
  if (!env().SMTP_URL)
    return fail("conflict", "This server sends no mail (it has no SMTP_URL): ask an admin.");
  await db.$transaction((tx) =>
    enqueue(tx, "account", {
      kind: "reset-asked",
      nameKey: nameKey(i.value.name),
      at: now,
    } satisfies ResetAsked),
  );
  return ok({ message: RESET_SENT });
}

/**
 * The worker's half of requestReset: for an account with a confirmed address, a reset link's row and its mail's job,
 * in one transaction (so a retry of this job after it committed mails no second link, but for a crash between the
 * commit and the job's completion); for any other name, nothing.
 */
export async function resetAsked(db: Db, asked: ResetAsked): Promise<void> {
  const user = await db.user.findUnique({
    where: { nameKey: asked.nameKey },
    select: { id: true, email: true },
  });
  if (!user?.email) return;
  await db.$transaction(async (tx) => {
    const r = await tx.passwordReset.create({
      data: {
        userId: user.id,
        createdAt: new Date(asked.at),
        expiresAt: new Date(asked.at + RESET_LINK_TTL_MS),
      },
      select: { id: true },
    });
    await enqueue(tx, "account", { kind: "password-reset", id: r.id } satisfies AccountMail);
  });
}

export async function resetPassword(
  db: Db,
  input: unknown,
  now: number,
): Promise<Result<{ message: string }>> {
  const i = parseInput(ZReset, input);
  if (!i.ok) return i;
  const r = tokenMatches("password-reset", i.value.reset, i.value.token)
    ? await db.passwordReset.findUnique({ where: { id: i.value.reset } })
    : null;
  if (!r || r.usedAt) return fail("not_found", "This reset link is not valid, or was used already.");
  if (r.expiresAt.getTime() <= now)
    return fail("conflict", "This reset link has expired: ask for a new one.");
  const hash = await hashPassword(i.value.password);
  // one use: the row is claimed by the update that finds it unused
  const used = await db.$transaction(async (tx) => {
    const n = await tx.passwordReset.updateMany({
      where: { id: r.id, usedAt: null },
      data: { usedAt: new Date(now) },
    });
    if (n.count === 0) return false;
    await endSessions(tx, r.userId, { passwordHash: hash });
    return true;
  });
  if (!used) return fail("not_found", "This reset link is not valid, or was used already.");
  return ok({ message: "Your password is changed: sign in with it." });
}

/**
 * A reset's new password, and the end of every session of the account signed in before it: the
 * session generation counts up, so each older cookie names nobody from its next request (whoForUserId), and the
 * event on the person's own topic makes each open stream check again and end (mayHaveRevoked). Agent tokens stay:
 * their owner revokes them.
 */
async function endSessions(
  tx: Prisma.TransactionClient,
  userId: number,
  data: { passwordHash: string },
): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { ...data, sessionGeneration: { increment: 1 } } });
  await publish(tx, { topic: `user:${userId}`, type: SESSIONS_ENDED, payload: { id: userId } });
}
