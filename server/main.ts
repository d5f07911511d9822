// The app's one process and port: a node:http listener whose fast lane (server/fast/lane.ts) serves the doors — the
// JSON API, tRPC, MCP and the live feed — and hands everything else to Next (the pages, their assets, next-auth's
// routes, hot reload in development), each page's render charged to who asks (server/fast/pages.ts). `npm run dev` runs it under tsx with --dev; `npm start` runs its bundle
// (dist/start.mjs, written by `npm run build`: scripts/bundle-server.mjs); `-p`/PORT and `-H` as Next's own commands
// take them.
import { createServer } from "node:http";

const args = process.argv.slice(2);
const dev = args.includes("--dev");
// As `next dev` and `next start` set it, before anything of Next's reads it.
(process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";
// Next's server modules read AsyncLocalStorage from globalThis, which this sets (as `next start` does first); the
// doors import next-auth, which imports them, so it comes before any of ours.
const baseline = "next/dist/server/node-environment-baseline.js"; // no types: it only sets globals
await import(baseline);
const { default: next } = await import("next");
const { boot } = await import("./boot");
const { exitIfDataDirLocked } = await import("./datalock");
const { route, servePage } = await import("./fast");
const { peerWrittenByServer } = await import("./http/address");
const { releaseEveryStream } = await import("./http/streams");

function option(short: string, long: string): string | undefined {
  const i = args.findIndex((a) => a === short || a === long);
  return i >= 0 ? args[i + 1] : undefined;
}

const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
// Without -H: every address of the machine, IPv4 and IPv6 alike (localhost and 127.0.0.1 both answer), as Next's.
const hostname = option("-H", "--hostname");

// Each request's TCP peer is written down before anything reads the request, a guest's address for its rate limits:
// by servePage for Next's requests, by the fast lane for the doors' (server/http/address.ts).
peerWrittenByServer();
const app = next({ dev, port, ...(hostname ? { hostname } : {}) });
const handle = app.getRequestHandler();
await app.prepare();

// A render is charged to who asks, as an API read is (server/fast/pages.ts).
const server = createServer(route((req, res) => servePage(handle, req, res)));
// Hot reload's socket (development) is Next's: it listens for upgrades on this server itself at its first request.
server.listen(port, hostname, () => {
  console.log(`> Parley ${dev ? "(development) " : ""}at http://${hostname ?? "localhost"}:${port}`);
});

try {
  await boot();
} catch (e) {
  // A locked embedded database exits at once; any other failure (PostgreSQL down, say) lets the server stay up and
  // answer 503 until the database is back.
  exitIfDataDirLocked(e);
  console.error("start-up failed:", e);
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    server.close();
    // The streams this process holds open end with it: their places are given back now, not when their leases run out.
    void Promise.all([releaseEveryStream(), app.close()]).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  });
