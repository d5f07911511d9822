// vitest: unit tests beside the code, integration tests against the database (see server/testing).
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, ".") } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "data/**", "e2e/**"],
    environment: "node",
    // A guard against a hang, not a speed check: the CPU-bound tests (whole bot tables, the fuzz suite) take 20–40 s
    // on a two-core machine that is busy with other work, and a slow run must not read as a failure.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // House bots act at once in tests: a test passes its own `now`, and a pause would wait for a sweep.
    env: { PARLEY_BOT_PAUSE_MS: "0" },
    // next-auth imports `next/server` without its extension, which only a bundler resolves: run through Vite's, it
    // loads as it does in the app, so tests can sign in through its real flow (server/doors/reset.test.ts).
    server: { deps: { inline: ["next-auth"] } },
  },
});
