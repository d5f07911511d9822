// The clock's sweeper: writes due clock passes and deadline ends for every table in play, then lets bots move.
import type { Database } from "../../db";
import { settleClock } from "./append";
import { runBots } from "./bots";
import { announce } from "../../live";

export async function sweepTables(db: Database, now: number): Promise<void> {
  const live = await db.prisma.gameTable.findMany({
    where: { startedAt: { not: null }, finishedAt: null },
    select: { id: true },
  });
  let wrote = 0;
  for (const { id } of live) {
    wrote += await settleClock(db.prisma, id, now);
    wrote += await runBots(db.prisma, id, now);
  }
  if (wrote) await announce(db);
}
