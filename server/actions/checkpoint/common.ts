// The shape every plan write shares: the plan's row lock, the plan loaded inside the transaction, and
// the plan hidden from whoever may not read it (not_found, as for a plan that does not exist).
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { mayRead } from "../../rules/checkpoint";
import type { Result } from "../../rules/result";
import { loadPlan } from "./load";
import { lockPlan, noPlan } from "./access";
import type { LoadedPlan } from "./loaded";

/** Runs `fn` in one transaction holding the plan's lock, so what it read is still true when it writes. */
export async function inPlan<T>(
  db: Db,
  who: Who,
  id: number,
  fn: (tx: Prisma.TransactionClient, loaded: LoadedPlan) => Promise<Result<T>>,
): Promise<Result<T>> {
  return db.$transaction(async (tx) => {
    if (!(await lockPlan(tx, id))) return noPlan;
    const loaded = (await loadPlan(tx, id))!;
    if (!mayRead(loaded.access, who)) return noPlan;
    return fn(tx, loaded);
  });
}

export const quoted = (ids: readonly string[]) => ids.map((id) => `"${id}"`).join(", ");
