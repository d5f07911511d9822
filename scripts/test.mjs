#!/usr/bin/env node
// `npm test`: unit and integration tests (vitest), then the end-to-end tests against the built app, then one
// closing line with the totals. Integration tests use real PostgreSQL when DATABASE_URL is set, the embedded
// database otherwise; browser tests are skipped, saying so, where Chromium is missing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env: process.env }).status ?? 1;
const vitest = (name, extra = []) =>
  run("npx", [
    "vitest",
    "run",
    ...extra,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ]);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let failed = vitest("unit");
if (!fs.existsSync(chromium))
  console.log(
    `\nChromium is not installed at ${chromium}: the browser tests will be skipped (apt-get install -y chromium).\n`,
  );
if (process.env.PARLEY_SKIP_BUILD !== "1") failed ||= run("npm", ["run", "build"]);
failed ||= vitest("e2e", ["--config", "e2e/vitest.config.ts"]);

let passed = 0;
let failures = 0;
let skipped = 0;
for (const f of fs.readdirSync(reports)) {
  const r = JSON.parse(fs.readFileSync(path.join(reports, f), "utf8"));
  passed += r.numPassedTests ?? 0;
  failures += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
console.log(`\nTests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed || failures ? 1 : 0);
