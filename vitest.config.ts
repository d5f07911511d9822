// vitest: unit tests beside the code, integration tests against the database (see server/testing). The live feed's
// tests and the SSE doors' run twice: as is, and over NATS JetStream (the project `nats`, at PARLEY_TEST_NATS_URL or
// 127.0.0.1:4222), which only a PostgreSQL run uses: the embedded database never needs NATS.
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/** The tests of the live feed as clients see it: run a second time with PARLEY_NATS_URL set. */
const LIVE = [
  "server/live/*.test.ts",
  "app/api/events/route.test.ts",
  "server/fast/lane.test.ts",
  "server/fast/streams.test.ts",
  "server/actions/game/whisper.test.ts",
];

const base: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "data/**", "e2e/**"],
  },
};

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, ".") } },
  test: {
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
    projects: [
      { ...base, test: { ...base.test, name: "app" } },
      {
        extends: true,
        test: {
          name: "nats",
          include: LIVE,
          exclude: ["server/live/relay.test.ts"], // it starts its own NATS
          env: {
            PARLEY_BOT_PAUSE_MS: "0",
            PARLEY_NATS_URL: process.env.PARLEY_TEST_NATS_URL ?? "nats://127.0.0.1:4222",
          },
        },
      },
    ],
  },
});
