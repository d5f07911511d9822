#!/usr/bin/env node
// `npm test`: unit and integration tests (vitest), then the end-to-end tests against the built app.
// Integration tests use real PostgreSQL when DATABASE_URL is set, the embedded database otherwise.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
};

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let failed = run("npx", ["vitest", "run"]);

if (!fs.existsSync(chromium))
  console.log(
    `\nChromium is not installed at ${chromium}: the browser tests will be skipped (apt-get install -y chromium).\n`,
  );
if (process.env.PARLEY_SKIP_BUILD !== "1") failed ||= run("npx", ["next", "build"]);
failed ||= run("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts"]);
process.exit(failed);
