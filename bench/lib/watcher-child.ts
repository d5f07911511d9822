// One load-generator process of bench/lib/watchers.ts: opens its share of SSE watchers, then hands back, per act, the
// epoch times at which its watchers had it: as soon as all of them have, or when asked to flush.
import { now, openWatchers } from "./watchers";

type ToChild =
  | { kind: "open"; urls: string[]; path: string; count: number }
  | { kind: "flush"; turn: number }
  | { kind: "cpu" };

const seen = new Map<number, number[]>();
let connected = Infinity;
const send = (m: unknown) => process.send!(m);

function report(turn: number) {
  send({ kind: "arrivals", turn, at: seen.get(turn) ?? [] });
  seen.delete(turn);
}

process.on("message", (m: ToChild) => {
  if (m.kind === "open") {
    void openWatchers(
      m.urls.map((u) => new URL(u)),
      m.path,
      m.count,
      (turn) => {
        const at = seen.get(turn) ?? [];
        at.push(now());
        seen.set(turn, at);
        if (at.length === connected) report(turn);
      },
    ).then((streams) => {
      connected = streams.length;
      send({ kind: "open", connected });
    });
  } else if (m.kind === "flush") {
    report(m.turn);
  } else {
    const u = process.cpuUsage();
    send({ kind: "cpu", ms: (u.user + u.system) / 1000 });
  }
});
process.on("disconnect", () => process.exit(0));
