// The MCP SDK's OAuthServerProvider over Prisma: registered clients, pending consents, codes and tokens live in the
// database (secrets as SHA-256 hashes), so every app process honours them, on PostgreSQL and on the embedded database
// alike. The SDK's handlers (server/oauth/router.ts) parse each request, check PKCE (S256) and the client; this
// answers what the database knows.
import { randomBytes, randomUUID } from "node:crypto";
import type { Response } from "express";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import {
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type {
  OAuthClientInformationFull,
  OAuthClientMetadata,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../db";
import { hashToken } from "../tokens";
import { revokeGrant, grantHolds } from "../actions/oauth";
import {
  ACCESS_PREFIX,
  ACCESS_TOKEN_S,
  OAUTH_SCOPE,
  REFRESH_PREFIX,
  REFRESH_TOKEN_S,
  REQUEST_S,
} from "../rules/oauth";
import { defaultResource, resourceAllowed } from "./resource";
import { fetchDocument, isDocumentId } from "./document";

const secret = (prefix = "") => prefix + randomBytes(32).toString("base64url");

/** The scopes asked for, checked: none asks for the one scope; any other is refused. */
function scopeOf(asked: string[] | undefined): string {
  const scopes = (asked ?? []).filter(Boolean);
  const unknown = scopes.find((s) => s !== OAUTH_SCOPE);
  if (unknown)
    throw new InvalidScopeError(`This server has one scope, "${OAUTH_SCOPE}"; "${unknown}" is not one.`);
  return OAUTH_SCOPE;
}

/** The resource asked for, checked (RFC 8707): one of this server's MCP endpoints, /mcp when none is named. */
function resourceOf(asked: URL | undefined): string {
  if (!asked) return defaultResource();
  if (!resourceAllowed(asked.href))
    throw new InvalidTargetError(
      `A token here is for this server's MCP endpoint (${defaultResource()}) only.`,
    );
  return asked.href;
}

/**
 * A client named by its metadata document (server/oauth/document.ts): the copy kept in the database while it is fresh,
 * else the document read again and kept; a document that cannot be read (or breaks a rule) refuses the client with the
 * sentence that says why, even one kept before: a client that takes its document down stops.
 */
async function documentClient(d: Db, clientId: string, now: number): Promise<OAuthClientInformationFull> {
  const kept = await d.oAuthClient.findUnique({
    where: { id: clientId },
    select: { metadata: true, createdAt: true, documentExpiresAt: true },
  });
  let metadata = kept?.metadata as OAuthClientMetadata | undefined;
  let createdAt = kept?.createdAt;
  if (!kept?.documentExpiresAt || kept.documentExpiresAt.getTime() <= now) {
    const read = await fetchDocument(clientId);
    const documentExpiresAt = new Date(now + read.keepS * 1000);
    const row = await d.oAuthClient.upsert({
      where: { id: clientId },
      create: { id: clientId, metadata: read.metadata as object, documentExpiresAt },
      update: { metadata: read.metadata as object, documentExpiresAt },
      select: { createdAt: true },
    });
    metadata = read.metadata;
    createdAt = row.createdAt;
  }
  return {
    ...metadata!,
    client_id: clientId,
    client_id_issued_at: Math.floor(createdAt!.getTime() / 1000),
  };
}

/**
 * The clients, as the SDK's handlers read them: registered ones (a secret is compared as its hash, router.ts), and
 * those a client_id URL names by their metadata document.
 */
export function clientsStore(
  db: () => Promise<Db>,
  clock: () => number = Date.now,
): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      if (isDocumentId(clientId)) return documentClient(await db(), clientId, clock());
      const row = await (await db()).oAuthClient.findUnique({ where: { id: clientId } });
      if (!row) return undefined;
      return {
        ...(row.metadata as Omit<OAuthClientInformationFull, "client_id">),
        client_id: row.id,
        client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
        ...(row.secretHash
          ? {
              client_secret: row.secretHash,
              client_secret_expires_at: row.secretExpiresAt
                ? Math.floor(row.secretExpiresAt.getTime() / 1000)
                : 0,
            }
          : {}),
      };
    },
    async registerClient(client) {
      const { client_secret, client_secret_expires_at, ...metadata } = client;
      const id = randomUUID();
      const row = await (
        await db()
      ).oAuthClient.create({
        data: {
          id,
          metadata: metadata as object,
          secretHash: client_secret ? hashToken(client_secret) : null,
          secretExpiresAt: client_secret_expires_at ? new Date(client_secret_expires_at * 1000) : null,
        },
      });
      // The secret is in this answer and nowhere else: only its hash is kept.
      return { ...client, client_id: id, client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000) };
    },
  };
}

