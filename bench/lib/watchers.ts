// The fan-out's SSE watchers of one table: held in this process, or spread over forked load-generator processes
// (bench/lib/watcher-child.ts) when one process's open files or one core cannot hold them all. Either way, each
// watcher's arrival is an epoch time in ms (`performance.timeOrigin + performance.now()`), comparable across
// processes on one machine, and each act's arrivals are handed back once every watcher has it or on `flush`.
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";

export const now = () => performance.timeOrigin + performance.now();

/** Opens one SSE watcher; resolves once its first bytes arrived (the server follows the topic from then). */
export function watch(url: URL, path: string, onEvent: (data: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buf = "";
      let first = true;
      res.on("data", (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) onEvent(data);
        }
        if (first) {
          first = false;
          resolve(req);
        }
      });
      res.on("error", () => {});
    });
    req.on("error", reject);
    req.setTimeout(0);
  });
}

/** `count` watchers, watcher i on `urls[i mod n]`, opened 100 at a time; the turn of each act event is handed on. */
export async function openWatchers(
  urls: URL[],
  path: string,
  count: number,
  onAct: (turn: number) => void,
): Promise<http.ClientRequest[]> {
  const onEvent = (data: string) => {
    const e = JSON.parse(data) as { type: string; payload: { turn?: number } };
    if (e.type === "act" && typeof e.payload.turn === "number") onAct(e.payload.turn);
  };
  const streams: http.ClientRequest[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Math.min(100, count - i);
    const opened = await Promise.allSettled(
      Array.from({ length: batch }, (_, j) => watch(urls[(i + j) % urls.length]!, path, onEvent)),
    );
    for (const o of opened) if (o.status === "fulfilled") streams.push(o.value);
  }
  return streams;
}

export type Watchers = {
  connected: number;
  /** The epoch times at which the watchers had act `turn`: all of them, or those in by `deadline` (epoch ms). */
  arrivals(turn: number, deadline: number): Promise<number[]>;
  /** CPU time (ms) the watchers' processes have used so far. */
  cpuMs(): Promise<number>;
  close(): void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Watchers held in this process. */
export async function watchersHere(urls: URL[], path: string, count: number): Promise<Watchers> {
  const seen = new Map<number, number[]>();
  const streams = await openWatchers(urls, path, count, (turn) => {
    const at = seen.get(turn) ?? [];
    at.push(now());
    seen.set(turn, at);
  });
  return {
    connected: streams.length,
    async arrivals(turn, deadline) {
      while ((seen.get(turn)?.length ?? 0) < streams.length && now() < deadline) await sleep(5);
      const at = seen.get(turn) ?? [];
      seen.delete(turn);
      return at;
    },
    cpuMs: async () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    },
    close: () => streams.forEach((s) => s.destroy()),
  };
}

type FromChild =
  | { kind: "open"; connected: number }
  | { kind: "arrivals"; turn: number; at: number[] }
  | { kind: "cpu"; ms: number };

/** Watchers spread evenly over `processes` forked load generators. */
export async function watchersForked(
  urls: URL[],
  events: string,
  count: number,
  processes: number,
): Promise<Watchers> {
  const children: ChildProcess[] = [];
  const inbox: FromChild[][] = [];
  const next = async <K extends FromChild["kind"]>(
    i: number,
    kind: K,
    deadline = Infinity,
    turn?: number,
  ) => {
    for (;;) {
      const at = inbox[i]!.findIndex((m) => m.kind === kind && (m.kind !== "arrivals" || m.turn === turn));
      if (at >= 0) return inbox[i]!.splice(at, 1)[0] as Extract<FromChild, { kind: K }>;
      if (now() > deadline) return null;
      await sleep(5);
    }
  };
  const script = path.join(import.meta.dirname, "watcher-child.ts");
  for (let i = 0; i < processes; i++) {
    const child = fork(script, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    inbox.push([]);
    child.on("message", (m: FromChild) => inbox[i]!.push(m));
    children.push(child);
    const share = Math.floor(count / processes) + (i < count % processes ? 1 : 0);
    child.send({ kind: "open", urls: urls.map(String), path: events, count: share });
  }
  let connected = 0;
  for (let i = 0; i < processes; i++) connected += (await next(i, "open"))!.connected;
  return {
    connected,
    async arrivals(turn, deadline) {
      const parts = await Promise.all(
        children.map(async (c, i) => {
          const done = await next(i, "arrivals", deadline, turn);
          if (done) return done.at;
          c.send({ kind: "flush", turn });
          return (await next(i, "arrivals", Infinity, turn))!.at;
        }),
      );
      return parts.flat();
    },
    async cpuMs() {
      children.forEach((c) => c.send({ kind: "cpu" }));
      const ms = await Promise.all(children.map((_, i) => next(i, "cpu")));
      return ms.reduce((a, m) => a + m!.ms, 0);
    },
    close: () => children.forEach((c) => c.kill("SIGKILL")),
  };
}
