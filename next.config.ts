// Next.js config: the embedded database and the rate limiter stay outside the bundle; security headers on every answer.
import type { NextConfig } from "next";

const securityHeaders = [
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
  // Types are checked once by `npm run typecheck` (tsc over the whole tree, tests included); checking again inside
  // every build only doubles the build time on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
