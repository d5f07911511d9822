// A table as it stands now: anything the clock has made due (a deadline passed, a default taken) written first.
import type { Db } from "../../db";
import { standing } from "../../rules/council";
import { advanceIn } from "./advance";
import { kickModels } from "./common";
import { loadCouncil, lockCouncil, progressOf, type LoadedCouncil } from "./load";

/** Loads a table, first writing anything the clock has made due (a deadline passed, a default taken). */
export async function loadCurrent(db: Db, id: number, now: number): Promise<LoadedCouncil | null> {
  const l = await loadCouncil(db, id);
  if (!l || l.imported || l.closedAt) return l;
  if (standing(progressOf(l), now).due.length === 0) return l;
  const after = await db.$transaction(async (tx) => {
    await lockCouncil(tx, id);
    return (await advanceIn(tx, id, now)).loaded;
  });
  kickModels(id);
  return after;
}
