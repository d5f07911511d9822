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

/**
 * A client ID metadata document: read within 5 s and 5 KiB (the size the draft suggests), kept as its Cache-Control
 * max-age asks, but never less than 5 minutes nor more than a day; an hour when it says nothing.
 */
export const DOCUMENT_TIMEOUT_MS = 5_000;
export const DOCUMENT_MAX_BYTES = 5_120;
export const DOCUMENT_MIN_S = 5 * 60;
export const DOCUMENT_MAX_S = 86_400;
export const DOCUMENT_DEFAULT_S = 3_600;

/** The host that published a client's metadata document: its client_id's, when the client_id is a URL; else null. */
export function documentSite(clientId: string): string | null {
  if (!/^https?:\/\//i.test(clientId)) return null;
  try {
    return new URL(clientId).host;
  } catch {
    return null;
  }
}

/**
 * Whether a client is what it says, as far as this server can tell: only a client named by a document at an https URL
 * whose answer goes back, over https, to the very host that published that document — TLS then vouches that whoever
 * asks is that site. A client that registered itself named itself, and a document whose answer goes to a loopback
 * address or an app's own scheme may be claimed by any program on the person's machine: both are unverified.
 */
export function vouchedBy(clientId: string, redirectUri: string): string | null {
  const site = documentSite(clientId);
  if (!site) return null;
  try {
    const from = new URL(clientId);
    const to = new URL(redirectUri);
    return from.protocol === "https:" && to.protocol === "https:" && to.host === site ? site : null;
  } catch {
    return null;
  }
}
