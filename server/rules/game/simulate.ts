// Tables played to their end on the pure rules: the turn loop every offline table shares (the arena's, the CLI's demo,
// the tests' and the bench's), and a table of house bots played with it. Time is an argument; nothing here waits.

import { chooseBotAct, publicGame } from "./bot";
import { check } from "./check";
import { DEADLINE_DEFAULT_MS, TURN_WINDOW_DEFAULT_MS } from "./constants";
import { deal } from "./deal";
import { derive } from "./derive";
import { markLedger } from "./ledger";
import type { Player } from "./reference";
import { botLuck, type BotStrategy } from "./strategies";
import type { Act, Game } from "./types";
import { frozenAppend, frozenWhole } from "../frozen";

export type BotTableOptions = {
  startedAt: number;
  /** How long each bot takes to act. */
  stepMs: number;
  turnWindowMs?: number;
  deadlineMs?: number;
  /** Seats that never act (their turns go to the clock), to test bots beside an absent player. */
  absent?: readonly number[];
  /** Each seat's player: a house bot's character, or a scripted player (default: every bot cooperative). */
  strategies?: readonly (BotStrategy | Player)[];
};

/** A table dealt from the seed, started at `startedAt`, with no act yet. */
export function dealtGame(
  seedHex: string,
  seats: number,
  options: Pick<BotTableOptions, "startedAt" | "turnWindowMs" | "deadlineMs">,
): Game {
  const { charter, charges } = deal(seedHex, seats);
  return {
    seats,
    charter,
    charges,
    startedAt: options.startedAt,
    turnWindowMs: options.turnWindowMs ?? TURN_WINDOW_DEFAULT_MS,
    deadlineMs: options.deadlineMs ?? DEADLINE_DEFAULT_MS,
    acts: [],
  };
}

/**
 * Appends acts to the table's ledger: pushed, or — for a ledger frozen whole, as the arena keeps one — a new frozen
 * ledger with its tally marked, as a server keeps one (load.ts), so that each act is tallied, viewed and written as
 * JSON once however often the table is derived and shown (ledger.ts, view.ts).
 */
export function appendActs(game: Game, acts: readonly Act[]): void {
  if (!acts.length) return;
  const kept: unknown = game.acts;
  if (frozenWhole(kept)) {
    game.acts = frozenAppend(game.acts, acts) as Act[];
    // And its tally marked, going on from the last mark: every derive until the next act starts from there.
    game.mark = markLedger(game);
  } else game.acts.push(...acts);
}

/**
 * The turns of a table until it binds or its deadline ends it: each seat to act and the moment it acts (`stepMs`
 * after the act before). The clock's due passes are appended here; the caller appends the seat's act (appendActs)
 * before asking for the next turn (a turn left without one is asked again). An absent seat is never asked: its turn
 * is skipped to the moment its window runs out, and the clock passes for it.
 */
export function* turnsOf(
  game: Game,
  options: { stepMs: number; absent?: ReadonlySet<number> },
): Generator<{ seat: number; now: number }, void, void> {
  for (;;) {
    const last = game.acts.at(-1)?.at ?? game.startedAt;
    const seat = derive(game).turn;
    const away = seat !== null && options.absent?.has(seat);
    const now = away ? last + game.turnWindowMs : last + options.stepMs;
    const state = derive(game, now);
    appendActs(game, state.dueClockActs);
    if (state.status !== "playing" || state.turn === null) return;
    if (options.absent?.has(state.turn)) continue;
    yield { seat: state.turn, now };
  }
}

/**
 * Deals a table from the seed and lets bots play it until it binds or the deadline ends it. A refused bot
 * act (which a sound bot never makes) stops the game and is returned, so tests can show it.
 */
export function playBotTable(
  seedHex: string,
  seats: number,
  options: BotTableOptions,
): { game: Game; refused: string | null } {
  const game = dealtGame(seedHex, seats, options);
  for (const { seat, now } of turnsOf(game, { stepMs: options.stepMs, absent: new Set(options.absent) })) {
    const charge = game.charges[seat];
    if (!charge) return { game, refused: "no charge for the seat to act" };
    const player = options.strategies?.[seat] ?? "cooperative";
    const seen = { seat, charge, game: publicGame(game), now, luck: botLuck(seedHex, seat) };
    const proposed =
      typeof player === "function" ? player(seen) : chooseBotAct({ ...seen, strategy: player });
    const act = check(game, seat, proposed, now);
    if (!act.ok) return { game, refused: act.message };
    appendActs(game, [act.value]);
  }
  return { game, refused: null };
}
