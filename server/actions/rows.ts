// Rows written in one statement without the ORM: on the act path its createMany compiled a query plan per call
// (docs/decisions/0003-raw-statements.md). The rows travel as one jsonb parameter — data, never SQL — and come back
// out in their order, so serial ids follow it as the ORM's multi-row insert did.
import { Prisma } from "../generated/prisma/client";

/**
 * `FROM` source of `rows`, typed by `columns` (constants of the caller's, e.g. `turn int, said jsonb`): its rows
 * are named `r`, in the array's order (`ORDER BY r.ord`). A JSON null or a missing key is SQL NULL.
 */
export function jsonRows(rows: readonly object[], columns: string): Prisma.Sql {
  const names = columns
    .split(",")
    .map((c) => c.trim().split(/\s+/)[0])
    .join(", ");
  return Prisma.sql`ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (${Prisma.raw(columns)}))
    WITH ORDINALITY AS r(${Prisma.raw(names)}, ord)`;
}
