// `parley tty` quits for real: the CLI is spawned on a fresh embedded database under a pseudo-terminal (util-linux's
// `script`), shown its lobby, sent `q`, and must exit at once with the terminal given back — no handle left open.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
/** A fresh data directory is created, migrated and seeded with the demo first: slow on a loaded machine. */
const SHOWN_WITHIN_MS = 90_000;
/** After `q` the process closes its database and ends; a handle still open kept it up for 10 s and more. */
const EXIT_WITHIN_MS = 5_000;

const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-tty-quit-"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(!hasScript)("`parley tty` on the embedded database, quit with q", () => {
  it(
    "exits 0 within seconds of q, the screen and cursor given back",
    async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, PARLEY_DATA_DIR: dataDir, PARLEY_DEMO: "on" };
      delete env.DATABASE_URL; // the embedded database, whatever this suite runs on
      const command = `${quote(process.execPath)} ${quote(path.join(ROOT, "bin/parley.mjs"))} tty`;
      // `script` gives the CLI a terminal of its own and relays our pipe to it as keys; it exits as the CLI does.
      const child = spawn("script", ["-qfec", command, "/dev/null"], {
        cwd: ROOT,
        env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        child.on("exit", (code) => resolve({ code, at: Date.now() })),
      );
      const killer = setTimeout(() => child.kill("SIGKILL"), SHOWN_WITHIN_MS + 30_000);
      try {
        const shown = Date.now() + SHOWN_WITHIN_MS;
        while (!/Tables \(\d+\)/.test(out) && child.exitCode === null && Date.now() < shown)
          await new Promise((r) => setTimeout(r, 100));
        expect(out, "the lobby was drawn").toMatch(/Tables \(\d+\)/);
        // Let the first sweep and the demo's round table's models run as they do while someone reads the lobby.
        await new Promise((r) => setTimeout(r, 6_000));

        const sent = Date.now();
        child.stdin.write("q");
        const end = await Promise.race([
          exited,
          new Promise<null>((r) => setTimeout(() => r(null), EXIT_WITHIN_MS)),
        ]);
        expect(end, `still running ${EXIT_WITHIN_MS} ms after q`).not.toBeNull();
        expect(end!.code).toBe(0);
        expect(end!.at - sent).toBeLessThan(EXIT_WITHIN_MS);
        expect(out).toContain("\x1b[?25h\x1b[?1049l"); // the cursor back, and the screen as it was
        expect(out).not.toMatch(/failed|Error/);
      } finally {
        clearTimeout(killer);
        child.kill("SIGKILL");
      }
    },
    SHOWN_WITHIN_MS + 60_000,
  );
});
