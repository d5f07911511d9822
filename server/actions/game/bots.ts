// House bots take their turns: each reads only its own charge and the public record, then acts like any seat.
import type { Db } from "../../db";
import { env } from "../../env";
import { botLuck, chooseBotAct, derive, publicGame, strategyOf } from "../../rules/game";
import { ok } from "../../rules/result";
import { appendAct } from "./append";
import { loadTable } from "./load";

/**
 * Plays every bot turn that is due now, in order, until a person's or an agent's turn (or the end). A bot waits
 * `pauseMs` after the act before its turn, as a person would: a turn not yet due is left to the sweeper, which calls
 * again every few seconds. Never in the same instant as the act before it: with no pause, a bot's act is stamped
 * 1 ms after the act before it (so one call plays a run of bots' turns 1 ms apart).
 */
export async function runBots(
  db: Db,
  tableId: number,
  now: number,
  pauseMs = env().PARLEY_BOT_PAUSE_MS,
): Promise<number> {
  let acted = 0;
  for (let guard = 0; guard < 64; guard++) {
    const loaded = await loadTable(db, tableId);
    if (!loaded?.game) return acted;
    const d = derive(loaded.game, now);
    if (d.status !== "playing" || d.turn === null) return acted;
    const seat = loaded.seats[d.turn];
    if (!seat?.botName) return acted;
    const turnSince = loaded.game.acts.at(-1)?.at ?? loaded.game.startedAt;
    if (pauseMs > 0 && now - turnSince < pauseMs) return acted;
    const at = Math.max(now, turnSince + 1);
    const charge = loaded.game.charges[d.turn]!;
    const proposed = chooseBotAct({
      seat: d.turn,
      charge,
      game: publicGame({ ...loaded.game, acts: loaded.game.acts }),
      now: at,
      strategy: strategyOf(seat.botName),
      luck: loaded.table.seed ? botLuck(loaded.table.seed, d.turn) : undefined,
      // Its own whispers only (§15: its charge, the public state, its whispers).
      whispers: (loaded.game.whispers ?? []).filter((w) => w.from === d.turn || w.to === d.turn),
    });
    const r = await appendAct(db, tableId, () => ok(d.turn!), proposed, at);
    if (!r.ok) {
      // A bot's refused offer (it should not happen) falls back to a pass, so a bot never holds a table up.
      const passed = await appendAct(db, tableId, () => ok(d.turn!), { type: "pass" }, at);
      if (!passed.ok) return acted; // someone else took the turn: the next trigger will look again
    }
    acted++;
  }
  return acted;
}
