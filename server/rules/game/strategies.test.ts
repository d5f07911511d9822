// The house's strategies, played against each other: tables of mixed bots still end and nearly always bind; the
// cooperative bot tells the truth, the hard bargainer says only its weightiest aim, the bluffer sometimes lies; all
// of it replays the same from the seed. The measurement (mean payoff over fallback per strategy) is printed.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chooseBotAct, publicGame } from "./bot";
import { derive } from "./derive";
import { score } from "./score";
import { playBotTable } from "./simulate";
import { BOT_STRATEGIES, botLuck, claimsFor, HOUSE_BOTS, strategyOf, type BotStrategy } from "./strategies";
import { exampleAt, exampleTable, MINUTE } from "./test-kit";

const seedOf = (label: string): string => createHash("sha256").update(label).digest("hex");
const startedAt = Date.parse("2026-12-01T09:00:00Z");
const TABLES = 180;

/** Plays TABLES tables of 4–6 seats, each seat's strategy in turn from `mix`, and measures each strategy. */
function tournament(label: string, mix: readonly BotStrategy[]) {
  const by = Object.fromEntries(
    BOT_STRATEGIES.map((s) => [s, { seats: 0, overFallback: 0, claims: 0, trueClaims: 0 }]),
  ) as Record<BotStrategy, { seats: number; overFallback: number; claims: number; trueClaims: number }>;
  let bound = 0;
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
    if (d.status === "bound") bound++;
    strategies.forEach((s, seat) => {
      by[s].seats++;
      by[s].overFallback += (d.payoffs?.[seat] ?? 0) - game.charges[seat]!.fallback;
    });
    for (const said of d.said)
      if (said.clause !== undefined) {
        by[strategies[said.seat]!].claims++;
        if (said.truthful) by[strategies[said.seat]!].trueClaims++;
      }
  }
  return { bound, refused, by };
}

describe("the house's strategies against each other", () => {
  it(`end every table and bind at least 90% of ${TABLES} mixed tables; the measurement is printed`, () => {
    const { bound, refused, by } = tournament("mixed", BOT_STRATEGIES);
    expect(refused).toEqual([]);
    expect(bound / TABLES).toBeGreaterThanOrEqual(0.9);
    const rows = BOT_STRATEGIES.map((s) => ({
      strategy: s,
      seats: by[s].seats,
      "mean payoff over fallback": +(by[s].overFallback / by[s].seats).toFixed(2),
      "said claims true": `${by[s].trueClaims}/${by[s].claims}`,
    }));
    console.table(rows);
    console.log(`bound: ${bound}/${TABLES}`);
    // Honesty as the reveal judges it: all true, all true (one each), and some lies.
    expect(by.cooperative.trueClaims).toBe(by.cooperative.claims);
    expect(by.hard.trueClaims).toBe(by.hard.claims);
    expect(by.bluffer.trueClaims).toBeLessThan(by.bluffer.claims);
    expect(by.bluffer.trueClaims).toBeGreaterThan(by.bluffer.claims / 2);
    // A hard bargainer holds out: it never ends below its fallback more often than it gains, on average.
    expect(by.hard.overFallback / by.hard.seats).toBeGreaterThan(0);
  });

  it("binds at least 90% of tables of hard bargainers alone, and of bluffers alone", () => {
    for (const only of ["hard", "bluffer"] as const) {
      const { bound, refused } = tournament(only, [only]);
      expect(refused, only).toEqual([]);
      expect(bound / TABLES, only).toBeGreaterThanOrEqual(0.9);
    }
  });

  it("replays the same from the seed: the same strategies make the same acts", () => {
    const a = playBotTable(seedOf("replay"), 5, { startedAt, stepMs: MINUTE, strategies: BOT_STRATEGIES });
    const b = playBotTable(seedOf("replay"), 5, { startedAt, stepMs: MINUTE, strategies: BOT_STRATEGIES });
    expect(b.game.acts).toEqual(a.game.acts);
  });
});

describe("each strategy says what its character would", () => {
  const game = exampleTable(1); // Aster has offered A
  const brine = game.charges[1]!;
  const act = (strategy: BotStrategy, luck?: Uint8Array) =>
    chooseBotAct({ seat: 1, charge: brine, game: publicGame(game), now: exampleAt(1), strategy, luck });

  it("the hard bargainer names one aim, its weightiest, truly", () => {
    expect(claimsFor("hard", brine, undefined)).toEqual([
      { clause: brine.aims[0]!.clause, setting: brine.aims[0]!.setting },
    ]);
    const said = act("hard").said;
    expect(said?.claims).toHaveLength(1);
  });

  it("the bluffer's claims name its own clauses; over many seeds some settings are not what it wants", () => {
    let lies = 0;
    for (let i = 0; i < 30; i++) {
      const claims = claimsFor("bluffer", brine, botLuck(seedOf(`b${i}`), 1));
      expect(claims.map((c) => c.clause)).toEqual(brine.aims.map((a) => a.clause));
      lies += claims.filter((c, k) => c.setting !== brine.aims[k]!.setting).length;
    }
    expect(lies).toBeGreaterThan(0);
    expect(lies).toBeLessThan(30 * brine.aims.length);
    // The same luck, the same bluff.
    const luck = botLuck(seedOf("same"), 1);
    expect(claimsFor("bluffer", brine, luck)).toEqual(claimsFor("bluffer", brine, luck));
  });

  it("a hard bargainer refuses early what a cooperative bot accepts, when it pays less than its margin", () => {
    const first = game.acts[0]!;
    if (first.type !== "offer") throw new Error("the worked example opens with an offer");
    const offered = first.accord;
    // A charge whose fallback is one below what the standing offer pays it: worth accepting, but not by the margin.
    const tight = { ...brine, fallback: score(brine, offered) - 1 };
    const as = (strategy: BotStrategy) =>
      chooseBotAct({ seat: 1, charge: tight, game: publicGame(game), now: exampleAt(1), strategy });
    expect(as("cooperative").type).toBe("accept");
    expect(as("bluffer").type).toBe("accept");
    expect(as("hard").type).not.toBe("accept");
  });

  it("knows each house bot's character, and plays an unknown name cooperatively", () => {
    expect(HOUSE_BOTS.map((b) => strategyOf(b.name))).toEqual(HOUSE_BOTS.map((b) => b.strategy));
    expect(new Set(HOUSE_BOTS.map((b) => b.strategy))).toEqual(new Set(BOT_STRATEGIES));
    expect(strategyOf("Someone Else")).toBe("cooperative");
  });
});
