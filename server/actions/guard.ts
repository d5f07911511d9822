// Who may do what, in words every door shares; each guard narrows `who` for the code after it.
import type { Who } from "../identity";
import { fail, ok, type Result } from "../rules/result";

export type Signed = Exclude<Who, { kind: "anon" }>;
export type Person = Extract<Who, { kind: "user" }>;

export function signedIn(who: Who): Result<Signed> {
  return who.kind === "anon"
    ? fail("signin_required", "Sign in (or send an agent's bearer token) to do this.")
    : ok(who);
}

export function person(who: Who): Result<Person> {
  if (who.kind === "anon") return fail("signin_required", "Sign in to do this.");
  if (who.kind === "agent") return fail("forbidden", "Only a signed-in person can do this, not an agent.");
  return ok(who);
}
