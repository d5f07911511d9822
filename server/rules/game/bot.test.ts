// The house bot: only legal acts, tables of bots always end and nearly all bind, and it sees no charge but its own.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { botClaims, chooseBotAct, publicGame } from "./bot";
import { check } from "./check";
import { derive } from "./derive";
import { playBotTable } from "./simulate";
import { exampleAt, exampleTable, MINUTE } from "./test-kit";

const seedOf = (label: string): string => createHash("sha256").update(label).digest("hex");
const TABLES = 150;
const startedAt = Date.parse("2026-12-01T09:00:00Z");

/** Plays TABLES bot tables (4, 5 and 6 seats in turn) and tallies how they ended. */
function playMany(label: string, absent: (seats: number) => number[]) {
  const ends = { bound: 0, ended: 0, refused: [] as string[] };
  for (let i = 0; i < TABLES; i++) {
    const seats = 4 + (i % 3);
    const { game, refused } = playBotTable(seedOf(`${label}-${i}`), seats, {
      startedAt,
      stepMs: 5 * MINUTE,
      absent: absent(seats),
    });
    if (refused) ends.refused.push(refused);
    const d = derive(game, game.startedAt + game.deadlineMs);
    if (d.status === "bound") ends.bound++;
    if (d.status === "ended") ends.ended++;
    // Every said claim a bot makes is true.
    expect(d.said.filter((s) => s.clause !== undefined).every((s) => s.truthful === true)).toBe(true);
  }
  return ends;
}

describe("a table of house bots", () => {
  it(`only ends (bound or ended), never acts illegally, and binds in nearly every deal (measured: all ${TABLES}, and 1,500 of 1,500 elsewhere)`, () => {
    const ends = playMany("bots", () => []);
    expect(ends.refused).toEqual([]);
    expect(ends.bound + ends.ended).toBe(TABLES);
    expect(ends.bound / TABLES).toBeGreaterThanOrEqual(0.95);
  });

  it("still ends, and binds nearly always, with one seat absent (the clock passes for it; measured: all)", () => {
    const ends = playMany("absent", (seats) => [seats - 1]);
    expect(ends.refused).toEqual([]);
    expect(ends.bound + ends.ended).toBe(TABLES);
    expect(ends.bound / TABLES).toBeGreaterThanOrEqual(0.9);
  });
});

describe("the house bot", () => {
  const game = exampleTable(1); // Aster has offered A
  const brine = game.charges[1]!;

  it("accepts a standing offer that pays more than its fallback, saying its aims once", () => {
    const proposed = chooseBotAct({ seat: 1, charge: brine, game: publicGame(game), now: exampleAt(1) });
    expect(proposed).toEqual({
      type: "accept",
      said: { text: "My aims, most wanted first.", claims: botClaims(brine) },
    });
    expect(check(game, 1, proposed, exampleAt(1)).ok).toBe(true);
  });

  it("does not accept what pays it no more than its fallback, and offers instead", () => {
    const poor = { ...brine, fallback: 3 };
    const proposed = chooseBotAct({ seat: 1, charge: poor, game: publicGame(game), now: exampleAt(1) });
    expect(proposed.type).toBe("offer");
  });

  it("talks before offering into silence", () => {
    const proposed = chooseBotAct({
      seat: 0,
      charge: game.charges[0]!,
      game: publicGame(exampleTable()),
      now: exampleAt(0),
    });
    expect(proposed).toMatchObject({ type: "pass", said: { claims: botClaims(game.charges[0]!) } });
  });

  it("passes out of turn and after the end (check refuses that like any act)", () => {
    expect(
      chooseBotAct({ seat: 3, charge: game.charges[3]!, game: publicGame(game), now: exampleAt(1) }),
    ).toEqual({ type: "pass" });
    const bound = exampleTable(6);
    expect(chooseBotAct({ seat: 1, charge: brine, game: publicGame(bound), now: exampleAt(6) })).toEqual({
      type: "pass",
    });
  });

  it("cannot be handed another seat's charge", () => {
    const input = { seat: 1, charge: brine, game, now: exampleAt(1) };
    // @ts-expect-error a whole Game carries every charge; the bot takes the public game only
    chooseBotAct(input);
    expect(Object.keys(publicGame(game))).not.toContain("charges");
  });

  it("acts the same for the same record (no randomness)", () => {
    const input = { seat: 1, charge: brine, game: publicGame(game), now: exampleAt(1) };
    expect(chooseBotAct(input)).toEqual(chooseBotAct(structuredClone(input)));
  });
});
