// An account's standing as the identity lookups read it: its suspend and reinstate acts, oldest first, in the same
// query as the user or agent (a nested select), so a suspension stops sessions and tokens at their next request.
import type { Db } from "../db";

/** The nested select of a user's suspend/reinstate acts, for `suspendedBy` (server/rules/moderation.ts). */
export const STANDING = {
  where: { action: { in: ["suspend", "reinstate"] } },
  orderBy: { id: "asc" as const },
  select: { action: true },
};

export async function standingOf(db: Db, userId: number): Promise<{ action: string }[]> {
  return db.moderationAct.findMany({
    where: { accountId: userId, ...STANDING.where },
    orderBy: STANDING.orderBy,
    select: STANDING.select,
  });
}

/**
 * The same standing in SQL, as a column of a lookup that already reads the account: the last suspend or reinstate
 * of the person whose id is `ownerColumn` (null: neither, ever). `suspendedBy([{ action }])` reads it, so one rule
 * decides. Who asks is resolved on every request: one statement there, not three.
 */
export const LAST_STANDING_SQL = (ownerColumn: string) =>
  `(SELECT m.action FROM "ModerationAct" m WHERE m."accountId" = ${ownerColumn} AND m.action IN ('suspend', 'reinstate') ORDER BY m.id DESC LIMIT 1)`;

/** The standing column as the ledger-reading rule takes it. */
export const standingRows = (last: string | null): { action: string }[] => (last ? [{ action: last }] : []);
