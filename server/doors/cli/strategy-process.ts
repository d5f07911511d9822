// An outside strategy (game.md §16) as a child process: started once through the shell, asked one JSON line per
// decision on its stdin, answered by one JSON line on its stdout with the same id, within the reply time. A program
// that exits is started again once; after its second exit every ask is answered at once with the fault.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { ArenaReply } from "@/server/rules/game";

type Pending = { id: number; resolve: (r: ArenaReply) => void; timer: NodeJS.Timeout };

/** How long a program has to exit once its stdin is closed at the end of a run, before it is ended. */
const CLOSE_GRACE_MS = 2_000;

export type StrategyProcess = {
  /** Writes `line` (a request with this id) and waits for the reply with the same id, or a fault. */
  ask(id: number, line: string, replyMs: number): Promise<ArenaReply>;
  /** Closes its stdin, and ends it (its process group) if it has not exited within the grace. */
  close(): Promise<void>;
};

export function startStrategy(command: string, opts: { cwd: string }): StrategyProcess {
  let child: ChildProcessByStdio<Writable, Readable, null> | null = null;
  let alive = false;
  let starts = 0;
  let lastExit = "";
  let pending: Pending | null = null;
  let buffered = "";

  const settle = (r: ArenaReply) => {
    const p = pending;
    if (!p) return;
    pending = null;
    clearTimeout(p.timer);
    p.resolve(r);
  };

  const onLine = (line: string) => {
    if (!pending || line.trim() === "") return; // nothing asked: a reply that came too late, or chatter
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return settle({ fault: "malformed", reason: "The reply is not one line of JSON." });
    }
    const id =
      typeof raw === "object" && raw !== null && !Array.isArray(raw)
        ? (raw as { id?: unknown }).id
        : undefined;
    // A reply to an earlier request, which was late: it was a pass already, and this one is still awaited.
    if (typeof id === "number" && id < pending.id) return;
    if (id !== pending.id)
      return settle({ fault: "malformed", reason: `The reply's "id" must be ${pending.id}, the request's.` });
    const { id: _id, ...reply } = raw as Record<string, unknown>;
    settle({ reply });
  };

  const start = () => {
    starts++;
    buffered = "";
    const c = spawn(command, {
      shell: true,
      cwd: opts.cwd,
      stdio: ["pipe", "pipe", "inherit"],
      detached: true,
    });
    child = c;
    alive = true;
    c.stdout.setEncoding("utf8");
    c.stdout.on("data", (chunk: string) => {
      if (child !== c) return;
      buffered += chunk;
      for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        onLine(line);
      }
    });
    // A write to a program that has gone fails with EPIPE; its exit says so.
    c.stdin.on("error", () => {});
    c.on("error", (e) => {
      if (child !== c) return;
      alive = false;
      lastExit = `it could not be started (${e.message})`;
      settle({ fault: "exited", reason: `The program ${lastExit}.` });
    });
    c.on("exit", (code, signal) => {
      if (child !== c) return;
      alive = false;
      lastExit = signal ? `it was ended by ${signal}` : `it exited with code ${code}`;
      settle({ fault: "exited", reason: `The program ${lastExit.replace(/^it /, "")} before replying.` });
    });
  };

  return {
    ask(id, line, replyMs) {
      if (!alive && starts < 2) start();
      if (!alive)
        return Promise.resolve({
          fault: "exited",
          reason: `The program exited again after its one restart (${lastExit}); its seats pass.`,
        });
      return new Promise<ArenaReply>((resolve) => {
        const timer = setTimeout(
          () => settle({ fault: "late", reason: `No reply within ${replyMs} ms.` }),
          replyMs,
        );
        pending = { id, resolve, timer };
        child!.stdin.write(`${line}\n`);
      });
    },
    async close() {
      const c = child;
      if (!c || !alive) return;
      const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
      c.stdin.end();
      const timer = setTimeout(() => {
        try {
          process.kill(-c.pid!, "SIGKILL"); // its own process group: the shell and what it started
        } catch {
          /* gone already */
        }
      }, CLOSE_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
