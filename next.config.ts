// Next.js config: the embedded database and the rate limiter stay outside the bundle; security headers on every answer.
import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./server/http/headers";

const nextConfig: NextConfig = {
  // rate-limiter-flexible is plain CommonJS with optional stores loaded by dynamic import: required as it is.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "rate-limiter-flexible"],
  poweredByHeader: false,
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
