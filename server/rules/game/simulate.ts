// A table of house bots played to its end: for tests, the bench and the CLI's demo (pure; time is an argument).

import { chooseBotAct, publicGame } from "./bot";
import { check } from "./check";
import { DEADLINE_DEFAULT_MS, TURN_WINDOW_DEFAULT_MS } from "./constants";
import { deal } from "./deal";
import { derive } from "./derive";
import type { Player } from "./reference";
import { botLuck, type BotStrategy } from "./strategies";
import type { Game } from "./types";

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

/**
 * Deals a table from the seed and lets bots play it until it binds or the deadline ends it. A refused bot
 * act (which a sound bot never makes) stops the game and is returned, so tests can show it.
 */
export function playBotTable(
  seedHex: string,
  seats: number,
  options: BotTableOptions,
): { game: Game; refused: string | null } {
  const { charter, charges } = deal(seedHex, seats);
  const game: Game = {
    seats,
    charter,
    charges,
    startedAt: options.startedAt,
    turnWindowMs: options.turnWindowMs ?? TURN_WINDOW_DEFAULT_MS,
    deadlineMs: options.deadlineMs ?? DEADLINE_DEFAULT_MS,
    acts: [],
  };
  const absent = new Set(options.absent ?? []);
  for (;;) {
    const last = game.acts.at(-1)?.at ?? game.startedAt;
    const seat = derive(game).turn;
    // An absent seat's turn is skipped to the moment its window runs out.
    const now = seat !== null && absent.has(seat) ? last + game.turnWindowMs : last + options.stepMs;
    const state = derive(game, now);
    game.acts.push(...state.dueClockActs);
    if (state.status !== "playing" || state.turn === null) return { game, refused: null };
    if (absent.has(state.turn)) continue;
    const charge = charges[state.turn];
    if (!charge) return { game, refused: "no charge for the seat to act" };
    const player = options.strategies?.[state.turn] ?? "cooperative";
    const seen = {
      seat: state.turn,
      charge,
      game: publicGame(game),
      now,
      luck: botLuck(seedHex, state.turn),
    };
    const proposed =
      typeof player === "function" ? player(seen) : chooseBotAct({ ...seen, strategy: player });
    const act = check(game, state.turn, proposed, now);
    if (!act.ok) return { game, refused: act.message };
    game.acts.push(act.value);
  }
}
