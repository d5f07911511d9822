// Applies prisma/migrations in name order on PostgreSQL or PGlite, booking them in _prisma_migrations
// exactly as Prisma's schema engine does (same table, SHA-256 checksums), so `prisma migrate` agrees.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import PgBoss from "pg-boss";

/** The two things a migration needs from a connection: run a whole script, and run one parameterised query. */
export type SqlRunner = {
  exec(script: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
};

/** pg-boss's schema (server/jobs/queue.ts enqueues and works there). */
export const QUEUE_SCHEMA = "pgboss";
const LOCK_ID = 72707369; // Prisma's advisory lock key for PostgreSQL
const DDL = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** Prisma accepts the LF and CRLF variants of a file when it verifies a checksum. */
const checksums = (s: string) => [s, s.replaceAll("\r\n", "\n"), s.replaceAll("\n", "\r\n")].map(sha256);

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<{ name: string; script: string }[]> {
  const entries = await fs.readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true });
  const names = entries
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      script: await fs.readFile(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8"),
    })),
  );
}

/** Applies what is pending; returns the names applied. Refuses to run over a failed migration, as Prisma does. */
export async function migrate(db: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`SELECT pg_advisory_lock(${LOCK_ID})`);
  try {
    await db.exec(DDL);
    const rows = await db.query<{
      migration_name: string;
      checksum: string;
      finished_at: unknown;
      rolled_back_at: unknown;
    }>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at`,
    );
    const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at);
    if (failed.length)
      throw new Error(`failed migrations in the database: ${failed.map((r) => r.migration_name).join(", ")}`);
    const applied = new Map(
      rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r.checksum]),
    );
    const done: string[] = [];
    for (const { name, script } of await listMigrations(dir)) {
      if (applied.has(name)) {
        if (!checksums(script).includes(applied.get(name)!))
          throw new Error(`migration ${name} was modified after it was applied`);
        continue;
      }
      const id = randomUUID();
      await db.query(
        `INSERT INTO "_prisma_migrations" ("id","checksum","started_at","migration_name") VALUES ($1,$2,now(),$3)`,
        [id, checksums(script)[0], name],
      );
      try {
        await db.exec(`BEGIN;\n${script}\nCOMMIT;`);
      } catch (e) {
        await db.exec("ROLLBACK").catch(() => {});
        await db.query(`UPDATE "_prisma_migrations" SET "logs" = $1 WHERE "id" = $2`, [String(e), id]);
        throw new Error(`migration ${name} failed: ${(e as Error).message}`);
      }
      await db.query(
        `UPDATE "_prisma_migrations" SET "applied_steps_count" = 1, "finished_at" = now() WHERE "id" = $1`,
        [id],
      );
      done.push(name);
    }
    // The job queue's own tables (pg-boss's construction plan, once), so a job can be enqueued in any transaction
    // from the first, in every process (the CLI's too), before any worker has started; pg-boss upgrades them itself.
    const [queue] = await db.query<{ t: string | null }>(
      `SELECT to_regclass('${QUEUE_SCHEMA}.version')::text AS t`,
    );
    if (!queue?.t) await db.exec(PgBoss.getConstructionPlans(QUEUE_SCHEMA));
    return done;
  } finally {
    await db.query(`SELECT pg_advisory_unlock(${LOCK_ID})`);
  }
}

/** The schema version is the name of the last applied migration. */
export async function schemaVersion(db: SqlRunner): Promise<{ applied: string[]; pending: string[] }> {
  const rows = await db
    .query<{ migration_name: string }>(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    )
    .catch(() => []);
  const applied = rows.map((r) => r.migration_name);
  const pending = (await listMigrations()).map((m) => m.name).filter((n) => !applied.includes(n));
  return { applied, pending };
}
