// The house's characters, measured against each other: each concedes on its own curve (the hard bargainer holds out
// longest), talks in its own way (the cooperative bot truly, the hard bargainer little, the bluffer with decoys), and
// tables of any mix still end and nearly always bind; all of it replays the same from the seed. The measurement is
// printed.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { aspiration, CONCESSION_EXPONENT } from "./concession";
import { derive } from "./derive";
import { score } from "./score";
import { playBotTable } from "./simulate";
import { BOT_STRATEGIES, HOUSE_BOTS, strategyOf, type BotStrategy } from "./strategies";
import { HARD_SAYS_AT_MOST } from "./talk";
import { MINUTE } from "./test-kit";
import type { Game } from "./types";

const seedOf = (label: string): string => createHash("sha256").update(label).digest("hex");
const startedAt = Date.parse("2026-12-01T09:00:00Z");
const TABLES = 60;

type Measure = {
  seats: number;
  overFallback: number;
  /** From half to nine tenths of the table's time: the offers it faced paying it fallback + 2, and those it accepted. */
  facedTwo: number;
  tookTwo: number;
  claims: number;
  trueClaims: number;
  /** Most claims one seat of it made at one table, and how many of its false claims named a clause it holds. */
  mostClaims: number;
  liesOnOwnClauses: number;
};

/** Plays TABLES tables of 4–6 seats, each seat's character in turn from `mix`, and measures each character. */
function tournament(label: string, mix: readonly BotStrategy[]) {
  const by = Object.fromEntries(
    BOT_STRATEGIES.map((s) => [
      s,
      {
        seats: 0,
        overFallback: 0,
        facedTwo: 0,
        tookTwo: 0,
        claims: 0,
        trueClaims: 0,
        mostClaims: 0,
        liesOnOwnClauses: 0,
      },
    ]),
  ) as Record<BotStrategy, Measure>;
  let bound = 0;
  let actsToBind = 0;
  const refused: string[] = [];
  for (let i = 0; i < TABLES; i++) {
    const seats = 4 + (i % 3);
    const strategies = Array.from({ length: seats }, (_, s) => mix[(i + s) % mix.length]!);
    const { game, refused: r } = playBotTable(seedOf(`${label}-${i}`), seats, {
      startedAt,
      stepMs: 5 * MINUTE,
      strategies,
    });
    if (r) refused.push(r);
    const d = derive(game, game.startedAt + game.deadlineMs);
    if (d.status === "bound") {
      bound++;
      actsToBind += d.boundAct! + 1;
    }
    strategies.forEach((s, seat) => {
      by[s].seats++;
      by[s].overFallback += (d.payoffs?.[seat] ?? 0) - game.charges[seat]!.fallback;
      const claims = d.said.filter((e) => e.seat === seat && e.clause !== undefined);
      by[s].claims += claims.length;
      by[s].trueClaims += claims.filter((e) => e.truthful).length;
      by[s].mostClaims = Math.max(by[s].mostClaims, claims.length);
      by[s].liesOnOwnClauses += claims.filter(
        (e) => !e.truthful && game.charges[seat]!.aims.some((a) => a.clause === e.clause),
      ).length;
    });
    midwayTwo(game, strategies, by);
  }
  return { bound, actsToBind: bound ? actsToBind / bound : Infinity, refused, by };
}

/** Counts, from half to nine tenths of the table's time, each seat's turns facing another's offer that pays it
 * exactly fallback + 2 and not yet accepted by it, and how many of those turns it accepted. */
function midwayTwo(game: Game, strategies: readonly BotStrategy[], by: Record<BotStrategy, Measure>) {
  let standing: { seat: number; accord: Record<string, string> } | null = null;
  let accepted = new Set<number>();
  game.acts.forEach((act, i) => {
    const seat = i % game.seats;
    if (act.type === "pass" && act.by === "clock") return;
    const share = (act.at - game.startedAt) / game.deadlineMs;
    if (standing && standing.seat !== seat && !accepted.has(seat) && share >= 0.5 && share < 0.9) {
      const charge = game.charges[seat]!;
      if (score(charge, standing.accord) === charge.fallback + 2) {
        by[strategies[seat]!].facedTwo++;
        if (act.type === "accept") by[strategies[seat]!].tookTwo++;
      }
    }
    if (act.type === "offer") [standing, accepted] = [{ seat, accord: act.accord }, new Set()];
    else if (act.type === "accept") accepted.add(seat);
  });
}