/** A new access token and a new refresh token for a grant, written beside each other. */
async function issue(db: Db, grantId: number, scope: string, now: number): Promise<OAuthTokens> {
  const access = secret(ACCESS_PREFIX);
  const refresh = secret(REFRESH_PREFIX);
  await db.oAuthToken.createMany({
    data: [
      { hash: hashToken(access), kind: "access", grantId, expiresAt: new Date(now + ACCESS_TOKEN_S * 1000) },
      {
        hash: hashToken(refresh),
        kind: "refresh",
        grantId,
        expiresAt: new Date(now + REFRESH_TOKEN_S * 1000),
      },
    ],
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_S,
    scope,
    refresh_token: refresh,
  };
}

export function oauthProvider(db: () => Promise<Db>, clock: () => number = Date.now): OAuthServerProvider {
  return {
    clientsStore: clientsStore(db, clock),

    /** The consent is the person's: the request waits on /connect, which answers the client's redirect URI. */
    async authorize(client, params: AuthorizationParams, res: Response) {
      const scope = scopeOf(params.scopes);
      const resource = resourceOf(params.resource);
      const id = secret();
      await (
        await db()
      ).oAuthRequest.create({
        data: {
          id,
          clientId: client.client_id,
          redirectUri: params.redirectUri,
          codeChallenge: params.codeChallenge,
          state: params.state ?? null,
          scope,
          resource,
          expiresAt: new Date(clock() + REQUEST_S * 1000),
        },
      });
      res.redirect(302, `/connect?request=${id}`);
    },

    async challengeForAuthorizationCode(client, code) {
      const row = await (
        await db()
      ).oAuthCode.findUnique({
        where: { hash: hashToken(code) },
        select: { codeChallenge: true, grant: { select: { clientId: true } } },
      });
      if (!row || row.grant.clientId !== client.client_id)
        throw new InvalidGrantError("That code is unknown.");
      return row.codeChallenge;
    },

    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
      const d = await db();
      const now = clock();
      const hash = hashToken(code);
      const row = await d.oAuthCode.findUnique({
        where: { hash },
        select: {
          redirectUri: true,
          grant: { select: { id: true, clientId: true, scope: true, resource: true } },
        },
      });
      if (!row || row.grant.clientId !== client.client_id)
        throw new InvalidGrantError("That code is unknown.");
      // Single use, settled by the database: of two exchanges of one code, one sets usedAt and the other finds it set.
      const used = await d.oAuthCode.updateMany({
        where: { hash, usedAt: null, expiresAt: { gt: new Date(now) } },
        data: { usedAt: new Date(now) },
      });
      if (used.count !== 1) {
        // A code used twice may have been stolen: what it was exchanged for stops too (OAuth 2.1 §4.1.3).
        await revokeGrant(d, row.grant.id);
        throw new InvalidGrantError("That code was used already or has expired.");
      }
      if (redirectUri !== undefined && redirectUri !== row.redirectUri)
        throw new InvalidGrantError("The redirect_uri is not the one the code was issued to.");
      if (resource && resource.href !== row.grant.resource)
        throw new InvalidTargetError("The resource is not the one the code was issued for.");
      if (!(await grantHolds(d, row.grant.id)))
        throw new InvalidGrantError("That authorization was revoked.");
      return issue(d, row.grant.id, row.grant.scope, now);
    },

    async exchangeRefreshToken(client, refreshToken, scopes, resource) {
      const d = await db();
      const now = clock();
      const hash = hashToken(refreshToken);
      const row = await d.oAuthToken.findUnique({
        where: { hash },
        select: { kind: true, grant: { select: { id: true, clientId: true, scope: true, resource: true } } },
      });
      if (!row || row.kind !== "refresh" || row.grant.clientId !== client.client_id)
        throw new InvalidGrantError("That refresh token is unknown.");
      if (scopes?.length) scopeOf(scopes);
      if (resource && resource.href !== row.grant.resource)
        throw new InvalidTargetError("The resource is not the one the token was issued for.");
      // Rotation: a refresh token is good once. One used again was copied: the whole connection stops.
      const used = await d.oAuthToken.updateMany({
        where: { hash, usedAt: null, expiresAt: { gt: new Date(now) } },
        data: { usedAt: new Date(now) },
      });
      if (used.count !== 1) {
        const spent = await d.oAuthToken.findUnique({ where: { hash }, select: { usedAt: true } });
        if (spent?.usedAt) await revokeGrant(d, row.grant.id);
        throw new InvalidGrantError("That refresh token was used already or has expired.");
      }
      if (!(await grantHolds(d, row.grant.id)))
        throw new InvalidGrantError("That authorization was revoked.");
      return issue(d, row.grant.id, row.grant.scope, now);
    },

    async verifyAccessToken(token): Promise<AuthInfo> {
      const d = await db();
      const row = await d.oAuthToken.findUnique({
        where: { hash: hashToken(token) },
        select: {
          kind: true,
          expiresAt: true,
          grant: { select: { id: true, clientId: true, scope: true, resource: true } },
        },
      });
      if (
        !row ||
        row.kind !== "access" ||
        row.expiresAt.getTime() <= clock() ||
        !(await grantHolds(d, row.grant.id))
      )
        throw new InvalidTokenError("That access token is unknown, expired or revoked.");
      return {
        token,
        clientId: row.grant.clientId,
        scopes: [row.grant.scope],
        expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
        resource: new URL(row.grant.resource),
      };
    },

    /** Revoking either token of a connection ends the connection (RFC 7009 §2.1 lets a server revoke the grant). */
    async revokeToken(client, request: OAuthTokenRevocationRequest) {
      const d = await db();
      const row = await d.oAuthToken.findUnique({
        where: { hash: hashToken(request.token) },
        select: { grant: { select: { id: true, clientId: true } } },
      });
      if (row && row.grant.clientId === client.client_id) await revokeGrant(d, row.grant.id);
    },
  };
}
