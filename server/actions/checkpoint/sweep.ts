// The checkpoint's sweeper: records each finished Round Table's result beside its escalation as advice, once.
import type { Database } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { announce } from "../../live";
import { unrecordedAdvice } from "./advice";
import { announcePlan, topicOf } from "./events";
import { loadAccess } from "./access";

/**
 * A plan's readers derive the advice until this records it, so no read ever writes. Idempotent: the row is written
 * only while its advice is still null, and the plan.advice event goes out with that one write, so two sweepers
 * racing (two processes) announce it once.
 */
export async function sweepCheckpoints(database: Database, now: number): Promise<number> {
  const db = database.prisma;
  const escalated = await db.checkpoint.findMany({
    where: { councilId: { not: null }, advice: { equals: Prisma.DbNull } },
    select: { id: true, planId: true, councilId: true, advice: true },
    orderBy: { id: "asc" },
  });
  const finished = await unrecordedAdvice(db, escalated, now);
  let recorded = 0;
  for (const c of escalated) {
    const advice = c.councilId === null ? undefined : finished.get(c.councilId);
    if (!advice) continue;
    await db.$transaction(async (tx) => {
      const n =
        await tx.$executeRaw`UPDATE "Checkpoint" SET advice = ${JSON.stringify(advice)}::jsonb WHERE id = ${c.id} AND advice IS NULL`;
      if (n === 0) return;
      recorded++;
      const access = (await loadAccess(tx, c.planId))!;
      await announcePlan(tx, topicOf({ id: c.planId }, access), "advice", {
        checkpointId: c.id,
        option: advice.option,
      });
    });
  }
  if (recorded) await announce(database);
  return recorded;
}
