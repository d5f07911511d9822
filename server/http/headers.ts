// The security headers of every answer. A page's (a document's) are Next's, added by next.config.ts; the doors
// answer JSON, a live feed or an OpenAPI document, never a page, and carry the set OWASP's REST Security Cheat Sheet
// names for an API: nothing may be sniffed into a page, loaded as one, or framed. The document-only headers
// (Referrer-Policy, Permissions-Policy, Cross-Origin-Opener-Policy, the page CSP) mean nothing on a JSON answer, and
// every byte of a header is paid on every call.

/** The doors' own (lower-case names, as node:http writes them): what the fast lane adds to each door's answer. */
export const DOOR_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};
