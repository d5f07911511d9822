// What a person has mailed (shared/spec/notifications.md, "Email"): per group, immediately, a daily digest, or off;
// a one-click unsubscribe (RFC 8058) that needs no session, only the token the mail carried. Without SMTP_URL
// nothing is mailed, and the settings say so.
import { z } from "zod";
import type { Db } from "../db";
import { env } from "../env";
import type { Who } from "../identity";
import type { Prisma } from "../generated/prisma/client";
import {
  MAIL_GROUP_TEXT,
  MAIL_GROUPS,
  MAIL_MODES,
  type MailGroup,
  type MailMode,
} from "../rules/notifications";
import { fail, ok, type Result } from "../rules/result";
import { authSecret } from "../secret";
import { linkToken, linkTokenMatches } from "../tokens";
import { person } from "./guard";
import { parseInput } from "./input";

export const ZSetMail = z
  .object({
    group: z
      .enum([...MAIL_GROUPS, "all"])
      .describe("which notifications: tables, councils, plans, invitations, or all"),
    mode: z.enum(MAIL_MODES).describe("immediately, digest (once a day) or off"),
  })
  .strict();

export const ZUnsubscribe = z
  .object({
    user: z.number().int().positive().describe("the person the mail was for"),
    token: z.string().min(1).max(200).describe("the token the mail's unsubscribe link carried"),
    listUnsubscribe: z.literal("One-Click").optional().describe("RFC 8058: what a mail client sends"),
  })
  .strict();

export type MailSettings = {
  configured: boolean;
  email: string | null;
  groups: { group: MailGroup; text: string; mode: MailMode }[];
};

/** Each group's mode for these people (no row: immediately). */
export async function mailModes(
  db: Db | Prisma.TransactionClient,
  userIds: readonly number[],
): Promise<Map<number, Record<MailGroup, MailMode>>> {
  const rows = userIds.length
    ? await db.mailPreference.findMany({ where: { userId: { in: [...userIds] } } })
    : [];
  const out = new Map<number, Record<MailGroup, MailMode>>();
  for (const id of userIds)
    out.set(
      id,
      Object.fromEntries(MAIL_GROUPS.map((g) => [g, "immediately"])) as Record<MailGroup, MailMode>,
    );
  for (const r of rows) out.get(r.userId)![r.group as MailGroup] = r.mode as MailMode;
  return out;
}

export async function mailSettings(db: Db, who: Who): Promise<Result<MailSettings>> {
  const me = person(who);
  if (!me.ok) return me;
  const user = await db.user.findUnique({ where: { id: me.value.userId }, select: { email: true } });
  const modes = (await mailModes(db, [me.value.userId])).get(me.value.userId)!;
  return ok({
    configured: !!env().SMTP_URL,
    email: user?.email ?? null,
    groups: MAIL_GROUPS.map((group) => ({ group, text: MAIL_GROUP_TEXT[group], mode: modes[group] })),
  });
}

async function setModes(db: Db, userId: number, groups: readonly MailGroup[], mode: MailMode, now: number) {
  await db.$transaction(
    groups.map((group) =>
      db.mailPreference.upsert({
        where: { userId_group: { userId, group } },
        create: { userId, group, mode, at: new Date(now) },
        update: { mode, at: new Date(now) },
      }),
    ),
  );
}

export async function setMail(db: Db, who: Who, input: unknown, now: number): Promise<Result<MailSettings>> {
  const me = person(who);
  if (!me.ok) return me;
  const i = parseInput(ZSetMail, input);
  if (!i.ok) return i;
  await setModes(
    db,
    me.value.userId,
    i.value.group === "all" ? MAIL_GROUPS : [i.value.group],
    i.value.mode,
    now,
  );
  return mailSettings(db, who);
}

/** The token of a person's unsubscribe link: an HMAC of their id under the app's secret (nothing to store). */
export const unsubscribeToken = (userId: number) => linkToken(authSecret(), "unsubscribe", userId);

/** One click, no session: every group off for the person whose token this is. */
export async function unsubscribe(db: Db, input: unknown, now: number): Promise<Result<{ message: string }>> {
  const i = parseInput(ZUnsubscribe, input);
  if (!i.ok) return i;
  const user = linkTokenMatches(authSecret(), "unsubscribe", i.value.user, i.value.token)
    ? await db.user.findUnique({ where: { id: i.value.user }, select: { id: true } })
    : null;
  if (!user) return fail("not_found", "This unsubscribe link is not valid (it may be from another Parley).");
  await setModes(db, user.id, MAIL_GROUPS, "off", now);
  return ok({ message: "Unsubscribed: nothing more is mailed to you. Sign in to turn mail back on." });
}
