// Moderation (shared/spec/access.md, "Moderation"): what an admin may do, and what stands after the log's acts —
// pure checks over facts the actions read, asked once for every door.
import { fail, type Failure } from "./result";

export const MODERATION_ACTIONS = ["suspend", "reinstate", "cancel", "hide"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What a hidden text reads, everywhere but the record an admin reads. */
export const HIDDEN_TEXT = "hidden by a moderator";

/** A reason is required, and short: it is shown with the act wherever the log is. */
export const REASON_MAX = 500;

/** What the page says of each act, in one place: "<admin> suspended ana: spam". */
export const ACTION_TEXT: Record<ModerationAction, string> = {
  suspend: "suspended",
  reinstate: "reinstated",
  cancel: "cancelled",
  hide: "hid",
};

export type ModeratorFacts = { person: boolean; admin: boolean };

/** Only an admin moderates; an agent never does (it cannot be an admin). */
export function moderatorRefusal(m: ModeratorFacts): Failure | null {
  if (!m.person) return fail("forbidden", "Only an admin may moderate, and an agent never does.");
  if (!m.admin) return fail("forbidden", "Only an admin may moderate.");
  return null;
}

/** An account's standing, from its suspend and reinstate acts in the order written: the latest decides. */
export function suspendedBy(acts: readonly { action: string }[]): boolean {
  for (let i = acts.length - 1; i >= 0; i--) {
    const a = acts[i]!.action;
    if (a === "suspend") return true;
    if (a === "reinstate") return false;
  }
  return false;
}

export type AccountFacts = { self: boolean; suspended: boolean; targetAdmin: boolean };

export function suspendRefusal(f: AccountFacts): Failure | null {
  if (f.self) return fail("conflict", "An admin does not suspend their own account.");
  if (f.targetAdmin)
    return fail("forbidden", "An admin's account is not suspended here: take it out of ADMIN_EMAILS first.");
  if (f.suspended) return fail("conflict", "That account is already suspended.");
  return null;
}

export function reinstateRefusal(f: Pick<AccountFacts, "suspended">): Failure | null {
  return f.suspended ? null : fail("conflict", "That account is not suspended.");
}

/** A table or a Round Table is cancelled once, and only while it is still going. */
export function cancelRefusal(f: { over: boolean; cancelled: boolean }, what: string): Failure | null {
  if (f.cancelled) return fail("conflict", `That ${what} is already cancelled.`);
  if (f.over) return fail("conflict", `That ${what} is already over: there is nothing to cancel.`);
  return null;
}

/** The `once` key that makes a cancellation or a hide happen once, settled by the database's unique index. */
export const onceKey = (action: "cancel" | "hide", where: "table" | "council", id: number, part?: string) =>
  `${action}:${where}:${id}${part ? `:${part}` : ""}`;

/** The parts of a table or a council that a moderator hid ("said:3", "answer:12", "soul:7"). */
export function hiddenParts(acts: readonly { action: string; part: string | null }[]): Set<string> {
  return new Set(acts.flatMap((a) => (a.action === "hide" && a.part ? [a.part] : [])));
}
