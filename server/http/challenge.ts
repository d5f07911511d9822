// The one `WWW-Authenticate: Bearer` challenge every 401 carries (RFC 6750 §3), so a client shows Parley's sentence
// for a bad token instead of guessing at a login flow, and where to find the way in: `resource_metadata` (RFC 9728
// §5.1) names the protected-resource metadata of the MCP endpoint asked (/mcp's for any other path), whose
// authorization server a client asks for a token.
import { resourceMetadataUrl } from "../oauth/resource";

/** The errors of RFC 6750 §3.1 that this server names. */
export type BearerError = "invalid_request" | "invalid_token" | "insufficient_scope";

/**
 * An auth-param's value as a quoted-string: RFC 6750 allows only printable ASCII but `"` and `\` in its values, so
 * those two become an apostrophe and a slash, and anything else outside it (a dash of our prose, say) a plain
 * stand-in, never a byte a header cannot carry.
 */
function quoted(value: string): string {
  const plainText = value
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d"]/g, "'")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\\/g, "/")
    .replace(/[^\x20-\x7e]/g, "?");
  return `"${plainText}"`;
}

/**
 * The `WWW-Authenticate` value of a 401. With no token sent, no error and no description (RFC 6750 §3.1: a request
 * that lacks any authentication information is told only the scheme); with a token that is bad, `invalid_token`
 * and the sentence the body's `error.message` also carries.
 */
export function bearerChallenge(
  o: { error?: BearerError; description?: string; path?: string } = {},
): string {
  const params: string[] = [
    'realm="parley"',
    `resource_metadata=${quoted(resourceMetadataUrl(o.path ?? "/mcp"))}`,
  ];
  if (o.error) params.push(`error=${quoted(o.error)}`);
  if (o.error && o.description) params.push(`error_description=${quoted(o.description)}`);
  return `Bearer ${params.join(", ")}`;
}
