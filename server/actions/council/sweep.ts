// The council's sweeper: writes what the clock made due (deadlines, the facilitator's defaults) for every table in
// deliberation, reminds the seats owed an answer before a round's deadline (10 minutes, or a quarter of a shorter
// round), asks the model seats owed an
// answer, and lets the clerk facilitate the house demos.
import type { Database } from "../../db";
import { announce } from "../../live";
import { kickModels } from "./common";
import { clerkFor } from "./demo";
import { confirmStep, setAxes } from "./facilitate";
import { runModelSeats } from "./models";
import { loadCurrent } from "./current";
import { progressOf } from "./load";
import { roundReminder } from "./notices";
import { roundReminderDue, standing } from "../../rules/council";
import { viewOf } from "./view";

export async function sweepCouncils(
  database: Database,
  now: number,
  opts: { models?: "kick" | "await" } = {},
): Promise<void> {
  const db = database.prisma;
  const live = await db.council.findMany({
    where: { closedAt: null, stateId: null },
    select: { id: true, demo: true, facilitatorId: true },
  });
  for (const c of live) {
    const l = await loadCurrent(db, c.id, now);
    if (!l) continue;
    // before a round's deadline, each seat still owed an answer is reminded (once: its key is unique)
    const remind = roundReminderDue(standing(progressOf(l), now).phase, now, l.roundDeadlineMs);
    if (remind)
      await db.$transaction((tx) => roundReminder(tx, l, remind.round, remind.seats, remind.deadlineAt, now));
    if (c.demo !== null) {
      const house = await clerkFor(db, c.facilitatorId);
      const phase = house ? viewOf(l, house, now).phase : null;
      if (house && phase?.kind === "axes")
        await setAxes(db, house, { councilId: c.id, accept_draft: true }, now);
      if (house && phase?.kind === "confirm")
        await confirmStep(db, house, { councilId: c.id, confirm: false }, now);
    }
    // Awaited (tests, the CLI): asked at the sweep's own time, so a test clock runs the pace.
    if (opts.models === "await") await runModelSeats(db, c.id, { clock: () => now });
    else kickModels(c.id);
  }
  if (live.length) await announce(database);
}
