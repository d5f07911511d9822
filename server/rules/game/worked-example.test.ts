// §10 played act by act: Aster offers A, Brine, Corin and Ember accept, Dace talks, Aster's accept binds A.

import { describe, expect, it } from "vitest";
import { check } from "./check";
import { derive } from "./derive";
import { may, yourPayoff } from "./may";
import { standings } from "./standings";
import { exampleAt, exampleTable } from "./test-kit";
import { WORKED_EXAMPLE } from "./worked-example";

const { accordA, names, proposals } = WORKED_EXAMPLE;
const [ASTER, BRINE, CORIN, DACE, EMBER] = [0, 1, 2, 3, 4];

describe("the worked example of §10", () => {
  it("seats five in the order Aster, Brine, Corin, Dace, Ember with quorum 4", () => {
    expect(names).toEqual(["Aster", "Brine", "Corin", "Dace", "Ember"]);
    const start = derive(exampleTable());
    expect(start).toMatchObject({
      status: "playing",
      quorum: 4,
      turn: ASTER,
      standingOffer: null,
      acceptances: [],
    });
  });

  it("accord A pays Aster 6, Brine 3, Corin 3, Dace 3, Ember 5", () => {
    const game = exampleTable(1);
    expect([0, 1, 2, 3, 4].map((seat) => yourPayoff(game, seat))).toEqual([6, 3, 3, 3, 5]);
  });

  it("is played turn by turn, each proposal becoming the fixture's act", () => {
    const game = exampleTable();
    const play = (turn: number) => {
      const step = proposals[turn];
      if (!step) throw new Error(`no turn ${turn}`);
      const result = check(game, step.seat, step.proposed, step.at);
      expect(result).toEqual({ ok: true, value: WORKED_EXAMPLE.game.acts[turn] });
      if (result.ok) game.acts.push(result.value);
      return derive(game);
    };

    // Turn 0: Aster offers A; it stands with no acceptances.
    let d = play(0);
    expect(d.standingOffer).toEqual({ accord: accordA, seat: ASTER, act: 0 });
    expect(d.acceptances).toEqual([]);
    expect(d.turn).toBe(BRINE);

    // Turn 1: Brine accepts and swears ledger = redacted, first in charter order of its aims A meets.
    expect(may(game, BRINE, exampleAt(1)).cite).toEqual([
      { clause: "ledger", setting: "redacted" },
      { clause: "pilot", setting: "reinstated" },
    ]);
    d = play(1);
    expect(d.acceptances).toEqual([BRINE]);
    expect(d.sworn).toEqual([{ seat: BRINE, clause: "ledger", setting: "redacted", act: 1 }]);

    // Turn 2: Corin accepts and swears beacon = kept.
    d = play(2);
    expect(d.acceptances).toEqual([BRINE, CORIN]);
    expect(d.sworn.at(-1)).toEqual({ seat: CORIN, clause: "beacon", setting: "kept", act: 2 });

    // Turn 3: Dace passes, saying it needs the ledger published (a claim, unchecked until the reveal).
    d = play(3);
    expect(d.acceptances).toEqual([BRINE, CORIN]);
    expect(d.said).toEqual([
      {
        seat: DACE,
        act: 3,
        text: "I need the ledger published",
        clause: "ledger",
        setting: "published",
        truthful: null,
      },
    ]);

    // Turn 4: Ember accepts, citing pilot = reinstated.
    d = play(4);
    expect(d.acceptances).toEqual([BRINE, CORIN, EMBER]);
    expect(d.sworn.at(-1)).toEqual({ seat: EMBER, clause: "pilot", setting: "reinstated", act: 4 });
    expect(d.status).toBe("playing");

    // Turn 5: Aster accepts its own offer, swears hold = sealed; four acceptances = quorum: A binds.
    d = play(5);
    expect(d.acceptances).toEqual([BRINE, CORIN, EMBER, ASTER]);
    expect(d.sworn.at(-1)).toEqual({ seat: ASTER, clause: "hold", setting: "sealed", act: 5 });
    expect(d).toMatchObject({
      status: "bound",
      boundAt: exampleAt(5),
      boundAct: 5,
      turn: null,
      endedAt: null,
    });
    expect(d.payoffs).toEqual([6, 3, 3, 3, 5]);
  });

  it("settles with payoffs 6, 3, 3, 3, 5, over fallback +5, +1, +2, +3, +3", () => {
    const table = standings(WORKED_EXAMPLE.game);
    expect(table).toEqual([
      { seat: ASTER, payoff: 6, overFallback: 5, place: 1 },
      { seat: EMBER, payoff: 5, overFallback: 3, place: 2 },
      { seat: BRINE, payoff: 3, overFallback: 1, place: 3 },
      { seat: CORIN, payoff: 3, overFallback: 2, place: 3 },
      { seat: DACE, payoff: 3, overFallback: 3, place: 3 },
    ]);
  });

  it("marks Dace's said claim true at the reveal", () => {
    const d = derive(WORKED_EXAMPLE.game);
    expect(d.said).toEqual([
      expect.objectContaining({ seat: DACE, clause: "ledger", setting: "published", truthful: true }),
    ]);
  });

  it("is frozen, so no page or test can change the shared fixture", () => {
    expect(() => (WORKED_EXAMPLE.game.acts as unknown[]).push({})).toThrow();
  });
});
