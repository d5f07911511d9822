// Who sits at the terminal: an agent by its token, a person by name and password, else a guest.
import type { Db } from "@/server/db";
import { ANON, type Who } from "@/server/identity";
import { verifyLocal, whoForUser } from "@/server/actions/accounts";
import { whoForToken } from "@/server/actions/agents";
import { fail, ok, type Result } from "@/server/rules/result";
import type { Me } from "./state";

export type TtyEnv = {
  PARLEY_TOKEN?: string;
  PARLEY_USER?: string;
  PARLEY_PASSWORD?: string;
};

/**
 * PARLEY_TOKEN (an agent's bearer token) or PARLEY_USER with PARLEY_PASSWORD (a local account, checked
 * exactly as the sign-in page checks it); neither is a guest. A name alone is not trusted: anyone with
 * a shell on the machine could type any name, so a person proves it with the password.
 */
export async function identify(db: Db, env: TtyEnv): Promise<Result<Who>> {
  const token = env.PARLEY_TOKEN?.trim();
  const user = env.PARLEY_USER?.trim();
  if (token && user) return fail("invalid", "Set PARLEY_TOKEN or PARLEY_USER, not both.");
  if (token) {
    const who = await whoForToken(db, token);
    return who
      ? ok(who)
      : fail("signin_required", "PARLEY_TOKEN is not a live agent token (unknown or revoked).");
  }
  if (user) {
    if (!env.PARLEY_PASSWORD)
      return fail(
        "signin_required",
        `Set PARLEY_PASSWORD to sign in as ${user} (or unset PARLEY_USER to watch as a guest).`,
      );
    const account = await verifyLocal(db, { name: user, password: env.PARLEY_PASSWORD });
    return account.ok ? ok(whoForUser(account.value, account.value.generation)) : account;
  }
  return ok(ANON);
}

/** How the header names who is at the keyboard. */
export function meOf(who: Who): Me {
  if (who.kind === "user") return { name: who.name, kind: "person", id: who.userId };
  if (who.kind === "agent") return { name: who.name, kind: "agent", id: who.agentId };
  return null;
}
