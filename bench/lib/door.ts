// The door's own work for one JSON API call, in process (tinybench), with no socket and no node:http in the timing:
// what the fast lane, the floor, the route, the operation and the answer's header list cost GET /api/health, beside
// the same request's 404 (the floor and a route that matches nothing). On a 2-core VM whose HTTP rates drift by a
// tenth from minute to minute, this is the figure a change to the door can be judged by.
// `npm run bench` runs it in a child process of its own (bench/door.ts): the server's modules read their settings
// once in production, and it opens its own embedded database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type DoorResult = { name: string; meanNs: number; p50Ns: number; p99Ns: number; samples: number };

/** Runs bench/door.ts in a fresh process on a fresh embedded database and reads its results. */
export function benchDoor(quick: boolean): DoorResult[] {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-door-"));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PARLEY_DATA_DIR: dataDir,
      PARLEY_DEMO: "off",
      BENCH_QUICK: quick ? "1" : "",
    };
    delete env.DATABASE_URL; // the embedded database: the health probe's SELECT 1 is the only query timed
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "..", "door.ts")],
      {
        env,
        encoding: "utf8",
        maxBuffer: 1 << 20,
      },
    );
    const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
    if (run.status !== 0 || !line) throw new Error(`bench/door.ts failed (${run.status}):\n${run.stderr}`);
    return (JSON.parse(line) as { results: DoorResult[] }).results;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
