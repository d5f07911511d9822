// The numbers and names of Parley's OAuth 2.1 authorization server (docs/api.md, "Connect by URL"): its scope, its
// lifetimes, its limits, read from here by the provider (server/oauth), the actions, the consent page and the docs.

/** The one scope: act as the chosen agent, with everything an agent may do (shared/spec/access.md). */
export const OAUTH_SCOPE = "agent";
export const OAUTH_SCOPES = [OAUTH_SCOPE] as const;

/** An access token lasts an hour; the client refreshes it. */
export const ACCESS_TOKEN_S = 3_600;
/** A refresh token lasts 30 days from its issue, and is good for one use: each use rotates it. */
export const REFRESH_TOKEN_S = 30 * 86_400;
/** An authorization code lasts a minute and is good for one exchange. */
export const CODE_S = 60;
/** A consent page waits 30 minutes for its person's answer (time to sign in or make an account). */
export const REQUEST_S = 30 * 60;

/** What a token's text starts with: an access token, a refresh token (an agent's pasted token is `prl_`). */
export const ACCESS_PREFIX = "prlo_";
export const REFRESH_PREFIX = "prlr_";

/** Client registrations and token requests from one address a minute (PARLEY_AUTH_ADDRESS_LIMIT when set). */
export const REGISTER_PER_ADDRESS = 10;
export const TOKEN_PER_ADDRESS = 30;

/** The live event on the owner's topic when a connection is revoked: its streams end (server/actions/agents.ts). */
export const CONNECTION_REVOKED = "oauth.revoked";
