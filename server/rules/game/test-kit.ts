// Helpers shared by this folder's tests: a fresh copy of the worked example and acting in turn.

import type { Result } from "../result";
import { check } from "./check";
import { derive } from "./derive";
import type { Act, Game, ProposedAct } from "./types";
import { WORKED_EXAMPLE } from "./worked-example";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A mutable copy of the worked example's table, with its first `acts` acts (none by default). */
export function exampleTable(acts = 0): Game {
  const game = structuredClone(WORKED_EXAMPLE.game) as Game;
  game.acts = game.acts.slice(0, acts);
  return game;
}

/** The worked example's time for turn n (five minutes apart, from 09:05). */
export const exampleAt = (turn: number): number => WORKED_EXAMPLE.game.startedAt + (turn + 1) * 5 * MINUTE;

/**
 * Has the seat whose turn it is at `now` propose an act, as a server would: check it, then append the due
 * clock passes and the act. Returns check's answer; on a refusal the ledger is unchanged.
 */
export function act(game: Game, proposed: ProposedAct, now: number, seat?: number): Result<Act> {
  const state = derive(game, now);
  const actor = seat ?? state.turn ?? 0;
  const result = check(game, actor, proposed, now);
  if (result.ok) game.acts.push(...state.dueClockActs, result.value);
  return result;
}

/** A pass at every turn from the current one, `count` times, five minutes apart from `from`. */
export function passes(game: Game, count: number, from: number): number {
  let now = from;
  for (let i = 0; i < count; i++) {
    now += 5 * MINUTE;
    const result = act(game, { type: "pass" }, now);
    if (!result.ok) throw new Error(`pass ${i} refused: ${result.message}`);
  }
  return now;
}
