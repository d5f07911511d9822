// The council module: the sweeper, the background asking of model seats, the demo, the invariants.
import {
  COUNCIL_INVARIANTS,
  runModelSeats,
  seedCouncilDemo,
  setModelKicker,
  sweepCouncils,
} from "../actions/council";
import { getDatabase } from "../db";
import { announce } from "../live";
import type { Module } from "./module";

/**
 * Once a round opens, this process asks its model seats in the background (the action has answered already). One
 * run per table at a time; a kick during a run asks for one more pass. Another process, or the sweeper, may ask
 * too: the claim written before each call keeps any seat from being asked twice.
 */
const running = new Map<number, boolean>();
const inFlight = new Set<Promise<void>>();
const askModels = (id: number) => {
  if (running.has(id)) {
    running.set(id, true);
    return;
  }
  running.set(id, false);
  const run = (async () => {
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
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
};

export const COUNCIL_MODULE: Module = {
  name: "councils",
  sweep: (db, now) => sweepCouncils(db, now),
  seedDemo: (db, now) => seedCouncilDemo(db.prisma, now),
  invariants: COUNCIL_INVARIANTS,
  start: () => setModelKicker(askModels),
  stop: async () => {
    setModelKicker(undefined);
    await Promise.all(inFlight);
  },
};
