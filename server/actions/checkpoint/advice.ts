// An escalation's advice: a finished Round Table's result beside its checkpoint, derived on read until recorded.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { councilState } from "../council";

/** A closed Round Table's result, written beside its checkpoint once: advice, not a decision. */
export type Advice = {
  councilId: number;
  status: string;
  option: string | null;
  lines: string[];
  ruling: { choice: string; reason: string; by: string; at: string } | null;
};

type Escalated = { councilId: number | null; advice: unknown };

/**
 * The advice of each of these checkpoints' Round Tables that has finished and is not yet recorded, by council id.
 * Reads only: `councilState` writes what the clock has made due on a table still open, so it is asked about
 * finished tables alone (a closed table has nothing due) and a plan's reader never moves a council on.
 */
export async function unrecordedAdvice(
  db: Db,
  checkpoints: readonly Escalated[],
  now: number,
): Promise<Map<number, Advice>> {
  const advice = new Map<number, Advice>();
  const pending = checkpoints.flatMap((c) =>
    c.councilId !== null && c.advice === null ? [c.councilId] : [],
  );
  if (pending.length === 0) return advice;
  const finished = await db.council.findMany({
    where: { id: { in: pending }, closedAt: { not: null } },
    select: { id: true, facilitatorId: true, facilitator: { select: { name: true } } },
  });
  for (const { id, facilitatorId, facilitator } of finished) {
    // Read as its facilitator (the plan's owner): the council is as private as the plan, and this plan's reader may
    // read the plan; a closed table has nothing sealed, so the facilitator's view is everyone's.
    const by: Who = { kind: "user", userId: facilitatorId, name: facilitator.name, admin: false };
    const council = await councilState(db, by, { id }, now);
    if (!council.ok || !council.value.closedAt) continue;
    advice.set(id, {
      councilId: id,
      status: council.value.status,
      option: council.value.ruling?.choice ?? council.value.result?.winner ?? null,
      lines: council.value.result?.lines ?? [],
      ruling: council.value.ruling,
    });
  }
  return advice;
}

/** What stands beside a checkpoint: the advice recorded there, else its finished council's result as derived now. */
export const adviceBeside = (c: Escalated, unrecorded: ReadonlyMap<number, Advice>): Advice | null =>
  (c.advice as Advice | null) ?? (c.councilId === null ? null : (unrecorded.get(c.councilId) ?? null));
