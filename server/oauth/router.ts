// Parley as the OAuth 2.1 authorization server its MCP clients expect, on the MCP SDK's own auth router (express):
// RFC 8414 metadata, dynamic client registration (RFC 7591) and client ID metadata documents, the authorization code
// flow with PKCE (S256 only), refresh and revocation (public clients' too); and RFC 9728 protected-resource metadata
// for /mcp. The fast lane hands it node's own request for its paths (server/fast/doors.ts). What it decides beyond the
// SDK: the Host allow-list, the body cap, per-address rate limits kept where every process counts them
// (server/http/limits.ts) in place of the SDK's per-process ones, and client secrets compared as their hashes.
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { TooManyRequestsError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import {
  createOAuthMetadata,
  mcpAuthRouter,
  type AuthRouterOptions,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import { getDb } from "../db";
import { env } from "../env";
import { clientAddress } from "../http/address";
import { askedOfNode } from "../http/asked";
import { allowedHosts, hostAllowed } from "../http/door";
import { DOOR_HEADERS } from "../http/headers";
import { oauthLimit } from "../http/limits";
import { publicUrl } from "../env";
import { hashToken } from "../tokens";
import { OAUTH_SCOPES, REGISTER_PER_ADDRESS, TOKEN_PER_ADDRESS } from "../rules/oauth";
import { oauthProvider } from "./provider";
import { defaultResource, issuerUrl, MCP_PATHS, METADATA_PATHS, resourceOf } from "./resource";

/** The paths this router answers; the fast lane sends them here and nowhere else. */
export const OAUTH_PATHS: ReadonlySet<string> = new Set([
  "/authorize",
  "/token",
  "/register",
  "/revoke",
  "/.well-known/oauth-authorization-server",
  ...METADATA_PATHS,
]);

const NO_LIMIT = { rateLimit: false as const };

/** The protected-resource metadata of one MCP endpoint (RFC 9728 §2), as the SDK's router writes /mcp's. */
const resourceMetadata = (resource: string, docs: URL) => ({
  resource,
  authorization_servers: [issuerUrl().href],
  scopes_supported: [...OAUTH_SCOPES],
  resource_name: "Parley",
  resource_documentation: docs.href,
});

/** Registrations and token requests, each charged to the client's address before the SDK's handler runs. */
function limited(what: "oauth-register" | "oauth-token", per: number): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    void (async () => {
      const spent = await oauthLimit(await getDb(), what, clientAddress(askedOfNode(req)), per);
      if (!spent) return next();
      const which = what === "oauth-register" ? "client registrations" : "token requests";
      res
        .status(429)
        .set("retry-after", String(spent.retryAfter))
        .json(
          new TooManyRequestsError(
            `Too many ${which} from this address; try again in ${spent.retryAfter} s.`,
          ).toResponseObject(),
        );
    })().catch(next);
  };
}

function oauthApp(): express.Express {
  const app = express();
  app.disable("x-powered-by");
  const limit = env().PARLEY_BODY_MAX;
  app.use(express.urlencoded({ extended: false, limit }), express.json({ limit }));
  // Secrets are kept as their hashes (provider.ts): the one a client sends is compared as its hash.
  app.use((req, _res, next) => {
    const body = req.body as { client_secret?: unknown } | undefined;
    if (typeof body?.client_secret === "string") body.client_secret = hashToken(body.client_secret);
    next();
  });
  app.use("/register", limited("oauth-register", REGISTER_PER_ADDRESS));
  app.use("/token", limited("oauth-token", TOKEN_PER_ADDRESS));
  const docs = new URL(`${publicUrl()}/api/openapi.json`);
  const options: AuthRouterOptions = {
    provider: oauthProvider(getDb),
    issuerUrl: issuerUrl(),
    scopesSupported: [...OAUTH_SCOPES],
    resourceName: "Parley",
    resourceServerUrl: new URL(defaultResource()),
    serviceDocumentationUrl: docs,
    authorizationOptions: NO_LIMIT,
    tokenOptions: NO_LIMIT,
    clientRegistrationOptions: NO_LIMIT,
    revocationOptions: NO_LIMIT,
  };
  // The SDK's metadata, saying two things more (answered before its router's own): a public client revokes its tokens
  // with its client_id alone (RFC 7009 §2.1; the SDK's handler takes that already), and a client_id may be the URL of
  // its metadata document (server/oauth/document.ts).
  app.use(
    "/.well-known/oauth-authorization-server",
    metadataHandler({
      ...createOAuthMetadata(options),
      revocation_endpoint_auth_methods_supported: ["client_secret_post", "none"],
      client_id_metadata_document_supported: true,
    }),
  );
  app.use(mcpAuthRouter(options));
  // Each other MCP endpoint's own path form (RFC 9728 §3.1); the root form names /mcp, for clients that ask there.
  for (const path of MCP_PATHS.slice(1))
    app.use(
      `/.well-known/oauth-protected-resource${path}`,
      metadataHandler(resourceMetadata(resourceOf(path), docs)),
    );
  app.use(
    "/.well-known/oauth-protected-resource",
    metadataHandler(resourceMetadata(defaultResource(), docs)),
  );
  // A body past the cap, or one that does not parse, answered as OAuth answers (RFC 6749 §5.2), never as a page.
  app.use(
    (
      err: { status?: number; expose?: boolean; message?: string },
      _req: express.Request,
      res: express.Response,
      _next: express.NextFunction,
    ) => {
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      if (status === 500) console.error("the OAuth router failed:", err);
      res.status(status).json({
        error: status === 500 ? "server_error" : "invalid_request",
        error_description:
          status === 413
            ? `The request body is larger than ${limit} bytes.`
            : status === 500
              ? "Something went wrong on our side."
              : "That request is malformed.",
      });
    },
  );
  return app;
}

let made: { of: ReturnType<typeof env>; app: express.Express } | null = null;

/** The OAuth paths' handler, on node's own request and response (made on first use, again if the environment changes). */
export function serveOAuth(req: IncomingMessage, res: ServerResponse): void {
  for (const [k, v] of Object.entries(DOOR_HEADERS)) res.setHeader(k, v);
  res.setHeader("cache-control", "no-store");
  if (!hostAllowed({ host: req.headers.host ?? "" }, allowedHosts())) {
    res.writeHead(403, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        error: "invalid_request",
        error_description: "This server does not answer for that host name.",
      }),
    );
    return;
  }
  const e = env();
  if (made?.of !== e) made = { of: e, app: oauthApp() };
  made.app(req as express.Request, res as express.Response);
}
