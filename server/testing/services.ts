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

/** Waits until something accepts connections on the port. */
export async function listening(port: number, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const c = net.connect(port, "127.0.0.1");
      c.once("connect", () => (c.destroy(), r(true)));
      c.once("error", () => r(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type Service = { stop(signal?: NodeJS.Signals): Promise<void>; child: ChildProcess };

export async function startService(cmd: string, args: string[], port: number): Promise<Service> {
  const child = spawn(cmd, args, { detached: true, stdio: "ignore" });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  await Promise.race([listening(port), exited.then(() => Promise.reject(new Error(`${cmd} exited`)))]);
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

/** A nats-server with JetStream of the test's own, its store in `dir` (kept across a restart on the same port). */
export async function startNats(
  port: number,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-nats-")),
): Promise<Service & { url: string; dir: string }> {
  const s = await startService(NATS_SERVER, ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", dir], port);
  return { ...s, url: `nats://127.0.0.1:${port}`, dir };
}
