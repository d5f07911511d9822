// OAuth connections (docs/api.md, "Connect by URL"): a person's consent that a client act as one of their agents, the
// tokens that carry it, and their revocation. The protocol itself is the MCP SDK's (server/oauth); this is what a
// person sees and decides, and who a token is.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db";
import type { Who } from "../identity";
import { publish } from "../live/outbox";
import { CODE_S, CONNECTION_REVOKED, documentSite, vouchedBy } from "../rules/oauth";
import { suspendedBy } from "../rules/moderation";
import { fail, ok, type Result } from "../rules/result";
import { hashToken, newToken } from "../tokens";
import { ZAgentName } from "./agentName";
import { person } from "./guard";
import { STANDING } from "./standing";
import { isUniqueViolation } from "./unique";

export const ZConsentRequest = z.object({ request: z.string().min(1).max(100) }).strict();
export const ZConsent = ZConsentRequest.extend({
  allow: z.boolean().describe("true to let the client act as the agent, false to refuse it"),
  agentId: z.number().int().positive().optional().describe("the agent of yours the client acts as"),
  newAgent: ZAgentName.optional().describe("or: the name of a new agent for it"),
}).strict();

/**
 * How a consent page names a client: what it calls itself, where it sends the answer, the site that published its
 * metadata document (null for a client that registered itself), and whether nobody vouches for it.
 */
export type ClientSeen = { name: string; redirectHost: string; site: string | null; unverified: boolean };

type Metadata = { client_name?: string; client_uri?: string };

/** The host a redirect URI sends the answer to; a native app's own scheme ("cursor:") when it names no host. */
function hostOf(uri: string): string {
  try {
    const u = new URL(uri);
    return u.host || u.protocol;
  } catch {
    return uri;
  }
}

const seen = (client: { id: string; metadata: unknown }, redirectUri: string): ClientSeen => ({
  name: (client.metadata as Metadata).client_name?.trim() || "An unnamed client",
  redirectHost: hostOf(redirectUri),
  site: documentSite(client.id),
  // A client that registered itself (RFC 7591) named itself; one named by a document is vouched for by its site only
  // when the answer goes back to that site (server/rules/oauth.ts).
  unverified: vouchedBy(client.id, redirectUri) === null,
});

/** A consent waiting on /connect, for its person to answer: who asks, and the agents it may act as. */
export async function consentRequest(
  db: Db,
  who: Who,
  input: z.output<typeof ZConsentRequest>,
  now: number,
): Promise<Result<{ client: ClientSeen; scope: string; agents: { id: number; name: string }[] }>> {
  const me = person(who);
  if (!me.ok) return me;
  const request = await db.oAuthRequest.findUnique({
    where: { id: input.request },
    select: {
      redirectUri: true,
      scope: true,
      expiresAt: true,
      answeredAt: true,
      client: { select: { id: true, metadata: true } },
    },
  });
  if (!request)
    return fail("not_found", "There is no such request to connect; start again from your client.");
  if (request.answeredAt || request.expiresAt.getTime() <= now)
    return fail(
      "conflict",
      "This request to connect was answered or has expired; start again from your client.",
    );
  const agents = await db.agent.findMany({
    where: { ownerId: me.value.userId, revokedAt: null },
    orderBy: { id: "asc" },
    select: { id: true, name: true },
  });
  return ok({ client: seen(request.client, request.redirectUri), scope: request.scope, agents });
}

/**
 * A person's answer: allowed, the client gets a single-use code for a grant to the chosen (or new) agent; refused,
 * `access_denied`. Either way the answer is the client's redirect URI, and the request is answered once.
 */
export async function answerConsent(
  db: Db,
  who: Who,
  input: z.output<typeof ZConsent>,
  now: number,
): Promise<Result<{ redirectTo: string }>> {
  const me = person(who);
  if (!me.ok) return me;
  const owner = me.value.userId;
  if (input.allow && (input.agentId === undefined) === (input.newAgent === undefined))
    return fail("invalid", "Choose one of your agents or name a new one, not both.", "agentId");
  try {
    return await db.$transaction(async (tx) => {
      const request = await tx.oAuthRequest.findUnique({ where: { id: input.request } });
      if (!request)
        return fail("not_found", "There is no such request to connect; start again from your client.");
      const answered = await tx.oAuthRequest.updateMany({
        where: { id: input.request, answeredAt: null, expiresAt: { gt: new Date(now) } },
        data: { answeredAt: new Date(now) },
      });
      if (answered.count !== 1)
        return fail(
          "conflict",
          "This request to connect was answered or has expired; start again from your client.",
        );
      const to = new URL(request.redirectUri);
      if (request.state !== null) to.searchParams.set("state", request.state);
      if (!input.allow) {
        to.searchParams.set("error", "access_denied");
        to.searchParams.set("error_description", "The person refused to connect this client.");
        return ok({ redirectTo: to.href });
      }
      let agentId = input.agentId;
      if (agentId !== undefined) {
        const agent = await tx.agent.findUnique({
          where: { id: agentId },
          select: { ownerId: true, revokedAt: true },
        });
        if (!agent || agent.ownerId !== owner || agent.revokedAt)
          throw new Refused(fail("not_found", "There is no such agent among yours.", "agentId"));
      } else {
        // An agent made here has no pasted token: one is drawn and dropped, so only the client's tokens act as it.
        const token = newToken();
        const agent = await tx.agent.create({
          data: { ownerId: owner, name: input.newAgent!, tokenHash: hashToken(token), tokenHint: "—" },
          select: { id: true, name: true },
        });
        await publish(tx, { topic: `user:${owner}`, type: "agent.created", payload: agent });
        agentId = agent.id;
      }
      const grant = await tx.oAuthGrant.create({
        data: { clientId: request.clientId, agentId, scope: request.scope, resource: request.resource },
        select: { id: true },
      });
      const code = randomBytes(32).toString("base64url");
      await tx.oAuthCode.create({
        data: {
          hash: hashToken(code),
          grantId: grant.id,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          expiresAt: new Date(now + CODE_S * 1000),
        },
      });
      await publish(tx, {
        topic: `user:${owner}`,
        type: "oauth.granted",
        payload: { id: grant.id, agentId },
      });
      to.searchParams.set("code", code);
      return ok({ redirectTo: to.href });
    });
  } catch (e) {
    if (e instanceof Refused) return e.failure;
    if (isUniqueViolation(e))
      return fail("conflict", `You already have an agent named "${input.newAgent}".`, "newAgent");
    throw e;
  }
}

