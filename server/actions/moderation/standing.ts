// An account's standing as the identity lookups read it: its suspend and reinstate acts, oldest first, in the same
// query as the user or agent (a nested select), so a suspension stops sessions and tokens at their next request.
import type { Db } from "../../db";

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
