// Who may do what, in words every door shares (the sentences live in the rules); each guard narrows `who`.
import type { Who } from "../identity";
import { personRefusal, signedInRefusal, type CallerKind } from "../rules/guards";
import { ok, type Result } from "../rules/result";

export type Signed = Exclude<Who, { kind: "anon" }>;
export type Person = Extract<Who, { kind: "user" }>;

export const callerKind = (who: Who): CallerKind =>
  who.kind === "anon" ? "guest" : who.kind === "user" ? "person" : "agent";

export function signedIn(who: Who): Result<Signed> {
  return signedInRefusal(callerKind(who)) ?? ok(who as Signed);
}

export function person(who: Who): Result<Person> {
  return personRefusal(callerKind(who)) ?? ok(who as Person);
}
