// App processes as hosts for a test: each in a network namespace of its own, with its own address on a bridge in the
// root namespace, where the services they share listen on the bridge's address (PostgreSQL through a forwarder, NATS,
// HAProxy with the configuration docs/scaling.md shows). Everything made here is removed by `remove()`.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { NATS_SERVER, startService, type Service } from "./services";

export const HAPROXY = process.env.HAPROXY ?? "/usr/sbin/haproxy";
const ROOT = path.resolve(import.meta.dirname, "../..");
/** The port every app host serves on, as in the documented configuration (each host has its own address). */
export const APP_PORT = 3000;

const ip = (...args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "pipe", "pipe"] }).toString();

/** Why app hosts cannot be made on this machine (root, `ip netns`, HAProxy, nats-server), or null when they can. */
export function hostsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "network namespaces need root";
  if (!fs.existsSync(HAPROXY)) return `HAProxy is not installed at ${HAPROXY}`;
  if (!fs.existsSync(NATS_SERVER)) return `nats-server is not installed at ${NATS_SERVER}`;
  const probe = `parley-probe-${process.pid}`;
  try {
    ip("netns", "add", probe);
    ip("netns", "del", probe);
  } catch (e) {
    return `ip netns does not work here: ${String((e as { stderr?: Buffer }).stderr ?? e).trim()}`;
  }
  return null;
}

const NS_PREFIX = "parley-hosts-";

