// The security headers of every answer. A page's (a document's) are Next's, added by next.config.ts; the doors
// answer JSON, a live feed or an OpenAPI document, never a page, and carry the set OWASP's REST Security Cheat Sheet
// names for an API: nothing may be sniffed into a page, loaded as one, or framed. The document-only headers
// (Referrer-Policy, Permissions-Policy, Cross-Origin-Opener-Policy, the page CSP) mean nothing on a JSON answer, and
// every byte of a header is paid on every call.
export const SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  {
    key: "Content-Security-Policy",
    value:
      // React needs eval() in development only (for its debugging call stacks); production never allows it.
      `default-src 'self'; script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "production" ? "" : " 'unsafe-eval'"}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
  },
];

/** The doors' own (lower-case names, as node:http writes them): what the fast lane adds to each door's answer. */
export const DOOR_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};
