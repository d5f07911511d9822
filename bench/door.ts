// The door's own work, in process (bench/lib/door.ts runs this in a child process and reads the JSON line it prints).
// A real node:http request is taken once from a real socket, then handed again and again to the fast lane's plain
// door (servePlain) as the server hands it; the answer goes to a response that keeps nothing, so node's HTTP writer
// and the socket (the bare hello pays those too) are left out. Each tinybench iteration is 1,000 calls: the
// health probe every caller shares then answers within the iterations' own turns, as it does in the server.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Bench } from "tinybench";
import { getDb } from "@/server/db";
import { apiDoor } from "@/server/doors/http";
import { servePlain } from "@/server/fast/lane";
import { peerWrittenByServer } from "@/server/http/address";

const CALLS = 1_000;

peerWrittenByServer(); // as server/main.ts does: the floor reads a guest's address from the socket
await getDb(); // opened and migrated before anything is timed

/** One real request for each path, as node:http parsed it. */
async function requestFor(target: string): Promise<IncomingMessage> {
  let taken: IncomingMessage | null = null;
  const server = createServer((req, res) => {
    taken = req;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${target}`);
  await new Promise<void>((r) => server.close(() => r()));
  return taken!;
}

/** A response that takes the head and the body and keeps only their size, checked below. */
function nowhere() {
  const seen = { status: 0, bytes: 0 };
  const res = {
    headersSent: false,
    writeHead(status: number, head: string[]) {
      seen.status = status;
      seen.bytes += head.length;
      return res;
    },
    end(body: string) {
      seen.bytes += body.length;
    },
  };
  return { res: res as unknown as ServerResponse, seen };
}

const cases = [
  { name: "GET /api/health through the plain door", target: "/api/health", status: 200 },
  { name: "a 404, a path no route has, through the plain door", target: "/api/nothing", status: 404 },
];

const quick = process.env.BENCH_QUICK === "1";
const bench = new Bench({ time: quick ? 300 : 1000, warmupTime: quick ? 100 : 300 });
for (const c of cases) {
  const req = await requestFor(c.target);
  const { res, seen } = nowhere();
  // The first health call starts the probe; once it has answered, the door answers at once (no promise).
  for (let tries = 0; tries < 100 && seen.status !== c.status; tries++) {
    seen.status = 0;
    servePlain(apiDoor, req, res);
    if (seen.status !== c.status) await new Promise((r) => setTimeout(r, 20));
  }
  if (seen.status !== c.status)
    throw new Error(`${c.target} answered ${seen.status}, not ${c.status}, at once`);
  bench.add(
    c.name,
    () => {
      for (let i = 0; i < CALLS; i++) servePlain(apiDoor, req, res);
    },
    // A turn of the event loop between iterations, untimed, as the server has between reads of its sockets: the
    // probe a second later answers there, not by the promises of the calls made while it is out.
    { beforeEach: () => new Promise<void>((r) => setImmediate(r)) },
  );
}
await bench.run();
const results = bench.tasks.map((t) => {
  const r = t.result;
  if (r.state !== "completed") throw new Error(`${t.name}: ${r.state}`);
  const ns = (msPerIteration: number) => (msPerIteration * 1e6) / CALLS;
  return {
    name: t.name,
    meanNs: ns(r.latency.mean),
    p50Ns: ns(r.latency.p50),
    p99Ns: ns(r.latency.p99),
    samples: r.latency.samplesCount,
  };
});
console.log(JSON.stringify({ results }));
process.exit(0);
