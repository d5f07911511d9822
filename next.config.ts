// Next.js config: the embedded database and the rate limiter stay outside the bundle; security headers on pages.
//
// Read by `next build` and `npm run dev`. `npm start` never compiles it: Next would compile a TypeScript config with
// its SWC compiler at every start, whose native module then stays mapped in the server for its whole life, so the
// production start hands Next the config this build already resolved (scripts/bundle-server.mjs,
// docs/decisions/0016-memory-at-start.md).
import type { NextConfig } from "next";

/**
 * A page's (a document's) security headers. The doors answer JSON, a live feed or an OpenAPI document, never a page,
 * and carry their own smaller set (server/http/headers.ts).
 */
const SECURITY_HEADERS = [
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

const nextConfig: NextConfig = {
  // rate-limiter-flexible is plain CommonJS with optional stores loaded by dynamic import: required as it is.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "rate-limiter-flexible"],
  poweredByHeader: false,
  experimental: {
    // A route's modules load at its first request, not all at start (Next's memory guide): a process that serves
    // only the doors and the live feed (the fast lane, server/fast) never holds the pages'
    // (docs/decisions/0016-memory-at-start.md). A page's first request after a start pays for loading it.
    preloadEntriesOnStart: false,
  },
  // Development only: the app answers at localhost and 127.0.0.1 alike, and hot reload must too.
  allowedDevOrigins: ["localhost", "127.0.0.1", "[::1]"],
  // Types are checked once by `npm run typecheck` (tsc over the whole tree, tests included); checking again inside
  // every build only doubles the build time on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

export default nextConfig;
