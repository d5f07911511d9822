// The shape every plan write shares: a valid id, the plan's row lock, the plan loaded inside the transaction.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Result } from "../../rules/result";
import { parseId } from "../input";
import { loadPlan, lockPlan, noPlan, type LoadedPlan } from "./load";

/** Runs `fn` in one transaction holding the plan's lock, so what it read is still true when it writes. */
export async function inPlan<T>(
  db: Db,
  rawId: unknown,
  fn: (tx: Prisma.TransactionClient, loaded: LoadedPlan) => Promise<Result<T>>,
): Promise<Result<T>> {
  const id = parseId(rawId);
  if (id === null) return noPlan;
  return db.$transaction(async (tx) => {
    if (!(await lockPlan(tx, id))) return noPlan;
    return fn(tx, (await loadPlan(tx, id))!);
  });
}

export const quoted = (ids: readonly string[]) => ids.map((id) => `"${id}"`).join(", ");
