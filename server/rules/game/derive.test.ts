// derive stays one pass over the ledger: a 10,000-act table derives in a few milliseconds.

import { describe, expect, it } from "vitest";
import { DEADLINE_MAX_MS } from "./constants";
import { derive } from "./derive";
import { toRecord } from "./record";
import { replay } from "./replay";
import { MINUTE } from "./test-kit";
import type { Act, Game } from "./types";
import { WORKED_EXAMPLE } from "./worked-example";

const ACTS = 10_000;

/** The worked example's table kept going for 10,000 acts a minute apart: A offered, Brine accepts, the rest talk. */
function longTable(): Game {
  const base = WORKED_EXAMPLE.game;
  const acts: Act[] = [];
  for (let i = 0; i < ACTS; i++) {
    const at = base.startedAt + (i + 1) * MINUTE;
    const act: Act =
      i % 5 === 0
        ? { type: "offer", accord: { ...WORKED_EXAMPLE.accordA }, at }
        : i % 5 === 1
          ? { type: "accept", cite: { clause: "ledger", setting: "redacted" }, at }
          : {
              type: "pass",
              said: { text: `turn ${i}`, claims: [{ clause: "hold", setting: "sealed" }] },
              at,
            };
    acts.push(act);
  }
  return { ...structuredClone(base), deadlineMs: DEADLINE_MAX_MS, acts };
}

describe("derive on a long ledger", () => {
  const game = longTable();

  it("is a legal ledger (replay agrees) and derives its state", () => {
    const replayed = replay(toRecord(game, WORKED_EXAMPLE.names));
    expect(replayed).toMatchObject({ ok: true, value: { acts: ACTS, acceptances: [1] } });
    const d = derive(game, game.acts.at(-1)!.at);
    expect(d).toMatchObject({ status: "playing", actCount: ACTS, turn: ACTS % 5 });
    expect(d.sworn).toHaveLength(ACTS / 5);
    expect(d.said).toHaveLength((ACTS * 3) / 5);
  });

  it("takes well under the 5 ms target per derive (asserted loosely for slow machines)", () => {
    for (let i = 0; i < 20; i++) derive(game, game.startedAt); // warm up
    const runs = 50;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      derive(game, game.acts.at(-1)!.at);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(runs / 2)] ?? Infinity;
    console.info(`derive of ${ACTS} acts: median ${median.toFixed(2)} ms`);
    expect(median).toBeLessThan(25);
  });
});
