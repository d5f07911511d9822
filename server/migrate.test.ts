// The migrations: they apply to a fresh database, twice is a no-op, and they produce exactly schema.prisma (no drift).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { migrate, schemaVersion } from "./migrate";
import { testDatabase } from "./testing/db";

/** scripts/db-migrate.mjs, the tool `npm run db:new` runs (plain JavaScript, so typed here by what is used). */
type Migrator = {
  openEngine(o: { url: string }): Promise<{
    engine: { free(): void };
    factory: { db?: { close(): Promise<void> } };
    schemaFiles: unknown;
  }>;
  readSchemaFiles(schemaPath: string): Promise<unknown>;
  driftOf(engine: unknown, migDir: string, schemaFiles: unknown): Promise<string | null>;
};
const ROOT = path.resolve(import.meta.dirname, "..");
const migrator = (): Promise<Migrator> =>
  import(pathToFileURL(path.join(ROOT, "scripts/db-migrate.mjs")).href);

/**
 * Measured on a 2-core machine (other suites running: load 4–8): one drift check took 4–7 s in its
 * own process on PGlite, most of it two initdb runs, and about 1.2 s on PostgreSQL; this test's two checks took
 * 14–24 s as two processes (on either suite, since they always ran on PGlite), and once more than 60 s beside the
 * whole suite. Now they share one engine and one main database, each shadow starts from a copy of an empty cluster,
 * and they run on the suite's database: 8–11 s on PGlite, about 1.3 s on PostgreSQL. The limit is for a loaded
 * machine.
 */
const DRIFT_LIMIT_MS = 120_000;

describe("migrations", () => {
  it("apply to a fresh database, and again is a no-op", async () => {
    const db = await testDatabase(); // migrated on open
    try {
      const v = await schemaVersion(db.sql);
      expect(v.pending).toEqual([]);
      expect(v.applied.length).toBeGreaterThan(0);
      expect(await migrate(db.sql)).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it(
    "produce exactly prisma/schema.prisma, and a schema change without a migration is caught",
    async () => {
      const m = await migrator();
      // The engine diffs against a shadow database of the suite's kind: PostgreSQL's, or an in-memory PGlite.
      const url = process.env.DATABASE_URL?.startsWith("postgres")
        ? process.env.DATABASE_URL
        : "pglite:memory://";
      const { engine, factory, schemaFiles } = await m.openEngine({ url });
      try {
        const migrations = path.join(ROOT, "prisma/migrations");
        expect(await m.driftOf(engine, migrations, schemaFiles)).toBeNull();
        const changed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "drift-")), "schema.prisma");
        fs.writeFileSync(
          changed,
          fs
            .readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8")
            .replace("model Act {", "model Act {\n  extraField Int?"),
        );
        expect(await m.driftOf(engine, migrations, await m.readSchemaFiles(changed))).toMatch(
          /ALTER TABLE "Act" ADD COLUMN\s+"extraField" INTEGER/,
        );
      } finally {
        engine.free();
        await factory.db?.close();
      }
    },
    DRIFT_LIMIT_MS,
  );
});