/** Namespaces and bridges a run that died before its clean-up left (their creator's pid is in their names). */
function removeStale(): void {
  for (const line of ip("netns", "list").split("\n")) {
    const m = new RegExp(`^${NS_PREFIX}([0-9a-z]+)x[0-9a-f]+-\\d`).exec(line);
    if (!m || alive(parseInt(m[1]!, 36))) continue;
    const ns = line.split(" ")[0]!;
    killInside(ns);
    tryIp("netns", "del", ns);
  }
  for (const line of ip("-o", "link", "show", "type", "bridge").split("\n")) {
    const m = /^\d+: (pb([0-9a-z]+)x[0-9a-f]+)[:@]/.exec(line);
    if (m && !alive(parseInt(m[2]!, 36))) tryIp("link", "del", m[1]!);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tryIp(...args: string[]) {
  try {
    ip(...args);
  } catch {
    /* already gone */
  }
}

function killInside(ns: string) {
  let pids: string[] = [];
  try {
    pids = ip("netns", "pids", ns).split("\n").filter(Boolean);
  } catch {
    return;
  }
  for (const pid of pids)
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {
      /* gone */
    }
}

/** A /24 of 10/8 no address or route of this machine names yet, as its first three octets. */
function freeSubnet(): string {
  const used = ip("-4", "route", "show") + ip("-4", "addr", "show");
  for (;;) {
    const prefix = `10.${100 + Math.floor(Math.random() * 150)}.${Math.floor(Math.random() * 256)}`;
    if (!used.includes(`${prefix}.`)) return prefix;
  }
}

export type Network = {
  /** The bridge's address in the root namespace: where the shared services listen. */
  gateway: string;
  /** The first three octets of the network (`10.x.y`). */
  prefix: string;
  namespaces: string[];
  /** Host k's (1-based) address: `<prefix>.1k`, as app1…app3 in the documented configuration. */
  addressOf(k: number): string;
  /** Kills what still runs inside, deletes the namespaces (their veth pairs go with them) and the bridge. */
  remove(): void;
};

/** `n` hosts: namespaces, each with a veth pair to a bridge of this run's in the root namespace. */
export function createNetwork(n: number): Network {
  removeStale();
  const id = `${process.pid.toString(36)}x${randomBytes(2).toString("hex")}`;
  const prefix = freeSubnet();
  const bridge = `pb${id}`;
  const namespaces = Array.from({ length: n }, (_, i) => `${NS_PREFIX}${id}-${i + 1}`);
  const network: Network = {
    gateway: `${prefix}.1`,
    prefix,
    namespaces,
    addressOf: (k) => `${prefix}.${10 + k}`,
    remove() {
      for (const ns of namespaces) {
        killInside(ns);
        tryIp("netns", "del", ns);
      }
      tryIp("link", "del", bridge);
    },
  };
  try {
    ip("link", "add", bridge, "type", "bridge");
    ip("addr", "add", `${network.gateway}/24`, "dev", bridge);
    ip("link", "set", bridge, "up");
    namespaces.forEach((ns, i) => {
      const veth = `pv${id}${i + 1}`;
      ip("netns", "add", ns);
      ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
      ip("link", "set", veth, "master", bridge, "up");
      ip("-n", ns, "addr", "add", `${network.addressOf(i + 1)}/24`, "dev", "eth0");
      ip("-n", ns, "link", "set", "eth0", "up");
      ip("-n", ns, "link", "set", "lo", "up");
    });
  } catch (e) {
    network.remove();
    throw e;
  }
  return network;
}

export type AppHost = {
  address: string;
  /** Whether its process is still there (it exits at once on a start-up it cannot recover from). */
  running(): boolean;
  log(): string;
  /** SIGKILL to the host's processes: its connections end as a crashed machine's would be reset. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The built app (`npm start`: dist/start.mjs) inside namespace `ns`, on APP_PORT. Its readiness is the balancer's to
 * tell: the app answers only the host names it serves (PARLEY_URL's), which a request to its own address is not.
 */
export function startAppHost(ns: string, address: string, env: Record<string, string>): AppHost {
  const out: string[] = [];
  const child: ChildProcess = spawn(
    "ip",
    ["netns", "exec", ns, process.execPath, path.join(ROOT, "dist/start.mjs"), "-p", String(APP_PORT)],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", ...env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (d) => out.push(String(d)));
  child.stderr!.on("data", (d) => out.push(String(d)));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = async (sig: NodeJS.Signals) => {
    if (!running()) return;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* gone */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  };
  return {
    address,
    running,
    log: () => out.join(""),
    kill: () => signal("SIGKILL"),
    async stop() {
      await signal("SIGTERM");
      await signal("SIGKILL");
    },
  };
}

export type Forwarder = {
  port: number;
  /** The address a connection came from, by the local port of its onward connection (`client_port` in PostgreSQL). */
  sourceOf(onwardPort: number): string | undefined;
  close(): Promise<void>;
};

/**
 * A TCP forwarder on `host` (the bridge's address) to `to`: the machine's PostgreSQL listens on 127.0.0.1 only. It
 * notes where each connection came from, so a backend's `client_port` names the app host behind it.
 */
export async function forwarder(host: string, to: { host: string; port: number }): Promise<Forwarder> {
  const sources = new Map<number, string>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((down) => {
    const up = net.connect(to.port, to.host, () => sources.set(up.localPort!, down.remoteAddress!));
    for (const [a, b] of [
      [down, up],
      [up, down],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.once("close", () => (sockets.delete(a), b.destroy()));
    }
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return {
    port: (server.address() as net.AddressInfo).port,
    sourceOf: (port) => sources.get(port),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * The HAProxy configuration docs/scaling.md shows, as written, but for where this run's balancer and hosts are:
 * `bind :80` becomes `bind <bind>`, the hosts' `10.0.0.` their network's prefix; a stats socket is added (the test
 * reads each server's state there). Throws when the page no longer has those, so the test never runs another.
 */
export function documentedBalancer(at: { bind: string; prefix: string; socket: string }): string {
  const page = fs.readFileSync(path.join(ROOT, "docs/scaling.md"), "utf8");
  const block = /```\n(defaults\n[\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error("docs/scaling.md shows no HAProxy configuration");
  const binds = block.match(/^ {2}bind :80$/gm)?.length ?? 0;
  const hosts = block.match(/ 10\.0\.0\.\d+:3000 /g)?.length ?? 0;
  if (binds !== 1 || hosts !== 3) throw new Error("docs/scaling.md's HAProxy configuration changed its form");
  const config = block
    .replace(/^ {2}bind :80$/m, `  bind ${at.bind}`)
    .replaceAll(" 10.0.0.", ` ${at.prefix}.`);
  return `global\n  stats socket ${at.socket} level admin\n${config}`;
}

export type Balancer = Service & {
  url: string;
  /** Each server of the backend: its state (UP, DOWN…), its last check and its open sessions. */
  servers(): Promise<Map<string, { status: string; check: string; sessions: number }>>;
};

/** HAProxy with `config` (see `documentedBalancer`), in front at `host:port`. */
export async function startBalancer(
  config: (socket: string) => string,
  host: string,
  port: number,
): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-haproxy-"));
  const socket = path.join(dir, "admin.sock");
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, config(socket));
  const s = await startService(HAPROXY, ["-db", "-f", file], port, host);
  return {
    ...s,
    url: `http://${host}:${port}`,
    async servers() {
      const csv = await ask(socket, "show stat");
      const [head, ...rows] = csv.trim().split("\n");
      const cols = head!.replace(/^# /, "").split(",");
      const at = (r: string[], name: string) => r[cols.indexOf(name)] ?? "";
      const found = new Map<string, { status: string; check: string; sessions: number }>();
      for (const r of rows.map((l) => l.split(",")))
        if (at(r, "pxname") === "apps" && !["FRONTEND", "BACKEND"].includes(at(r, "svname")))
          found.set(at(r, "svname"), {
            status: at(r, "status"),
            check: at(r, "check_status"),
            sessions: Number(at(r, "scur")),
          });
      return found;
    },
    async stop(signal) {
      await s.stop(signal);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One command on HAProxy's stats socket, and its whole answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const c = net.connect(socket, () => c.end(`${command}\n`));
    c.on("data", (d) => (out += String(d)));
    c.once("end", () => resolve(out));
    c.once("error", reject);
  });
}
