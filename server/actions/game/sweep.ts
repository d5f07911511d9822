// The clock's sweeper: writes due clock passes and deadline ends for every table in play, then lets bots move.
import type { Database } from "../../db";
import { Prisma } from "../../generated/prisma/client";
import { REMINDER_LEAD_MAX_MS, REMINDER_LEAD_SHARE } from "../../rules/game";
import { remind, settleClock } from "./append";
import { runBots } from "./bots";
import { runModelPlayers } from "./models";
import { announce } from "../../live";

/**
 * The tables in play that may have something to write at `now`: a turn window ran out since the latest act or ends
 * within its reminder's lead (rules/game/notices.ts: 1 h, or a quarter of the window) unreminded, the
 * deadline passed, the latest act is an accept (it may have bound), or a house bot sits there. A superset, read in
 * one statement so a sweep over many quiet tables costs one query; settleClock and runBots re-read each candidate
 * and let the rules decide.
 */
const candidates = (now: number) => Prisma.sql`
  SELECT t.id, EXISTS (SELECT 1 FROM "Seat" s WHERE s."tableId" = t.id AND s."botName" IS NOT NULL) AS bots,
    EXISTS (SELECT 1 FROM "Seat" s WHERE s."tableId" = t.id AND s."modelProvider" IS NOT NULL) AS models
  FROM "GameTable" t
  LEFT JOIN LATERAL (
    SELECT a.at, a.type, a.turn FROM "Act" a WHERE a."tableId" = t.id ORDER BY a.turn DESC LIMIT 1
  ) latest ON true
  WHERE t."startedAt" IS NOT NULL AND t."finishedAt" IS NULL AND (
    extract(epoch FROM coalesce(latest.at, t."startedAt")) * 1000 + t."turnWindowMs" <= ${now}
    OR (
      extract(epoch FROM coalesce(latest.at, t."startedAt")) * 1000 + t."turnWindowMs"
        - LEAST(${REMINDER_LEAD_MAX_MS}, t."turnWindowMs" / ${REMINDER_LEAD_SHARE}) <= ${now}
      AND NOT EXISTS (
        SELECT 1 FROM "Notification" n WHERE n.once = 'table:' || t.id || ':reminder:' || coalesce(latest.turn + 1, 0)
      )
    )
    OR extract(epoch FROM t."startedAt") * 1000 + t."deadlineMs" <= ${now}
    OR latest.type = 'accept'
    OR EXISTS (SELECT 1 FROM "Seat" s WHERE s."tableId" = t.id AND (s."botName" IS NOT NULL OR s."modelProvider" IS NOT NULL))
  )
  ORDER BY t.id`;

export async function sweepTables(db: Database, now: number): Promise<void> {
  const due = await db.prisma.$queryRaw<{ id: number; bots: boolean; models: boolean }[]>(candidates(now));
  let wrote = 0;
  for (const { id, bots, models } of due) {
    wrote += await settleClock(db.prisma, id, now);
    wrote += await remind(db.prisma, id, now);
    if (bots) wrote += await runBots(db.prisma, id, now);
    // The queue asks a model player as soon as its turn comes; this is the net under a lost job.
    // (its clock runs from the sweep's `now` at the real pace, so a call's latency is measured, not zero)
    const t0 = Date.now();
    if (models) wrote += await runModelPlayers(db.prisma, id, { clock: () => now + (Date.now() - t0) });
  }
  if (wrote) await announce(db);
}
