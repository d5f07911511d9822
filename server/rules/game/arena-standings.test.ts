// The arena's numbers of §16 on tables made to order: the 95% interval (Student's t, wide for few seats), OpenSkill
// ratings over tables in order (a winner rises, uncertainty shrinks with tables, ties tie, two seats of one player at a
// table count once), and the rotations of --duplicate (each player at each seat of each deal once).
import { describe, expect, it } from "vitest";
import { meanInterval, playArena, standingsAcross } from "./arena";
import { ratingsOf } from "./arena-standings";
import { deal } from "./deal";
import type { Game } from "./types";

/** A four-seat table where nobody acts: it ends unsettled, every seat at its fallback. */
function tableOf(seed: string): Game {
  const { charter, charges } = deal(seed, 4);
  return { seats: 4, charter, charges, startedAt: 0, turnWindowMs: 3600_000, deadlineMs: 7200_000, acts: [] };
}

describe("the 95% interval of the mean payoff over fallback", () => {
  it("is mean ± t·s/√n with Student's t for n − 1 degrees of freedom, null for one seat", () => {
    // Two seats, 0 and 2: mean 1, s = √2, t(1) = 12.706: ±12.706.
    expect(meanInterval(2, 2, 4)).toEqual({ low: -11.706, high: 13.706 });
    expect(meanInterval(1, 3, 9)).toBeNull();
    // The same spread over more seats narrows, and past 30 degrees of freedom t nears 1.96.
    const values = (n: number) => Array.from({ length: n }, (_, i) => i % 2) as number[];
    const width = (n: number) => {
      const v = values(n);
      const ci = meanInterval(
        n,
        v.reduce((a, b) => a + b, 0),
        v.reduce((a, b) => a + b * b, 0),
      )!;
      return ci.high - ci.low;
    };
    expect(width(4)).toBeGreaterThan(2 * width(16));
    const n = 1000;
    expect(width(n) / 2).toBeCloseTo((1.96 * Math.sqrt(0.25 * (n / (n - 1)))) / Math.sqrt(n), 3);
  });
});

describe("ratings over the tables in order", () => {
  // Unsettled tables: every seat's payoff is its fallback, so all tie. A played one comes from playArena.
  const quiet = (players: string[]) => ({ players, game: tableOf("ab".repeat(32)) });

  it("ties tie, and a table of one player alone teaches nothing", () => {
    const s = standingsAcross([quiet(["a", "b", "c", "d"]), quiet(["a", "a", "a", "a"])]);
    const mus = s.map((r) => r.rating.mu);
    expect(new Set(mus).size).toBe(1);
    // Four players tied in one table: each sigma shrinks from the default 25/3, and the same for all.
    expect(s[0]!.rating.sigma).toBeLessThan(25 / 3);
    expect(new Set(s.map((r) => r.rating.sigma)).size).toBe(1);
  });

  it("raises the one who makes more over fallback, and grows surer with tables", () => {
    const played = playArena({
      tables: 40,
      seats: 4,
      players: ["bot:hard", "bot:cooperative"],
      seed: "cd".repeat(32),
    });
    if (!played.ok) throw new Error(played.message);
    const rows = played.value.standings;
    const [best, worst] = rows;
    expect(best!.meanOverFallback).toBeGreaterThan(worst!.meanOverFallback);
    expect(best!.rating.mu).toBeGreaterThan(worst!.rating.mu);
    const fewer = standingsAcross(played.value.tables.slice(0, 4));
    expect(fewer[0]!.rating.sigma).toBeGreaterThan(best!.rating.sigma);
    // And its interval is wider with fewer seats.
    const span = (r: (typeof rows)[number]) => r.overFallbackCi!.high - r.overFallbackCi!.low;
    expect(span(fewer.find((r) => r.player === best!.player)!)).toBeGreaterThan(span(best!));
  });

  it("counts a player holding two seats of a table once there, with the mean of its seats", () => {
    const seat = (overFallback: number) => ({
      bound: true,
      payoff: overFallback,
      fallback: 0,
      overFallback,
      sworn: 0,
      claims: 0,
      truths: 0,
    });
    const twice = ratingsOf([
      { players: ["a", "a", "b", "b"], records: [seat(3), seat(1), seat(1), seat(1)] },
    ]);
    const once = ratingsOf([{ players: ["a", "b"], records: [seat(2), seat(1)] }]);
    expect(twice).toEqual(once);
    expect(twice.get("a")!.mu).toBeGreaterThan(twice.get("b")!.mu);
    // Its mean ties the other's: a tie, though one of its seats did best.
    const tie = ratingsOf([
      { players: ["a", "a", "b", "b"], records: [seat(3), seat(-1), seat(1), seat(1)] },
    ]);
    expect(tie.get("a")).toEqual(tie.get("b"));
  });
});

describe("duplicate deals", () => {
  it("plays each deal once per rotation: every player at every seat of every deal", () => {
    const players = ["bot:hard", "bot:cooperative", "bot:bluffer"];
    const r = playArena({ tables: 4, seats: 5, players, seed: "12".repeat(32), duplicate: true });
    if (!r.ok) throw new Error(r.message);
    expect(r.value.tables).toHaveLength(12);
    for (let d = 0; d < 4; d++) {
      const rotations = r.value.tables.filter((t) => t.deal === d);
      expect(rotations).toHaveLength(3);
      expect(new Set(rotations.map((t) => t.seed)).size).toBe(1);
      expect(new Set(rotations.map((t) => JSON.stringify(t.game.charges))).size).toBe(1);
      for (let seat = 0; seat < 5; seat++)
        expect(rotations.map((t) => t.players[seat]).sort()).toEqual([...players].sort());
    }
    // Each player holds the same number of seats, dealt the same charges.
    const seats = r.value.standings.map((s) => s.seats);
    expect(new Set(seats).size).toBe(1);
    expect(
      playArena({ tables: 3334, seats: 4, players, seed: "12".repeat(32), duplicate: true }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Play from 1 to 3333 deals/),
    });
  });
});
