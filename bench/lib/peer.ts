// The peer (issue 12 §3): boardgame.io 0.50.2's own server, in memory, playing the same tables × seats as Parley's
// act bench, one move per turn, from socket.io clients in another process; and PostgreSQL's own limit (pgbench).
// boardgame.io is installed into a temporary folder by npm, never a dependency of the app.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { latency, type Latency } from "./stats";
import { serveGroup } from "./servers";

export const PEER_VERSION = "0.50.2";
const HERE = path.resolve("bench/peer");

export type PeerResult =
  | { measured: true; moves: number; seconds: number; perSecond: number; latency: Latency }
  | { measured: false; reason: string };

/** The folder holding boardgame.io, installed on first use and kept between runs (it is only a cache). */
function installed(): string {
  const dir = path.join(os.tmpdir(), `parley-bench-boardgame.io-${PEER_VERSION}`);
  const pkg = path.join(dir, "node_modules/boardgame.io/package.json");
  if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, "utf8")).version === PEER_VERSION) return dir;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "parley-bench-peer", "private": true }\n');
  const r = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", `boardgame.io@${PEER_VERSION}`],
    { cwd: dir, encoding: "utf8" },
  );
  if (r.status !== 0)
    throw new Error(`npm install boardgame.io@${PEER_VERSION} failed: ${r.stderr.slice(-500)}`);
  return dir;
}

/** `tables` matches × `seats` players, `moves` moves a match (after a warm-up of `warm` on other matches). */
export async function boardgameio(
  port: number,
  size: { tables: number; seats: number; moves: number; warm: number },
): Promise<PeerResult> {
  let dir: string;
  try {
    dir = installed();
  } catch (e) {
    return { measured: false, reason: (e as Error).message };
  }
  const env = { NODE_PATH: path.join(dir, "node_modules"), NODE_ENV: "production" as const };
  const server = await serveGroup(
    process.execPath,
    [path.join(HERE, "server.cjs")],
    port,
    env,
    "/games",
    dir,
  );
  const play = (moves: number) => {
    const out = execFileSync(
      process.execPath,
      [
        path.join(HERE, "clients.cjs"),
        `http://localhost:${port}`,
        String(size.tables),
        String(size.seats),
        String(moves),
      ],
      { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 64 << 20 },
    );
    return JSON.parse(out.trim().split("\n").at(-1)!) as {
      moves: number;
      seconds: number;
      latencies: number[];
    };
  };
  try {
    play(size.warm);
    const r = play(size.moves);
    return {
      measured: true,
      moves: r.moves,
      seconds: r.seconds,
      perSecond: r.moves / r.seconds,
      latency: latency(r.latencies),
    };
  } finally {
    await server.stop();
  }
}

export type PgbenchResult =
  | { measured: true; clients: number; seconds: number; write: number; read: number }
  | { measured: false; reason: string };

/** PostgreSQL's own limit on this machine: pgbench's simple-update (-N) and select-only (-S) runs, when present. */
export function pgbench(url: string, seconds: number, clients = 16): PgbenchResult {
  if (spawnSync("sh", ["-c", "command -v pgbench"]).status !== 0)
    return { measured: false, reason: "pgbench is not installed" };
  const run = (...args: string[]) =>
    execFileSync("pgbench", [...args, url], { encoding: "utf8", stdio: "pipe" });
  run("-i", "-q", "-s", "10");
  const tps = (out: string) => Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  const opts = ["-c", String(clients), "-j", "2", "-T", String(seconds), "-n"];
  return {
    measured: true,
    clients,
    seconds,
    write: tps(run(...opts, "-N")),
    read: tps(run(...opts, "-S")),
  };
}
