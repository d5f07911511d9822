// The house's sweeper on a table's own clock, for the tests where an agent plays a table of house bots over a real
// door: time passes only while a house bot is to act (a minute a bot, past its pause), as if the agent answered at
// once; so the turn window never runs out on the agent for the test machine's slowness, and the deadline (an hour)
// still ends a table that never binds.
import { loadTable, sweepTables } from "../actions/game";
import type { Database } from "../db";
import { derive } from "../rules/game";

const MINUTE = 60_000;

export class House {
  /** The table's clock: moved on only by the house, so the test passes on any day. */
  now = Date.parse("2026-12-01T12:00:00Z");
  readonly clock = () => this.now;

  /**
   * Sweeps, on `db`, the table `find` names (null until it exists), as the server does. Returns the stop: it waits
   * for the sweeper to end and says how many times it swept for a bot's turn.
   */
  run(db: Database, find: () => Promise<number | null>): () => Promise<number> {
    let stop = false;
    let sweeps = 0;
    const done = (async () => {
      let id: number | null = null;
      while (!stop) {
        id ??= await find();
        const t = id === null ? null : await loadTable(db.prisma, id);
        const d = t?.game ? derive(t.game, this.now) : null;
        if (d && d.status === "playing" && d.turn !== null && t!.seats[d.turn]!.botName) {
          this.now += MINUTE;
          await sweepTables(db, this.now);
          sweeps++;
        } else await new Promise((r) => setTimeout(r, 20));
      }
    })();
    return async () => {
      stop = true;
      await done;
      return sweeps;
    };
  }
}
