// `parley db check`: the schema version, and the ledger invariants of every module, caught when broken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../modules";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { dbCheck } from "./dbcheck";
import { joinTable, openTable, startTable } from "./game";
import { main } from "../doors/cli/main";

/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

describe("db check", () => {
  it("reports the schema version and no problem on a healthy database", async () => {
    const r = await dbCheck(db);
    expect(r.version).toMatch(/^\d{14}_/);
    expect(r.pending).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it("finds a gap in a table's ledger", async () => {
    const host = await makeUser(db, "gap-host");
    const t = await openTable(db.prisma, host, { title: "gappy", seats_max: 4 });
    const id = t.ok ? t.value.id : 0;
    for (const n of ["g1", "g2", "g3"]) await joinTable(db.prisma, await makeUser(db, n), { id }, NOW);
    await startTable(db.prisma, host, { id }, NOW);
    await db.prisma.act.create({ data: { tableId: id, turn: 5, seat: 1, type: "pass", at: new Date() } });
    const r = await dbCheck(db);
    expect(r.problems.join("\n")).toMatch(/turns run 0, 1, 2/);
    await db.prisma.act.deleteMany({ where: { tableId: id } });
    expect((await dbCheck(db)).problems).toEqual([]);
  });

  it("the CLI prints the version and exits 0, or 1 with each problem", async () => {
    if (db.kind !== "postgres") return; // the CLI opens its own connection: an in-memory PGlite is not reachable
    const out: string[] = [];
    const prev = process.env.DATABASE_URL;
    process.env.DATABASE_URL = db.url;
    try {
      const code = await main(["db", "check"], { stdout: (s) => out.push(s), stderr: (s) => out.push(s) });
      expect(code).toBe(0);
      expect(out.join("")).toMatch(/schema version: \d{14}_\w+/);
      expect(out.join("")).toMatch(/integrity: ok/);
    } finally {
      process.env.DATABASE_URL = prev;
    }
  });
});
