// `parley db check`: the schema version, and the invariants of every ledger (the foundation's and each module's).
import type { Database } from "../db";
import { schemaVersion } from "../migrate";

export type Invariant = { name: string; sql: string; explain: string };

/** Each query returns the rows that break the invariant; none means it holds. */
export const FOUNDATION_INVARIANTS: Invariant[] = [
  {
    name: "agent tokens are hashes",
    sql: `SELECT id FROM "Agent" WHERE "tokenHash" !~ '^[0-9a-f]{64}$'`,
    explain: "an agent's token is stored as a hex SHA-256 and nothing else",
  },
  {
    name: "events carry a transaction id",
    sql: `SELECT id FROM "Event" WHERE txid IS NULL OR txid <= 0`,
    explain: "every outbox row records the transaction that wrote it",
  },
];

export type DbCheck = {
  kind: string;
  version: string | null;
  applied: number;
  pending: string[];
  problems: string[];
};

/** `modules`: the invariants of the modules' ledgers (server/modules.ts invariantsOf). */
export async function dbCheck(db: Database, modules: readonly Invariant[]): Promise<DbCheck> {
  const { applied, pending } = await schemaVersion(db.sql);
  const problems: string[] = [];
  const integrity = await db.sql.query<{ ok: boolean }>(`SELECT true AS ok`).catch((e) => {
    problems.push(`the database does not answer: ${(e as Error).message}`);
    return [];
  });
  if (integrity.length) {
    for (const inv of [...FOUNDATION_INVARIANTS, ...modules]) {
      try {
        const rows = await db.sql.query(inv.sql);
        if (rows.length) problems.push(`${inv.name}: ${rows.length} row(s) break it (${inv.explain})`);
      } catch (e) {
        problems.push(`${inv.name}: could not be checked (${(e as Error).message})`);
      }
    }
  }
  if (pending.length) problems.push(`migrations not applied: ${pending.join(", ")}`);
  return { kind: db.kind, version: applied.at(-1) ?? null, applied: applied.length, pending, problems };
}
