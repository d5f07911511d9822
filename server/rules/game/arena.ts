// The arena (§14), offline: N tables played on the pure rules between chosen players from one seed, and the
// standings across them — derived from each table's ledger (derive), never kept as a tally. The same seed, players
// and sizes give the same tables and the same standings on any machine.

import { createHash } from "node:crypto";
import { SEATS_MAX, SEATS_MIN } from "./constants";
import { derive } from "./derive";
import { seedBytes } from "./seed";
import { REFERENCE_PLAYERS, type Player } from "./reference";
import { playBotTable } from "./simulate";
import { BOT_STRATEGIES, type BotStrategy } from "./strategies";
import type { Game } from "./types";
import { whispered } from "./whisper";
import { fail, ok, type Result } from "../result";

/** Where every arena table starts: a fixed moment, so a record replays the same on any day. */
export const ARENA_START = Date.parse("2026-01-01T00:00:00Z");
/** How long each player takes to act in the arena. */
export const ARENA_STEP_MS = 5 * 60_000;
export const ARENA_TABLES_MAX = 10_000;

export type ArenaTable = { seed: string; players: string[]; game: Game; status: "bound" | "ended" };

/** One player's record across its tables (a player is a label: "bot:hard", say). */
export type ArenaStanding = {
  player: string;
  /** Seats it held, one per table it sat at (a player may hold two seats of one table). */
  seats: number;
  /** Of those, how many sat at a table that bound. */
  bound: number;
  meanPayoff: number;
  meanOverFallback: number;
  /** Truths it swore by accepting. */
  sworn: number;
  /** Said and whispered claims it made, and the share judged true at the reveal (null with none). */
  claims: number;
  honesty: number | null;
};

// The scripted model player (model.ts) plays as the cooperative house bot does, so offline it is that strategy under
// its own label; a model behind a provider needs a server and a key, so it plays only at a table (§13).
const STRATEGY_OF = new Map<string, BotStrategy | Player>([
  ...BOT_STRATEGIES.map((s) => [`bot:${s}`, s] as const),
  ["model:scripted", "cooperative"],
  ...REFERENCE_PLAYERS,
]);
export const ARENA_PLAYERS = [...STRATEGY_OF.keys()];

/** The players, checked: each a known label. */
export function arenaPlayers(labels: readonly string[]): Result<(BotStrategy | Player)[]> {
  if (labels.length === 0) return fail("invalid", "Name at least one player.");
  const out: (BotStrategy | Player)[] = [];
  for (const label of labels) {
    const s = STRATEGY_OF.get(label);
    if (!s)
      return fail(
        "invalid",
        label.startsWith("model:")
          ? `"${label}": a model behind a provider plays only at a table on the server; offline, play ${ARENA_PLAYERS.join(", ")}.`
          : `"${label}" is not a player the arena knows; play ${ARENA_PLAYERS.join(", ")}.`,
      );
    out.push(s);
  }
  return ok(out);
}

/** Each table's own seed: SHA-256 of the arena's seed and the table's number. */
const tableSeed = (seedHex: string, i: number) =>
  createHash("sha256").update(`${seedHex.toLowerCase()}:table:${i}`).digest("hex");

/**
 * Plays `tables` tables of `seats` seats; table i seats the players in turn from player i (so each plays every seat
 * position as often as the others), each table dealt from its own seed.
 */