/** A failure that must undo the transaction it happened in. */
class Refused extends Error {
  constructor(readonly failure: ReturnType<typeof fail>) {
    super(failure.message);
  }
}

export type Connection = {
  id: number;
  agentId: number;
  client: string;
  redirectHost: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** The OAuth connections of a person's agents, newest first. */
export async function listConnections(db: Db, who: Who): Promise<Result<Connection[]>> {
  const me = person(who);
  if (!me.ok) return me;
  const grants = await db.oAuthGrant.findMany({
    where: { agent: { ownerId: me.value.userId } },
    orderBy: { id: "desc" },
    select: {
      id: true,
      agentId: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      client: { select: { id: true, metadata: true } },
      codes: { select: { redirectUri: true }, take: 1 },
    },
  });
  return ok(
    grants.map((g) => {
      const c = seen(g.client, g.codes[0]?.redirectUri ?? "");
      return {
        id: g.id,
        agentId: g.agentId,
        client: c.name,
        redirectHost: c.redirectHost,
        createdAt: g.createdAt,
        lastUsedAt: g.lastUsedAt,
        revokedAt: g.revokedAt,
      };
    }),
  );
}

/** A connection revoked: its tokens are refused from the next request on, and its open streams end. */
export async function revokeGrant(db: Db, grantId: number, now = Date.now()): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.findUnique({
      where: { id: grantId },
      select: { agent: { select: { id: true, ownerId: true } } },
    });
    if (!grant) return false;
    const revoked = await tx.oAuthGrant.updateMany({
      where: { id: grantId, revokedAt: null },
      data: { revokedAt: new Date(now) },
    });
    if (revoked.count !== 1) return false;
    await publish(tx, {
      topic: `user:${grant.agent.ownerId}`,
      type: CONNECTION_REVOKED,
      payload: { id: grantId, agentId: grant.agent.id },
    });
    return true;
  });
}

export async function revokeConnection(
  db: Db,
  who: Who,
  input: { id: number },
  now: number,
): Promise<Result<{ id: number; revoked: true }>> {
  const me = person(who);
  if (!me.ok) return me;
  const grant = await db.oAuthGrant.findUnique({
    where: { id: input.id },
    select: { revokedAt: true, agent: { select: { ownerId: true } } },
  });
  if (!grant || grant.agent.ownerId !== me.value.userId)
    return fail("not_found", "There is no such connection among your agents'.");
  if (grant.revokedAt || !(await revokeGrant(db, input.id, now)))
    return fail("conflict", "That connection is already revoked.");
  return ok({ id: input.id, revoked: true });
}

const GRANT_SELECT = {
  revokedAt: true,
  lastUsedAt: true,
  agent: {
    select: {
      id: true,
      name: true,
      ownerId: true,
      revokedAt: true,
      owner: { select: { moderation: STANDING } },
    },
  },
} as const;

type GrantRow = {
  revokedAt: Date | null;
  agent: {
    id: number;
    name: string;
    ownerId: number;
    revokedAt: Date | null;
    owner: { moderation: { action: string }[] };
  };
};

/** Whether a grant still holds: not revoked, its agent not revoked, its person not suspended. */
const holds = (g: GrantRow | null): g is GrantRow =>
  !!g && !g.revokedAt && !g.agent.revokedAt && !suspendedBy(g.agent.owner.moderation);

/** Whether a connection still holds: for a token to be issued, or a stream it opened to go on. */
export async function grantHolds(db: Db, grantId: number): Promise<boolean> {
  return holds(await db.oAuthGrant.findUnique({ where: { id: grantId }, select: GRANT_SELECT }));
}

/** An OAuth access token → the agent its connection acts as; an expired or revoked one is no identity at all. */
export async function whoForAccessToken(db: Db, token: string, now = Date.now()): Promise<Who | null> {
  const row = await db.oAuthToken.findUnique({
    where: { hash: hashToken(token) },
    select: { kind: true, expiresAt: true, grantId: true, grant: { select: GRANT_SELECT } },
  });
  if (!row || row.kind !== "access" || row.expiresAt.getTime() <= now || !holds(row.grant)) return null;
  // Noted at most once a minute, as an agent's pasted token is.
  if (!row.grant.lastUsedAt || now - row.grant.lastUsedAt.getTime() > 60_000)
    void db.oAuthGrant
      .update({ where: { id: row.grantId }, data: { lastUsedAt: new Date(now) } })
      .catch(() => {});
  const a = row.grant.agent;
  return { kind: "agent", agentId: a.id, name: a.name, ownerId: a.ownerId, grantId: row.grantId };
}
