// A second process on a locked embedded database, for real: while this test process holds the embedded database
// open, a server start-up (Next's instrumentation hook, run as Next runs it) and `parley db check` are spawned
// against the same data directory. Each must exit at once with one sentence — not serve 500s, not a stack trace.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./db";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Long enough for tsx to load the modules on a slow machine; a process still up after it never exits. */
const GIVE_UP_MS = 45_000;

let dataDir: string;
let held: Database;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-second-"));
  held = await openDatabase(`pglite:${path.join(dataDir, "pglite")}`);
}, 120_000);
afterAll(async () => {
  await held?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Run = { code: number | null; stdout: string; stderr: string; ms: number };

function run(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, PARLEY_DATA_DIR: dataDir, PARLEY_DEMO: "off" };
  delete env.DATABASE_URL; // the embedded database, whatever this suite runs on
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const giveUp = setTimeout(() => child.kill("SIGKILL"), GIVE_UP_MS);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(giveUp);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

/** Next awaits the hook while it prepares; a hook that throws is logged and the server goes on, answering 500s. */
const NEXT_START = `
process.env.NEXT_RUNTIME = "nodejs";
const { register } = await import(${JSON.stringify(path.join(ROOT, "instrumentation.ts"))});
try { await register(); } catch (e) { console.error("instrumentation hook failed:", e); }
console.log("serving");
setInterval(() => {}, 1000);
`;

const sentence = (dir: string) =>
  `The embedded database at ${path.join(dir, "pglite")} is in use by process ${process.pid}: stop that process, or set DATABASE_URL to a PostgreSQL server to run several processes.\n`;

describe("a second process on a locked embedded database", () => {
  it(
    "a second server exits at once, with code 1 and one sentence",
    async () => {
      const r = await run(["--import", "tsx", "--input-type=module", "-e", NEXT_START]);
      expect(r.stdout).not.toContain("serving");
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: sentence(dataDir) });
    },
    GIVE_UP_MS + 15_000,
  );

  it(
    "`parley db check` prints one sentence and exits 1",
    async () => {
      const r = await run([path.join(ROOT, "bin/parley.mjs"), "db", "check"]);
      expect(r).toMatchObject({ code: 1, stdout: "", stderr: sentence(dataDir) });
    },
    GIVE_UP_MS + 15_000,
  );
});
