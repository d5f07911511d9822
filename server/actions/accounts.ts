// Local accounts (a name and a password) and the people behind GitHub/Google sign-ins.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import type { Db } from "../db";
import { adminEmails, env } from "../env";
import type { Who } from "../identity";
import { accountName, nameKey } from "../names";
import { hashPassword, verifyNobody, verifyPassword } from "../password";
import { fail, ok, type Result } from "../rules/result";
import { LAST_STANDING_SQL, standingOf, standingRows } from "./standing";
import { suspendedBy } from "../rules/moderation";
import { isUniqueViolation } from "./unique";
import { parseInput } from "./input";
import { jsonRows } from "./rows";
import { batchedRead } from "../batch";

/** A name is held to its NFKC form ("ｂｏｓｓ" is "boss"), so what is shown is what it is unique by, less case. */
export const ZAccountName = z
  .string()
  .trim()
  .normalize("NFKC")
  .min(2, "use at least 2 characters")
  .max(32, "use at most 32 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, "use letters, digits, spaces, dots, dashes or underscores");
/** The longest password: a body is held to it before anything is hashed. */
export const PASSWORD_MAX = 200;
export const ZPassword = z
  .string()
  .min(8, "use at least 8 characters")
  .max(PASSWORD_MAX, `use at most ${PASSWORD_MAX} characters`);
export const ZRegister = z.object({ name: ZAccountName, password: ZPassword }).strict();

export type Account = { id: number; name: string; email: string | null };
/** An account as it signs in: with the session generation its new session is stamped with (User.sessionGeneration). */
export type SigningIn = Account & { generation: number };

/**
 * ADMIN_EMAILS names admins by email or by local account name, compared as names are (NFKC, case-folded): since
 * account names are unique that way, `boss` names the one account whose name is "boss", "BOSS" or "ｂｏｓｓ" —
 * whichever of them was registered, there is only ever one.
 */
export function isAdmin(user: { name: string; email: string | null }): boolean {
  const admins = adminEmails();
  return admins.includes(nameKey(user.name)) || (!!user.email && admins.includes(nameKey(user.email)));
}

/** A person as the doors know them, signed in under session `generation` (User.sessionGeneration). */
export function whoForUser(user: { id: number; name: string; email: string | null }, generation = 0): Who {
  return { kind: "user", userId: user.id, name: user.name, admin: isAdmin(user), generation };
}

export async function registerLocal(db: Db, input: unknown): Promise<Result<Account>> {
  if (!env().AUTH_LOCAL) return fail("forbidden", "Local accounts are switched off here (AUTH_LOCAL=off).");
  const p = parseInput(ZRegister, input);
  if (!p.ok) return p;
  const passwordHash = await hashPassword(p.value.password);
  try {
    const user = await db.user.create({
      data: { ...accountName(p.value.name), passwordHash },
      select: { id: true, name: true, email: true },
    });
    return ok(user);
  } catch (e) {
    if (isUniqueViolation(e))
      return fail(
        "conflict",
        `The name "${p.value.name}" is taken (names that differ only in case or width are one); choose another.`,
      );
    throw e;
  }
}

/** The one answer to a sign-in that fails, whether the name exists or not. */
export const NO_MATCH = "That name and password do not match an account.";

/** Longer than any account's name (32, or a little more for one renamed when names became one under NFKC). */
export const SIGNIN_NAME_MAX = 64;
const ZSignInName = z.string().trim().min(1).max(SIGNIN_NAME_MAX);
export const ZSignIn = z.object({
  name: ZSignInName,
  password: z.string().min(1).max(PASSWORD_MAX),
});

/**
 * The name a sign-in is for, through the check every door's input takes (parseInput: no NUL or lone surrogate, which
 * PostgreSQL cannot hold, then ZSignIn's own rule): what the sign-in floor keys its limits by, and looks up, only once
 * it passed.
 */
export const signInName = (name: unknown): Result<string> => {
  const p = parseInput(z.object({ name: ZSignInName }), { name });
  return p.ok ? ok(p.value.name) : p;
};

/**
 * A local sign-in. A name with no account, or an account with no password, costs one scrypt like a wrong password
 * does and gets the same sentence, so neither the answer nor its timing tells whether the name exists.
 */
export async function verifyLocal(db: Db, input: unknown): Promise<Result<SigningIn>> {
  if (!env().AUTH_LOCAL) return fail("forbidden", "Local accounts are switched off here (AUTH_LOCAL=off).");
  const p = parseInput(ZSignIn, input);
  if (!p.ok) return p;
  const user = await db.user.findUnique({ where: { nameKey: nameKey(p.value.name) } });
  const matches = user?.passwordHash
    ? await verifyPassword(p.value.password, user.passwordHash)
    : await verifyNobody(p.value.password);
  if (!user || !matches) return fail("signin_required", NO_MATCH);
  // Told only to whoever holds the password, so it reveals nothing about the name to anyone else.
  if (suspendedBy(await standingOf(db, user.id)))
    return fail("forbidden", "This account is suspended by a moderator.");
  return ok({ id: user.id, name: user.name, email: user.email, generation: user.sessionGeneration });
}

/** GitHub/Google: find the person by provider id, or create one with a free name. */
export async function upsertOAuthUser(
  db: Db,
  input: { provider: string; providerId: string; name: string; email: string | null },
): Promise<SigningIn> {
  const select = { id: true, name: true, email: true, sessionGeneration: true } as const;
  const signingIn = ({ sessionGeneration, ...account }: Account & { sessionGeneration: number }) => ({
    ...account,
    generation: sessionGeneration,
  });
  const found = await db.user.findUnique({
    where: { provider_providerId: { provider: input.provider, providerId: input.providerId } },
    select,
  });
  if (found) return signingIn(found);
  const base = input.name.replace(/[^A-Za-z0-9 _.-]/g, "").slice(0, 28) || input.provider;
  for (let i = 0; ; i++) {
    const name = i === 0 ? base : `${base}-${i + 1}`;
    try {
      return signingIn(
        await db.user.create({
          data: {
            ...accountName(name),
            email: input.email,
            provider: input.provider,
            providerId: input.providerId,
          },
          select,
        }),
      );
    } catch (e) {
      if ((e as { code?: string }).code !== "P2002" || i > 50) throw e;
    }
  }
}

type UserRow = {
  id: number;
  name: string;
  email: string | null;
  standing: string | null;
  sessionGeneration: number;
};

/** A person and their standing (people asked about together go as one statement: server/batch.ts). */
const userById = batchedRead<number, UserRow>(
  (ids) => Prisma.sql`SELECT r.ord, u.id, u.name, u.email, u."sessionGeneration",
      ${Prisma.raw(LAST_STANDING_SQL("u.id"))} AS standing
    FROM ${jsonRows(
      ids.map((id) => ({ id })),
      "id int",
    )} JOIN "User" u ON u.id = r.id`,
);

/**
 * Who a session's user id is now (the name may have changed; the user may be gone), for a session signed in under
 * `generation` (a cookie from before generations were stamped is generation 0).
 */
export async function whoForUserId(db: Db, userId: number, generation = 0): Promise<Who> {
  // Every signed-in request asks, so it is one statement: the person, their standing and their session generation.
  const user = await userById(db, userId);
  // A suspended account's sessions stop at once, and so does a session from before the last password reset:
  // the cookie still verifies, but it names nobody.
  return user && !suspendedBy(standingRows(user.standing)) && generation >= user.sessionGeneration
    ? whoForUser(user, generation)
    : { kind: "anon" };
}
