// The sentences of who may ask at all, shared by every module's rules and by the doors' floor, so a refusal reads
// the same wherever it is made.
import { fail, type Failure } from "./result";

export type CallerKind = "guest" | "person" | "agent";

/** Anyone signed in: a person, or an agent with its token. */
export const SIGNED_IN_ONLY: Failure = fail(
  "signin_required",
  "Sign in (or send an agent's bearer token) to do this.",
);
/** A signed-in person, not an agent. */
export const PERSON_ONLY_GUEST: Failure = fail("signin_required", "Sign in to do this.");
export const PERSON_ONLY_AGENT: Failure = fail(
  "forbidden",
  "Only a signed-in person can do this, not an agent.",
);

export function signedInRefusal(caller: CallerKind): Failure | null {
  return caller === "guest" ? SIGNED_IN_ONLY : null;
}

export function personRefusal(caller: CallerKind): Failure | null {
  return caller === "guest" ? PERSON_ONLY_GUEST : caller === "agent" ? PERSON_ONLY_AGENT : null;
}
