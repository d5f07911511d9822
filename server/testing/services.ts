// Services a test starts for itself (its own nats-server, a pgbouncer): in their own process group, stopped by it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A port free now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Waits until something accepts connections on the port (of `host`). */
export async function listening(port: number, ms = 15_000, host = "127.0.0.1"): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const c = net.connect(port, host);
      c.once("connect", () => (c.destroy(), r(true)));
      c.once("error", () => r(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type Service = { stop(signal?: NodeJS.Signals): Promise<void>; child: ChildProcess };

export async function startService(
  cmd: string,
  args: string[],
  port: number,
  host = "127.0.0.1",
): Promise<Service> {
  const child = spawn(cmd, args, { detached: true, stdio: "ignore" });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  await Promise.race([
    listening(port, 15_000, host),
    exited.then(() => Promise.reject(new Error(`${cmd} exited`))),
  ]);
  return {
    child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          /* already gone */
        }
        await exited;
      }
    },
  };
}

export const NATS_SERVER = process.env.NATS_SERVER ?? "/usr/sbin/nats-server";

/**
 * A nats-server with JetStream of the test's own on `host` (default 127.0.0.1), its store in `dir` (kept across a
 * restart on the same port).
 */
export async function startNats(
  port: number,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-nats-")),
  host = "127.0.0.1",
): Promise<Service & { url: string; dir: string }> {
  const s = await startService(NATS_SERVER, ["-a", host, "-p", String(port), "-js", "-sd", dir], port, host);
  return { ...s, url: `nats://${host}:${port}`, dir };
}

export const PGBOUNCER = process.env.PGBOUNCER ?? "/usr/sbin/pgbouncer";

/**
 * A PgBouncer in transaction mode on `port`, in front of the PostgreSQL server of `server` (a URL), trusting as that
 * server does. Run as `nobody` when this process is root (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(
  port: number,
  server: string,
): Promise<Service & { urlOf(db: string): string }> {
  const u = new URL(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const user = decodeURIComponent(u.username) || "root";
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`, { mode: 0o644 });
  const ini = [
    "[databases]",
    `* = host=${u.hostname} port=${u.port || 5432}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    "pool_mode = transaction",
    "max_client_conn = 500",
    "default_pool_size = 4",
    "ignore_startup_parameters = extra_float_digits,options",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "pgbouncer.ini"), `${ini}\n`, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
  const s = await startService(PGBOUNCER, [...asRoot, path.join(dir, "pgbouncer.ini")], port);
  return {
    ...s,
    urlOf(db) {
      const to = new URL(server);
      to.host = `127.0.0.1:${port}`;
      to.pathname = `/${db}`;
      return to.toString();
    },
    async stop(signal) {
      await s.stop(signal);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
