// Start and stop the processes under test — `next start` and the baseline — each in its own process group.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type Served = {
  url: string;
  pid: number;
  /** The members of the process group with their resident memory, largest first. */
  processes(): { pid: number; name: string; rssMb: number }[];
  stop(): Promise<void>;
  log(): string;
};

export async function serveGroup(
  cmd: string,
  args: string[],
  port: number,
  env: Record<string, string>,
  health: string,
  cwd = process.cwd(),
): Promise<Served> {
  await assertFree(port);
  const out: string[] = [];
  const child: ChildProcess = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    detached: true, // its own process group, so stop() reaches the children `next start` forks
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => out.push(String(d)));
  child.stderr!.on("data", (d) => out.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited early:\n${out.join("")}`);
    try {
      const r = await fetch(url + health);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${cmd} did not answer in time:\n${out.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const pgid = child.pid!;
  running.add(pgid);
  return {
    url,
    pid: pgid,
    log: () => out.join(""),
    processes: () => groupMembers(pgid),
    async stop() {
      signal(pgid, "SIGTERM");
      // Wait for the whole group to leave: the embedded database's files are reopened by the next process.
      const until = Date.now() + 8_000;
      while (groupMembers(pgid).length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      signal(pgid, "SIGKILL");
      while (groupMembers(pgid).length) await new Promise((r) => setTimeout(r, 50));
      running.delete(pgid);
    },
  };
}

/** Process groups started and not yet stopped, so an interrupted bench leaves no server behind. */
const running = new Set<number>();

/** Kills every group this bench started (on Ctrl-C or a crash): no waiting, the bench is leaving. */
export function killAll(): void {
  for (const pgid of running) signal(pgid, "SIGKILL");
  running.clear();
}

/** A port someone else serves on would answer our health check and be measured in our place. */
function assertFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () => reject(new Error(`port ${port} is in use; stop what serves there first`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

function signal(pgid: number, sig: NodeJS.Signals) {
  try {
    process.kill(-pgid, sig);
  } catch {
    /* gone already */
  }
}

let ticks = 0;
/** Clock ticks a second, as /proc counts CPU time (100 on Linux unless the kernel says otherwise). */
function ticksPerSecond() {
  if (!ticks) {
    try {
      ticks = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/** Each live process's pid, its name (comm) and the fields of /proc/<pid>/stat after the name (field 3 onwards). */
function* processes(): Generator<{ pid: number; comm: string; fields: string[] }> {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // it left while we looked
    }
    // the name may hold spaces and parentheses: it runs from the first "(" to the last ")"
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] !== "Z") yield { pid: Number(entry), comm, fields };
  }
}

/**
 * CPU time (user + system, ms) spent so far by each member of process group `pgid`, or by each process of the
 * PostgreSQL server on this machine ("postgres": its backends, the app's and the baseline's connections alike), by
 * pid. `cpuSince` sums what each spent after a first reading, so a process that left meanwhile (a pool closing an
 * idle connection) does not take its whole history out of the sum.
 */
export function cpuMs(of: number | "postgres"): Map<number, number> {
  const by = new Map<number, number>();
  for (const { pid, comm, fields } of processes()) {
    if (of === "postgres" ? comm !== "postgres" : Number(fields[2]) !== of) continue;
    // utime and stime, fields 14 and 15
    by.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond());
  }
  return by;
}

export function cpuSince(before: Map<number, number>, of: number | "postgres"): number {
  let sum = 0;
  for (const [pid, ms] of cpuMs(of)) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** The machine's busy CPU time so far (ms, all cores): /proc/stat's first line less its idle and iowait. */
function machineBusyMs(): number {
  const [, ...f] = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0); // user … steal; guest is counted in user already
  return ((total - n[3]! - n[4]!) * 1000) / ticksPerSecond();
}

/**
 * Waits until the machine is idle: a 100 ms window in which all its processes together used under a fifth of a
 * core, or `maxMs`. A saturated run that stops at a deadline leaves a request in flight on
 * each of its connections (autocannon hangs up; the server still answers them), so a run started at once would
 * charge the last one's backlog to its own first requests (a paced run's slow answers all came in its first moments).
 */
export async function idle(maxMs = 5_000): Promise<void> {
  const started = performance.now();
  let before = machineBusyMs();
  while (performance.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 100));
    const now = machineBusyMs();
    if (now - before < 20) return;
    before = now;
  }
}

/** Processes whose process group is `pgid` (field 5 of stat), with VmRSS from status. */
export function groupMembers(pgid: number): { pid: number; name: string; rssMb: number }[] {
  const found: { pid: number; name: string; rssMb: number }[] = [];
  for (const { pid, fields } of processes()) {
    if (Number(fields[2]) !== pgid) continue;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const name = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
      found.push({ pid, name: name.slice(0, 60), rssMb: rssKb / 1024 });
    } catch {
      /* it left while we looked */
    }
  }
  return found.sort((a, b) => b.rssMb - a.rssMb);
}

/**
 * The built app in `dir` (default: here), as `npm start` serves it in production (dist/start.mjs, the bundle of
 * server/main.ts: the fast lane in front of Next; a checkout from before the bundle runs server/main.ts under tsx, as
 * its `npm start` did); `nodeArgs` (e.g. --cpu-prof) go to its node.
 */
export function startApp(
  port: number,
  env: Record<string, string>,
  opts: { dir?: string; nodeArgs?: string[] } = {},
): Promise<Served> {
  const dir = path.resolve(opts.dir ?? ".");
  const cmd = process.execPath;
  const bundle = path.join(dir, "dist/start.mjs");
  const entry = fs.existsSync(bundle) ? [bundle] : ["--import", "tsx", path.join(dir, "server/main.ts")];
  const args = [...(opts.nodeArgs ?? []), ...entry, "-p", String(port)];
  return serveGroup(cmd, args, port, { NODE_ENV: "production", ...env }, "/api/health", dir);
}

/** The bare node:http server the app is compared with (bench/baseline.ts). */
export function startBaseline(port: number, env: Record<string, string>): Promise<Served> {
  return serveGroup(
    path.resolve("node_modules/.bin/tsx"),
    ["bench/baseline.ts"],
    port,
    { NODE_ENV: "production", ...env },
    "/health",
  );
}

/** A bare node:http hello (bench/hello.ts): the floor the app's per-request overhead is measured against. */
export function startHello(port: number): Promise<Served> {
  return serveGroup(path.resolve("node_modules/.bin/tsx"), ["bench/hello.ts"], port, {}, "/");
}
