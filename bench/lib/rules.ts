// The pure rules, in process, with tinybench: derive a 10,000-act ledger, deal from a seed, the Round Table's vote,
// and the checkpoint audit of 1,000-node declarations. Every input is checked to be legal before it is timed.
import { Bench } from "tinybench";
import councilExample from "@/server/rules/council/fixtures/adopt-a-pattern.json";
import { audit } from "@/server/rules/checkpoint";
import { chainDeclaration, layeredDeclaration } from "@/server/rules/checkpoint";
import { vote, type CouncilState } from "@/server/rules/council";
import {
  DEADLINE_MAX_MS,
  deal,
  derive,
  replay,
  toRecord,
  WORKED_EXAMPLE,
  type Act,
  type Game,
} from "@/server/rules/game";

export type RuleResult = { name: string; meanMs: number; p50Ms: number; p99Ms: number; samples: number };

const MINUTE = 60_000;

/** The worked example's table kept going for 10,000 acts a minute apart: offers and passes with talk. */
function longLedger(acts: number): Game {
  const base = structuredClone(WORKED_EXAMPLE.game) as Game;
  const ledger: Act[] = [];
  for (let i = 0; i < acts; i++) {
    const at = base.startedAt + (i + 1) * MINUTE;
    ledger.push(
      i % 5 === 0
        ? { type: "offer", accord: { ...WORKED_EXAMPLE.accordA }, at }
        : { type: "pass", said: { text: `turn ${i}`, claims: [{ clause: "hold", setting: "sealed" }] }, at },
    );
  }
  return { ...base, deadlineMs: DEADLINE_MAX_MS, acts: ledger };
}

/** Eight seats: the worked example's five and three more who argue for the other options. */
function eightSeats(): CouncilState {
  const state = structuredClone(councilExample) as CouncilState;
  const [a, b, c] = state.options as [string, string, string];
  const more = [
    ["historian", a, 7],
    ["skeptic", c, 8],
    ["operator", b, 6],
  ] as const;
  for (const [name, option, confidence] of more)
    state.agents.push({
      name,
      soul: "(bench seat)",
      rounds: [
        { round: 1, position: option, confidence },
        { round: 2, position: option, confidence, self_update: "no change" },
      ],
      final: { vote: option, confidence, rationale: `${name} holds to ${option}` },
      dissent_note: option === b ? null : `${name} would rather ${option}`,
    });
  return state;
}

export async function benchRules(quick: boolean): Promise<RuleResult[]> {
  const ledger = longLedger(10_000);
  const replayed = replay(toRecord(ledger, WORKED_EXAMPLE.names));
  if (!replayed.ok)
    throw new Error(`the 10,000-act ledger is not legal: act ${replayed.index}: ${replayed.reason}`);
  const lastAt = ledger.acts.at(-1)!.at;
  if (derive(ledger, lastAt).status !== "playing") throw new Error("the long ledger should still be playing");

  const seeds = Array.from({ length: 64 }, (_, i) => (i + 1).toString(16).padStart(64, "0"));
  let s = 0;
  const example = structuredClone(councilExample) as CouncilState;
  if (vote(example).kind !== "decided") throw new Error("the worked example should decide");
  const eight = eightSeats();
  if (eight.agents.length !== 8 || vote(eight).kind === "invalid")
    throw new Error("the 8-seat state is wrong");
  const layered = layeredDeclaration({ waves: 10, width: 100 });
  const chain = chainDeclaration(1000);
  if (layered.nodes.length !== 1000 || chain.nodes.length !== 1000)
    throw new Error("declarations must be 1,000 nodes");
  if (!audit(layered).declarationValid) throw new Error("the layered declaration should be valid");

  const bench = new Bench({ time: quick ? 300 : 1000, warmupTime: quick ? 100 : 300 });
  bench
    .add("derive a 10,000-act ledger", () => void derive(ledger, lastAt))
    .add("deal 5 seats from a seed", () => void deal(seeds[s++ % seeds.length]!, 5))
    .add("vote: the worked example (5 seats)", () => void vote(example))
    .add("vote: 8 seats", () => void vote(eight))
    .add("audit 1,000 nodes (10 waves × 100)", () => void audit(layered))
    .add("audit 1,000 nodes (a chain)", () => void audit(chain));
  await bench.run();
  return bench.tasks.map((t) => {
    const r = t.result;
    if (r.state !== "completed") throw new Error(`${t.name}: ${r.state}`);
    return {
      name: t.name,
      meanMs: r.latency.mean,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      samples: r.latency.samples?.length ?? Math.round(r.totalTime / r.period),
    };
  });
}
