// Client ID metadata documents (the MCP authorization spec; draft-ietf-oauth-client-id-metadata-document): a client_id
// that is an https URL names the JSON document, at that URL, that says what the client is. It is read through the
// address check every webhook delivery connects through (server/jobs/webhook-post.ts), within a size and a time, never
// following a redirect; what it says is held to the rules below, and kept in the database beside registered clients
// (server/oauth/provider.ts), so every process reads it from there until it goes stale.
import { InvalidClientError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import {
  OAuthClientMetadataSchema,
  type OAuthClientMetadata,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { env } from "../env";
import { requestChecked } from "../jobs/webhook-post";
import {
  DOCUMENT_DEFAULT_S,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_S,
  DOCUMENT_MIN_S,
  DOCUMENT_TIMEOUT_MS,
} from "../rules/oauth";

/** Whether a client_id names a metadata document (a URL) rather than a registration (a UUID this server gave). */
export const isDocumentId = (clientId: string) => /^https?:\/\//i.test(clientId);

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why this client_id cannot name a document, in one sentence; null when it can. */
export function documentIdRefusal(clientId: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return "The client_id is not a URL.";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    return "A client_id that is a URL must be https.";
  if (url.pathname === "/") return "A client_id URL must have a path, not the site's root.";
  if (url.username || url.password || url.hash)
    return "A client_id URL carries no user name, password or fragment.";
  // the document's own URL, compared as a string: a client_id the URL parser would write otherwise is not it
  if (url.href !== clientId) return `The client_id is not written as a URL is (${url.href}).`;
  return null;
}

/**
 * Why a redirect URI may not receive this server's answers, in one sentence; null when it may (OAuth 2.1 §2.3.1):
 * https, http only to this machine (RFC 8252's loopback), or an app's own scheme; never a fragment.
 */
function redirectRefusal(uri: string): string | null {
  const url = new URL(uri); // parseable: the SDK's schema checked it
  if (url.hash) return `The redirect URI ${uri} has a fragment.`;
  if (url.protocol === "http:" && !LOOPBACK.has(url.hostname))
    return `The redirect URI ${uri} is http to another machine: it must be https.`;
  return null;
}

/** What the document says, held to the rules; throws InvalidClientError with the one sentence that says why not. */
export function documentMetadata(clientId: string, doc: unknown): OAuthClientMetadata {
  const refuse = (why: string) => new InvalidClientError(`The client's metadata document: ${why}`);
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw refuse("it is not a JSON object.");
  const { client_id, client_secret, ...rest } = doc as Record<string, unknown>;
  if (client_id !== clientId)
    throw refuse(`its client_id is ${JSON.stringify(client_id)}, not the document's URL ${clientId}.`);
  if (client_secret !== undefined)
    throw refuse("it holds a client_secret, which a public document cannot keep.");
  const parsed = OAuthClientMetadataSchema.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuse(`${issue.path.join(".") || "it"}: ${issue.message}.`);
  }
  const metadata = parsed.data;
  if (metadata.redirect_uris.length === 0) throw refuse("it lists no redirect_uris.");
  for (const uri of metadata.redirect_uris) {
    const why = redirectRefusal(uri);
    if (why) throw refuse(why);
  }
  // No secret can be shared with a document: the client proves itself by PKCE alone.
  const method = metadata.token_endpoint_auth_method ?? "none";
  if (method !== "none")
    throw refuse(`its token_endpoint_auth_method is "${method}"; a client named by a document uses "none".`);
  return { ...metadata, token_endpoint_auth_method: "none" };
}

/** How long a document is kept: its Cache-Control max-age, between the least and the most; else the default. */
export function keptFor(cacheControl: string | string[] | undefined): number {
  const header = Array.isArray(cacheControl) ? cacheControl.join(",") : (cacheControl ?? "");
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/i.test(header)) return DOCUMENT_MIN_S;
  const maxAge = /(^|,)\s*max-age\s*=\s*"?(\d+)"?\s*(,|$)/i.exec(header);
  const asked = maxAge ? Number(maxAge[2]) : DOCUMENT_DEFAULT_S;
  return Math.min(Math.max(asked, DOCUMENT_MIN_S), DOCUMENT_MAX_S);
}

/**
 * The document at `clientId`, read now and held to the rules, and how many seconds it may be kept; throws
 * InvalidClientError with the sentence a client (or its person) reads when it cannot be.
 */
export async function fetchDocument(
  clientId: string,
): Promise<{ metadata: OAuthClientMetadata; keepS: number }> {
  const allowPrivate = env().PARLEY_CLIENT_ID_ALLOW_PRIVATE;
  const refused = documentIdRefusal(clientId, allowPrivate);
  if (refused) throw new InvalidClientError(refused);
  let reply;
  try {
    reply = await requestChecked(
      new URL(clientId),
      { method: "GET", headers: { accept: "application/json" } },
      {
        allowPrivate,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
        maxBytes: DOCUMENT_MAX_BYTES,
        reached: {
          what: "client_id URL",
          rule: "client metadata documents are read from public addresses only unless PARLEY_CLIENT_ID_ALLOW_PRIVATE=on",
        },
      },
    );
  } catch (e) {
    throw new InvalidClientError(`The client's metadata document could not be read: ${(e as Error).message}`);
  }
  if (reply.status !== 200)
    throw new InvalidClientError(
      `The client's metadata document answered ${reply.status}, not 200 (a redirect is not followed).`,
    );
  const type = (reply.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !/^application\/[^/]+\+json$/.test(type))
    throw new InvalidClientError(
      `The client's metadata document is ${type || "untyped"}, not application/json.`,
    );
  let doc: unknown;
  try {
    doc = JSON.parse(reply.body!.toString("utf8"));
  } catch {
    throw new InvalidClientError("The client's metadata document is not JSON.");
  }
  return { metadata: documentMetadata(clientId, doc), keepS: keptFor(reply.headers["cache-control"]) };
}
