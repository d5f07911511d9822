// The council module's registrations: the sweeper, the background asking of model seats, the demo, the invariants.
import { registerInvariant } from "../actions/dbcheck";
import {
  COUNCIL_INVARIANTS,
  runModelSeats,
  seedCouncilDemo,
  setModelKicker,
  sweepCouncils,
} from "../actions/council";
import { registerDemo, registerSweeper } from "../boot";
import { getDatabase } from "../db";
import { announce } from "../live";

registerSweeper({ name: "councils", sweep: (db, now) => sweepCouncils(db, now) });
registerDemo({ name: "councils", seed: (db, now) => seedCouncilDemo(db.prisma, now) });

/**
 * Once a round opens, this process asks its model seats in the background (the action has answered already). One
 * run per table at a time; a kick during a run asks for one more pass. Another process, or the sweeper, may ask
 * too: the claim written before each call keeps any seat from being asked twice.
 */
const running = new Map<number, boolean>();
setModelKicker((id) => {
  if (running.has(id)) {
    running.set(id, true);
    return;
  }
  running.set(id, false);
  void (async () => {
    try {
      const database = await getDatabase();
      do {
        running.set(id, false);
        if (await runModelSeats(database.prisma, id)) await announce(database);
      } while (running.get(id));
    } catch (e) {
      console.error(`asking the model seats of round table ${id} failed:`, e);
    } finally {
      running.delete(id);
    }
  })();
});

for (const invariant of COUNCIL_INVARIANTS) registerInvariant(invariant);
