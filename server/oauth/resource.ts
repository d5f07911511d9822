// Where this server is, as OAuth names it: the issuer (PARLEY_URL) and the protected resources a token may be for —
// the MCP endpoints (RFC 8707: a token is for this server's /mcp only).
import { publicUrl } from "../jobs/mail";

/** The MCP endpoints a client may connect to by URL, each a protected resource with its own metadata document. */
export const MCP_PATHS = ["/mcp", "/mcp/tables", "/mcp/councils", "/mcp/plans"] as const;

/** The issuer: this server's public URL, as clients reach it (PARLEY_URL). */
export const issuerUrl = () => new URL(`${publicUrl()}/`);

/** The resource of an MCP path: its absolute URL. */
export const resourceOf = (path: string) => `${publicUrl()}${path}`;

/** The resource a token is for when its client names none: /mcp. */
export const defaultResource = () => resourceOf(MCP_PATHS[0]);

/** Whether a requested resource indicator names one of this server's MCP endpoints (exactly; no query, no fragment). */
export function resourceAllowed(resource: string): boolean {
  return MCP_PATHS.some((p) => resourceOf(p) === resource);
}

/** The protected-resource metadata paths (RFC 9728 §3.1): the root form, and each endpoint's path form. */
export const METADATA_PATHS = [
  "/.well-known/oauth-protected-resource",
  ...MCP_PATHS.map((p) => `/.well-known/oauth-protected-resource${p}`),
];

/** The metadata document a 401 of `path` names in its `resource_metadata`. */
export const resourceMetadataUrl = (path: string) =>
  `${publicUrl()}/.well-known/oauth-protected-resource${MCP_PATHS.find((p) => p === path) ?? MCP_PATHS[0]}`;
