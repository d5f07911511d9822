// Start and stop the built app (`npm start`: dist/start.mjs, the bundle of server/main.ts, the fast lane in front of
// Next) for the end-to-end
// tests, each in its own process group.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Served = {
  url: string;
  /** The app's process (the leader of its group). */
  pid: number;
  stop(): Promise<void>;
  kill(): Promise<void>;
  log(): string;
};

export async function serve(port: number, env: Record<string, string>): Promise<Served> {
  const out: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.resolve("dist/start.mjs"), "-p", String(port)], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => out.push(String(d)));
  child.stderr!.on("data", (d) => out.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${out.join("")}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the app did not answer in time:\n${out.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    log: () => out.join(""),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      try {
        process.kill(-child.pid!, "SIGKILL"); // the whole group: nothing it started is left behind
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 200));
    },
    /** kill -9, no goodbye: what a crash looks like to the database. */
    async kill() {
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** An app of a test's own on the embedded database in a fresh folder, without demo data: `env` adds its settings. */
export const serveOwn = (port: number, name: string, env: Record<string, string>) =>
  serve(port, {
    DATABASE_URL: "",
    PARLEY_DATA_DIR: tempDir(`parley-e2e-${name}-`),
    PARLEY_DEMO: "off",
    ...env,
  });
