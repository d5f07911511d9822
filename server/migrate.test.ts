// The migrations: they apply to a fresh database, twice is a no-op, and they produce exactly schema.prisma (no drift).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrate, schemaVersion } from "./migrate";
import { testDatabase } from "./testing/db";

const drift = (schema?: string) =>
  spawnSync("node", ["scripts/db-migrate.mjs", "drift"], {
    env: { ...process.env, DATABASE_URL: "pglite:memory://", ...(schema ? { SCHEMA: schema } : {}) },
    encoding: "utf8",
  });

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

  it("produce exactly prisma/schema.prisma, and a schema change without a migration is caught", () => {
    const clean = drift();
    expect(clean.stdout, clean.stderr).toMatch(/No drift/);
    expect(clean.status).toBe(0);
    const changed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "drift-")), "schema.prisma");
    fs.writeFileSync(
      changed,
      fs
        .readFileSync("prisma/schema.prisma", "utf8")
        .replace("model Act {", "model Act {\n  extraField Int?"),
    );
    const dirty = drift(changed);
    expect(dirty.stdout).toMatch(/Drift/);
    expect(dirty.status).toBe(1);
  }, 60_000);
});
