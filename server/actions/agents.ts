// Agent identities: a person creates, lists and revokes them; each acts as itself with a bearer token.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import type { Db } from "../db";
import type { Who } from "../identity";
import { publish } from "../live/outbox";
import { LAST_STANDING_SQL, STANDING, standingRows } from "./moderation/standing";
import { suspendedBy } from "../rules/moderation";
import { fail, ok, type Result } from "../rules/result";
import { hashToken, newToken, tokenHint, TOKEN_PREFIX } from "../tokens";
import { person } from "./guard";
import { isUniqueViolation } from "./unique";
import { parseInput, parseId } from "./input";
import { jsonRows } from "./rows";
import { batchedRead } from "../batch";
import { ZAgentName } from "./agentName";
import { ACCESS_PREFIX, CONNECTION_REVOKED } from "../rules/oauth";
import { grantHolds, whoForAccessToken } from "./oauth";

/** The live event on a person's topic when a password reset ends their sessions (server/actions/address.ts). */
export const SESSIONS_ENDED = "account.sessions_ended";

export { ZAgentName };
export const ZCreateAgent = z.object({ name: ZAgentName }).strict();

export type AgentSummary = {
  id: number;
  name: string;
  tokenHint: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};
const summary = {
  id: true,
  name: true,
  tokenHint: true,
  createdAt: true,
  revokedAt: true,
  lastUsedAt: true,
} as const;

/** The token is in this answer and nowhere else, ever: only its hash is kept. */
export async function createAgent(
  db: Db,
  who: Who,
  input: unknown,
): Promise<Result<AgentSummary & { token: string }>> {
  const me = person(who);
  if (!me.ok) return me;
  const p = parseInput(ZCreateAgent, input);
  if (!p.ok) return p;
  const token = newToken();
  try {
    const agent = await db.$transaction(async (tx) => {
      const a = await tx.agent.create({
        data: {
          ownerId: me.value.userId,
          name: p.value.name,
          tokenHash: hashToken(token),
          tokenHint: tokenHint(token),
        },
        select: summary,
      });
      await publish(tx, {
        topic: `user:${me.value.userId}`,
        type: "agent.created",
        payload: { id: a.id, name: a.name },
      });
      return a;
    });
    return ok({ ...agent, token });
  } catch (e) {
    if (isUniqueViolation(e)) return fail("conflict", `You already have an agent named "${p.value.name}".`);
    throw e;
  }
}

export async function listAgents(db: Db, who: Who): Promise<Result<AgentSummary[]>> {
  const me = person(who);
  if (!me.ok) return me;
  const agents = await db.agent.findMany({
    where: { ownerId: me.value.userId },
    orderBy: { id: "asc" },
    select: summary,
  });
  return ok(agents);
}

export async function revokeAgent(db: Db, who: Who, input: unknown): Promise<Result<AgentSummary>> {
  const me = person(who);
  if (!me.ok) return me;
  const id = parseId((input as { id?: unknown } | null)?.id);
  if (id === null) return fail("not_found", "There is no such agent.");
  const owner = me.value.userId;
  const agent = await db.agent.findUnique({ where: { id }, select: { ownerId: true, revokedAt: true } });
  if (!agent || agent.ownerId !== owner) return fail("not_found", "There is no such agent among yours.");
  if (agent.revokedAt) return fail("conflict", "That agent's token is already revoked.");
  const revoked = await db.$transaction(async (tx) => {
    const a = await tx.agent.update({ where: { id }, data: { revokedAt: new Date() }, select: summary });
    await publish(tx, { topic: `user:${owner}`, type: "agent.revoked", payload: { id } });
    return a;
  });
  return ok(revoked);
}

type TokenRow = {
  id: number;
  name: string;
  ownerId: number;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  standing: string | null;
};

/** The agent holding a token's hash (tokens asked about together go as one statement: server/batch.ts). */
const agentByHash = batchedRead<string, TokenRow>(
  (hashes) => Prisma.sql`SELECT r.ord, a.id, a.name, a."ownerId", a."revokedAt", a."lastUsedAt",
      ${Prisma.raw(LAST_STANDING_SQL('a."ownerId"'))} AS standing
    FROM ${jsonRows(
      hashes.map((hash) => ({ hash })),
      "hash text",
    )}
    JOIN "Agent" a ON a."tokenHash" = r.hash`,
);

/** A bearer token → the agent it belongs to; a revoked or unknown token is no identity at all. */
export async function whoForToken(db: Db, token: string): Promise<Who | null> {
  if (token.startsWith(ACCESS_PREFIX)) return whoForAccessToken(db, token);
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  // Every request with a token asks, so it is one statement: the agent, its revocation and its owner's standing.
  const agent = await agentByHash(db, hashToken(token));
  // A suspended person's agents stop with them (shared/spec/access.md, "Moderation").
  if (!agent || agent.revokedAt || suspendedBy(standingRows(agent.standing))) return null;
  // Note use at most once a minute, so a busy agent does not turn every read into a write.
  // (A raw row's timestamp is a Date on PostgreSQL and may be text on the embedded database: read it as either.)
  if (!agent.lastUsedAt || Date.now() - new Date(agent.lastUsedAt).getTime() > 60_000)
    void db.agent.update({ where: { id: agent.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  return { kind: "agent", agentId: agent.id, name: agent.name, ownerId: agent.ownerId };
}

/**
 * Whether `who` may still act as itself: an agent whose token was revoked after the request began (an open live
 * stream, a long poll) may not, nor a person — or a person's agent — whose account a moderator suspended since, nor
 * a person's session from before a password reset (a person known without a generation counts as 0).
 */
export async function stillSignedIn(db: Db, who: Who): Promise<boolean> {
  if (who.kind === "anon") return true;
  if (who.kind === "user") {
    const user = await db.user.findUnique({
      where: { id: who.userId },
      select: { moderation: STANDING, sessionGeneration: true },
    });
    return !!user && !suspendedBy(user.moderation) && (who.generation ?? 0) >= user.sessionGeneration;
  }
  if (who.grantId !== undefined) return grantHolds(db, who.grantId);
  const agent = await db.agent.findUnique({
    where: { id: who.agentId },
    select: { revokedAt: true, owner: { select: { moderation: STANDING } } },
  });
  return !!agent && !agent.revokedAt && !suspendedBy(agent.owner.moderation);
}

/**
 * The live events after which an open stream checks `stillSignedIn` again: `revokeAgent`'s for `who`'s token (and
 * `revokeGrant`'s for its OAuth connection), a
 * moderator's suspension of `who`'s person, and for a person's own session the end of its sessions by a password
 * reset (all on that person's own topic; an agent's token outlives its owner's password).
 */
export function mayHaveRevoked(e: { topic: string; type: string; payload: unknown }, who: Who): boolean {
  const person = who.kind === "agent" ? who.ownerId : who.kind === "user" ? who.userId : null;
  if (person === null || e.topic !== `user:${person}`) return false;
  if (e.type === "account.suspended") return true;
  if (e.type === SESSIONS_ENDED) return who.kind === "user";
  if (who.kind !== "agent") return false;
  const id = (e.payload as { id?: unknown } | null)?.id;
  // An OAuth connection's streams end with the connection, and with its agent.
  if (e.type === CONNECTION_REVOKED) return id === who.grantId;
  return e.type === "agent.revoked" && id === who.agentId;
}
