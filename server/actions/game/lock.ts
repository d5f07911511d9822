// A table's row locked and read for a change: seat changes, the start and the host's steps serialise on it.
import type { Prisma } from "../../generated/prisma/client";
import type { Who } from "../../identity";
import { fail, ok, type Result } from "../../rules/result";
import { loadTable } from "./load";
import type { LoadedTable } from "./loaded";
import { tableReadable } from "./seats";

export const noTable = fail("not_found", "There is no such table.");

/**
 * Seat changes and the start serialise on the table's row: each takes it FOR UPDATE and re-reads the seats, so a
 * join can never land after the deal, nor a leave between the count and the deal.
 */
export async function lockOpen(
  tx: Prisma.TransactionClient,
  id: number,
  who: Who,
): Promise<Result<LoadedTable>> {
  const loaded = await lockTable(tx, id, who);
  if (!loaded.ok) return loaded;
  if (loaded.value.table.startedAt)
    return fail("conflict", "The table has started; seats are fixed for the game.");
  return loaded;
}

/** The table's row locked and read, if `who` may read it at all (else: there is no such table). */
export async function lockTable(
  tx: Prisma.TransactionClient,
  id: number,
  who: Who,
): Promise<Result<LoadedTable>> {
  await tx.$queryRaw`SELECT id FROM "GameTable" WHERE id = ${id} FOR UPDATE`;
  const loaded = await loadTable(tx, id);
  if (!loaded || !tableReadable(loaded, who)) return noTable;
  return ok(loaded);
}