describe("the house's characters against each other", () => {
  const mixed = tournament("mixed", BOT_STRATEGIES);

  it(`end every table and bind at least 90% of ${TABLES} mixed tables; the measurement is printed`, () => {
    const { bound, refused, by } = mixed;
    expect(refused).toEqual([]);
    expect(bound / TABLES).toBeGreaterThanOrEqual(0.9);
    console.table(
      BOT_STRATEGIES.map((s) => ({
        character: s,
        seats: by[s].seats,
        "mean payoff over fallback": +(by[s].overFallback / by[s].seats).toFixed(2),
        "took fallback + 2, from 1/2 to 9/10 of the time": `${by[s].tookTwo}/${by[s].facedTwo}`,
        "said claims true": `${by[s].trueClaims}/${by[s].claims}`,
      })),
    );
    console.log(`bound: ${bound}/${TABLES}`);
  });

  it("concede in order: from half to nine tenths of the time, offers paying fallback + 2 are taken by the cooperative bot mostly, the bluffer sometimes, the hard bargainer hardly ever", () => {
    const took = (s: BotStrategy) => mixed.by[s].tookTwo / mixed.by[s].facedTwo;
    for (const s of BOT_STRATEGIES) expect(mixed.by[s].facedTwo, s).toBeGreaterThan(100);
    expect(took("cooperative")).toBeGreaterThan(0.75);
    expect(took("bluffer")).toBeGreaterThan(0.2);
    expect(took("bluffer")).toBeLessThan(0.6);
    expect(took("hard")).toBeLessThan(0.05);
  });

  it("talk in character: all true, a little and true, or with decoys on clauses the bluffer holds no aim on", () => {
    const { by } = mixed;
    expect(by.cooperative.trueClaims).toBe(by.cooperative.claims);
    expect(by.cooperative.mostClaims).toBeLessThanOrEqual(3);
    expect(by.hard.trueClaims).toBe(by.hard.claims);
    expect(by.hard.mostClaims).toBeLessThanOrEqual(HARD_SAYS_AT_MOST);
    expect(by.hard.claims / by.hard.seats).toBeLessThan(by.cooperative.claims / by.cooperative.seats);
    expect(by.bluffer.trueClaims).toBeLessThan(by.bluffer.claims);
    expect(by.bluffer.trueClaims).toBeGreaterThan(by.bluffer.claims / 2);
    expect(by.bluffer.liesOnOwnClauses).toBe(0);
  });

  it("bind tables of one character, the cooperative bots soonest and the hard bargainers last", () => {
    const alone = BOT_STRATEGIES.map((s) => ({ s, ...tournament(s, [s]) }));
    for (const { s, bound, refused } of alone) {
      expect(refused, s).toEqual([]);
      expect(bound / TABLES, s).toBeGreaterThanOrEqual(0.85);
    }
    const soon = Object.fromEntries(alone.map((a) => [a.s, a.actsToBind]));
    console.log("mean acts to binding, one character alone:", soon);
    expect(soon.cooperative).toBeLessThan(soon.bluffer!);
    expect(soon.bluffer).toBeLessThan(soon.hard!);
  });

  it("replays the same from the seed: the same characters make the same acts", () => {
    const a = playBotTable(seedOf("replay"), 5, { startedAt, stepMs: MINUTE, strategies: BOT_STRATEGIES });
    const b = playBotTable(seedOf("replay"), 5, { startedAt, stepMs: MINUTE, strategies: BOT_STRATEGIES });
    expect(b.game.acts).toEqual(a.game.acts);
  });
});

describe("each character's curve", () => {
  it("starts at the best it judges reachable and ends at fallback + 1, the hard bargainer above the bluffer above the cooperative bot", () => {
    for (const s of BOT_STRATEGIES) {
      expect(aspiration(s, 6, 1, 0)).toBe(6);
      expect(aspiration(s, 6, 1, 1)).toBe(2);
      expect(aspiration(s, 1, 1, 0)).toBe(2); // never below fallback + 1
    }
    for (let p = 0.05; p < 1; p += 0.05) {
      expect(aspiration("hard", 6, 0, p)).toBeGreaterThan(aspiration("bluffer", 6, 0, p));
      expect(aspiration("bluffer", 6, 0, p)).toBeGreaterThan(aspiration("cooperative", 6, 0, p));
    }
    // Boulware for the hard bargainer, a conceder for the cooperative bot.
    expect(CONCESSION_EXPONENT.hard).toBeGreaterThan(1);
    expect(CONCESSION_EXPONENT.cooperative).toBeLessThan(1);
  });

  it("knows each house bot's character, and plays an unknown name cooperatively", () => {
    expect(HOUSE_BOTS.map((b) => strategyOf(b.name))).toEqual(HOUSE_BOTS.map((b) => b.strategy));
    expect(new Set(HOUSE_BOTS.map((b) => b.strategy))).toEqual(new Set(BOT_STRATEGIES));
    expect(strategyOf("Someone Else")).toBe("cooperative");
  });
});
