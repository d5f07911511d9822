// A table as it stands now: anything the clock has made due (a deadline passed, a default taken) written first.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { standing } from "../../rules/council";
import { advanceIn } from "./advance";
import { kickModels } from "./common";
import { councilReadable, loadCouncil, lockCouncil, progressOf, type LoadedCouncil } from "./load";

/** Loads a table, first writing anything the clock has made due (a deadline passed, a default taken). */
export async function loadCurrent(db: Db, id: number, now: number, who?: Who): Promise<LoadedCouncil | null> {
  const l = await loadCouncil(db, id);
  if (!l || l.imported || l.closedAt) return l;
  // A viewer who may not read it moves nothing on (and learns nothing from the time it takes).
  if (who && !councilReadable(l, who)) return l;
  if (standing(progressOf(l), now).due.length === 0) return l;
  const after = await db.$transaction(async (tx) => {
    await lockCouncil(tx, id);
    return (await advanceIn(tx, id, now)).loaded;
  });
  kickModels(id);
  return after;
}
