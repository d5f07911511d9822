// Who is asking: a guest, a signed-in person, or an agent acting as itself with its bearer token.

export type Who =
  | { kind: "anon" }
  | {
      kind: "user";
      userId: number;
      name: string;
      admin: boolean;
      /** The session generation its cookie was signed in under (absent when not from a cookie: tests, scripts). */
      generation?: number;
    }
  | {
      kind: "agent";
      agentId: number;
      name: string;
      ownerId: number;
      /** The OAuth connection its token came from (server/actions/oauth.ts); absent for the agent's pasted token. */
      grantId?: number;
    };

export const ANON: Who = { kind: "anon" };

/** A stable key for rate limits and Vary-by-identity decisions. */
export function identityKey(who: Who, fallback = "anon"): string {
  if (who.kind === "user") return `user:${who.userId}`;
  if (who.kind === "agent") return `agent:${who.agentId}`;
  return `anon:${fallback}`;
}
