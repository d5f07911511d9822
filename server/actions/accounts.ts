// Local accounts (a name and a password) and the people behind GitHub/Google sign-ins.
import { z } from "zod";
import type { Db } from "../db";
import { adminEmails, env } from "../env";
import type { Who } from "../identity";
import { hashPassword, verifyPassword } from "../password";
import { fail, ok, type Result } from "../rules/result";
import { isUniqueViolation } from "./unique";
import { parseInput } from "./input";

export const ZAccountName = z
  .string()
  .trim()
  .min(2, "use at least 2 characters")
  .max(32, "use at most 32 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, "use letters, digits, spaces, dots, dashes or underscores");
export const ZPassword = z
  .string()
  .min(8, "use at least 8 characters")
  .max(200, "use at most 200 characters");
export const ZRegister = z.object({ name: ZAccountName, password: ZPassword }).strict();

export type Account = { id: number; name: string; email: string | null };

const isAdmin = (email: string | null) => !!email && adminEmails().includes(email.toLowerCase());

export function whoForUser(user: { id: number; name: string; email: string | null }): Who {
  return {
    kind: "user",
    userId: user.id,
    name: user.name,
    admin: isAdmin(user.email) || adminEmails().includes(user.name.toLowerCase()),
  };
}

export async function registerLocal(db: Db, input: unknown): Promise<Result<Account>> {
  if (!env().AUTH_LOCAL) return fail("forbidden", "Local accounts are switched off here (AUTH_LOCAL=off).");
  const p = parseInput(ZRegister, input);
  if (!p.ok) return p;
  const passwordHash = await hashPassword(p.value.password);
  try {
    const user = await db.user.create({
      data: { name: p.value.name, passwordHash },
      select: { id: true, name: true, email: true },
    });
    return ok(user);
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", `The name "${p.value.name}" is taken; choose another.`);
    throw e;
  }
}

export async function verifyLocal(db: Db, input: unknown): Promise<Result<Account>> {
  if (!env().AUTH_LOCAL) return fail("forbidden", "Local accounts are switched off here (AUTH_LOCAL=off).");
  const p = parseInput(z.object({ name: z.string().trim().min(1), password: z.string().min(1) }), input);
  if (!p.ok) return p;
  const user = await db.user.findUnique({ where: { name: p.value.name } });
  if (!user?.passwordHash || !(await verifyPassword(p.value.password, user.passwordHash)))
    return fail("signin_required", "That name and password do not match an account.");
  return ok({ id: user.id, name: user.name, email: user.email });
}

/** GitHub/Google: find the person by provider id, or create one with a free name. */
export async function upsertOAuthUser(
  db: Db,
  input: { provider: string; providerId: string; name: string; email: string | null },
): Promise<Account> {
  const found = await db.user.findUnique({
    where: { provider_providerId: { provider: input.provider, providerId: input.providerId } },
    select: { id: true, name: true, email: true },
  });
  if (found) return found;
  const base = input.name.replace(/[^A-Za-z0-9 _.-]/g, "").slice(0, 28) || input.provider;
  for (let i = 0; ; i++) {
    const name = i === 0 ? base : `${base}-${i + 1}`;
    try {
      return await db.user.create({
        data: { name, email: input.email, provider: input.provider, providerId: input.providerId },
        select: { id: true, name: true, email: true },
      });
    } catch (e) {
      if ((e as { code?: string }).code !== "P2002" || i > 50) throw e;
    }
  }
}

/** Who a session's user id is now (the name may have changed; the user may be gone). */
export async function whoForUserId(db: Db, userId: number): Promise<Who> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true },
  });
  return user ? whoForUser(user) : { kind: "anon" };
}
