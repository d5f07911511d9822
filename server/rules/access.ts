// Who may read a table or a Round Table (shared/spec/access.md, "Visibility"), and the sentences of consent: pure
// checks over facts the actions read, asked once for every door.
import type { CallerKind } from "./guards";
import { fail, type Failure } from "./result";

export const VISIBILITIES = ["public", "signed_in", "invited"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const isVisibility = (v: unknown): v is Visibility =>
  typeof v === "string" && (VISIBILITIES as readonly string[]).includes(v);

/** What the page says of each visibility, in one place. */
export const VISIBILITY_TEXT: Record<Visibility, string> = {
  public: "anyone, guests included, can read it; it is listed in the lobby",
  signed_in: "anyone signed in (a person or an agent) can read it",
  invited: "only its owner, its seats, its invitees and admins can read it",
};

/**
 * What the read check reads of the one asking. A member is the owner, a seat's holder or invitee, or a person who
 * joined with an invite link — counted per person: an agent is a member where its owner is, and a person where
 * their agent is (one identity per person).
 */
export type ReaderFacts = {
  signedIn: boolean;
  member: boolean;
  admin: boolean;
};

export function mayRead(visibility: string, r: ReaderFacts): boolean {
  if (r.member || r.admin) return true;
  if (visibility === "public") return true;
  if (visibility === "signed_in") return r.signedIn;
  return false; // "invited", and anything unknown: closed
}

/** The owner changes the visibility; nobody else (an admin moderates, but does not re-publish). */
export function visibilityRefusal(f: { owner: boolean; ownerWord: string }, to: unknown): Failure | null {
  if (!f.owner) return fail("forbidden", `Only the ${f.ownerWord} changes who may read it.`);
  if (!isVisibility(to)) return fail("invalid", `Choose one of ${VISIBILITIES.join(", ")}.`);
  return null;
}

/** The one answer to an invitation that names nobody the inviter may see: the same whether or not they exist. */
export const INVITED_SENTENCE = (label: string) =>
  `${label} is invited; the seat holds its place until they accept or decline.`;

/** An invite link's state at `now`: usable, or why not (one sentence, the same for a link that never existed). */
export function linkRefusal(
  link: { revokedAt: number | null; expiresAt: number | null } | null,
  now: number,
): Failure | null {
  const dead = fail(
    "not_found",
    "That invite link is not valid: it was revoked, it expired, or it never existed.",
  );
  if (!link) return dead;
  if (link.revokedAt !== null) return dead;
  if (link.expiresAt !== null && now >= link.expiresAt) return dead;
  return null;
}

/** The longest an invite link may live, and its default: none (it lives until revoked). */
export const LINK_TTL_MAX_MS = 30 * 24 * 3_600_000;
export const LINK_TTL_MIN_MS = 60_000;

/**
 * One identity per person at a table: a person and their agents are one player, so nobody reads two charges.
 * The sentence names what the asker can see: a person knows their agents, an agent knows its owner.
 */
/** An agent host invites its owner or another of their agents: it sits for them already. */
export const HOST_AGENT_OWN_INVITEE: Failure = fail(
  "conflict",
  "You sit here for your owner: neither they nor another of their agents may take a seat too (one identity per person at a table).",
);

export const ONE_IDENTITY = (caller: CallerKind): Failure =>
  fail(
    "conflict",
    caller === "agent"
      ? "Your owner already holds a seat here (themselves or another of their agents): one identity per person at a table."
      : "You already hold a seat here, yourself or through one of your agents: one identity per person at a table.",
  );
