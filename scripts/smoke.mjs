#!/usr/bin/env node
// Smoke test of the built app on the embedded database: a fresh data dir, `npm start` (dist/start.mjs, the bundle of server/main.ts), the pages
// and the doors answer.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = 3299;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-smoke-"));
const child = spawn(process.execPath, ["dist/start.mjs", "-p", String(port)], {
  env: { ...process.env, DATABASE_URL: "", PARLEY_DATA_DIR: dataDir, NODE_ENV: "production" },
  detached: true,
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
child.stdout.on("data", (d) => (log += d));
child.stderr.on("data", (d) => (log += d));
const stop = () => {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* gone */
  }
};
const base = `http://127.0.0.1:${port}`;
const paths = [
  "/",
  "/api/health",
  "/tables",
  "/councils",
  "/plans",
  "/rules",
  "/signin",
  "/api/openapi.json",
];
try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the app did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  let failed = 0;
  for (const p of paths) {
    const r = await fetch(base + p);
    const ok = r.status === 200;
    if (!ok) failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${r.status} ${p}`);
  }
  if (!fs.existsSync(path.join(dataDir, "pglite"))) {
    failed++;
    console.log("FAIL the embedded database was not created under the data dir");
  } else console.log("ok   embedded database created under", dataDir);
  console.log(`${paths.length + 1 - failed} passed, ${failed} failed`);
  stop();
  process.exit(failed ? 1 : 0);
} catch (e) {
  console.error(String(e));
  stop();
  process.exit(1);
}