export function playArena(input: {
  tables: number;
  seats: number;
  players: readonly string[];
  seed: string;
}): Result<{ tables: ArenaTable[]; standings: ArenaStanding[] }> {
  const bytes = seedBytes(input.seed);
  if (!bytes.ok) return bytes;
  if (!Number.isInteger(input.tables) || input.tables < 1 || input.tables > ARENA_TABLES_MAX)
    return fail("invalid", `Play from 1 to ${ARENA_TABLES_MAX} tables.`);
  if (!Number.isInteger(input.seats) || input.seats < SEATS_MIN || input.seats > SEATS_MAX)
    return fail("invalid", `A table has ${SEATS_MIN} to ${SEATS_MAX} seats.`);
  const strategies = arenaPlayers(input.players);
  if (!strategies.ok) return strategies;
  const tables: ArenaTable[] = [];
  for (let i = 0; i < input.tables; i++) {
    const seat = (s: number) => (i + s) % input.players.length;
    const seed = tableSeed(input.seed, i);
    const { game, refused } = playBotTable(seed, input.seats, {
      startedAt: ARENA_START,
      stepMs: ARENA_STEP_MS,
      strategies: Array.from({ length: input.seats }, (_, s) => strategies.value[seat(s)]!),
    });
    // A sound player never acts illegally; if one did, the table would stop, and the arena says so.
    if (refused) return fail("conflict", `Table ${i} stopped: a player's act was refused (${refused}).`);
    const end = derive(game, game.startedAt + game.deadlineMs).status;
    tables.push({
      seed,
      players: Array.from({ length: input.seats }, (_, s) => input.players[seat(s)]!),
      game,
      status: end === "bound" ? "bound" : "ended",
    });
  }
  return ok({ tables, standings: standingsAcross(tables) });
}

/** One seat's record at one finished table, from its ledger: what `derive` says at the table's end. */
export type SeatRecord = {
  bound: boolean;
  payoff: number;
  fallback: number;
  overFallback: number;
  /** Truths it swore by accepting. */
  sworn: number;
  /** Said and whispered claims it made, and how many the reveal judged true. */
  claims: number;
  truths: number;
};

/** Every seat's record at a finished table (a table still in play is read as at its deadline). */
export function seatRecords(game: Game): SeatRecord[] {
  const d = derive(game, game.startedAt + game.deadlineMs);
  const whispers = whispered(game, true);
  return game.charges.map((charge, seat) => {
    const payoff = d.payoffs?.[seat] ?? charge.fallback;
    let claims = 0;
    let truths = 0;
    for (const said of d.said)
      if (said.seat === seat && said.clause !== undefined) {
        claims++;
        if (said.truthful) truths++;
      }
    // Whispered claims (§12) are judged at the reveal like said ones, and count the same.
    for (const w of whispers)
      if (w.from === seat) {
        claims++;
        if (w.truthful) truths++;
      }
    return {
      bound: d.status === "bound",
      payoff,
      fallback: charge.fallback,
      overFallback: payoff - charge.fallback,
      sworn: d.sworn.filter((s) => s.seat === seat).length,
      claims,
      truths,
    };
  });
}

/**
 * The standings across finished tables, from their ledgers: best mean payoff over fallback first, then honesty,
 * then the label. Each seat's payoff and claims are its seatRecords.
 */
export function standingsAcross(
  tables: readonly { players: readonly string[]; game: Game }[],
): ArenaStanding[] {
  const by = new Map<
    string,
    {
      seats: number;
      bound: number;
      payoff: number;
      over: number;
      sworn: number;
      claims: number;
      truths: number;
    }
  >();
  for (const { players, game } of tables) {
    const records = seatRecords(game);
    players.forEach((player, seat) => {
      const r = by.get(player) ?? { seats: 0, bound: 0, payoff: 0, over: 0, sworn: 0, claims: 0, truths: 0 };
      const s = records[seat]!;
      r.seats++;
      if (s.bound) r.bound++;
      r.payoff += s.payoff;
      r.over += s.overFallback;
      r.sworn += s.sworn;
      r.claims += s.claims;
      r.truths += s.truths;
      by.set(player, r);
    });
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return [...by.entries()]
    .map(([player, r]) => ({
      player,
      seats: r.seats,
      bound: r.bound,
      meanPayoff: round(r.payoff / r.seats),
      meanOverFallback: round(r.over / r.seats),
      sworn: r.sworn,
      claims: r.claims,
      honesty: r.claims ? round(r.truths / r.claims) : null,
    }))
    .sort(
      (a, b) =>
        b.meanOverFallback - a.meanOverFallback ||
        (b.honesty ?? -1) - (a.honesty ?? -1) ||
        a.player.localeCompare(b.player),
    );
}
