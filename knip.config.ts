// knip: what nothing uses. It starts from every entry point the app, its tools and its tests have — Next's app
// routes, pages, instrumentation.ts and proxy.ts (its Next plugin), the tests and e2e/setup.ts (its vitest plugin),
// server/main.ts, bin/parley.mjs and scripts/ (the npm scripts), prisma.config.ts (its Prisma plugin) and the rest
// named here — and reports files, exports and dependencies no entry reaches. `npm run check` runs it.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    // the CLI: bin/parley.mjs loads it by a computed path, through tsx
    "server/doors/cli/main.ts",
    // the benchmark's runs, its forked load generators, and the peer's programs it starts in a folder of their own
    "bench/*.ts",
    "bench/lib/watcher-child.ts",
    "bench/peer/*.cjs",
    // programs the tests start as processes of their own: a worker killed mid-job, a bot playing from the lines
    "server/jobs/crash.child.ts",
    "server/testing/arena-mimic.ts",
    // the examples: a strategy `npx parley arena` runs; an agent on a client generated from the OpenAPI document
    // (server/doors/rest/openapi.client.test.ts type-checks it)
    "examples/**/*.{mjs,ts}",
    "scripts/*.{mjs,ts}",
    "e2e/*.e2e.ts",
  ],
  project: ["**/*.{ts,tsx,mjs,cjs,css,prisma}"],
  // An export its own file also uses is a name kept in view, not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // read by its path (axe.min.js) and injected into the page under test (e2e/browser.ts)
    "axe-core",
    // the bench's peer: installed into a temporary folder on first use, never a dependency (bench/lib/peer.ts)
    "boardgame.io",
  ],
  // the machine's own programs: PostgreSQL's pgbench (the bench's floor), util-linux's script, mount and umount,
  // iproute2's ip (the app hosts' network namespaces)
  ignoreBinaries: ["pgbench", "script", "mount", "umount", "ip"],
};

export default config;
