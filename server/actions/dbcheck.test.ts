// `parley db check`: the schema version, and the ledger invariants of every module, caught when broken.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { invariantsOf } from "../modules";
import { openDatabase, type Database } from "../db";
import { accountName } from "../names";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { dbCheck } from "./dbcheck";
import { joinTable, openTable, startTable } from "./game";
import { main } from "../doors/cli/main";

/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");

let db: TestDatabase;
databaseForFile((made) => (db = made));

describe("db check", () => {
  it("reports the schema version and no problem on a healthy database", async () => {
    const r = await dbCheck(db, invariantsOf());
    expect(r.version).toMatch(/^\d{14}_/);
    expect(r.pending).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it("finds a gap in a table's ledger", async () => {
    const host = await makeUser(db, "gap-host");
    const t = await openTable(db.prisma, host, { title: "gappy", seatsMax: 4 });
    const id = t.ok ? t.value.id : 0;
    for (const n of ["g1", "g2", "g3"])
      await joinTable(db.prisma, await makeUser(db, n), { tableId: id }, NOW);
    await startTable(db.prisma, host, { tableId: id }, NOW);
    await db.prisma.act.create({ data: { tableId: id, turn: 5, seat: 1, type: "pass", at: new Date(NOW) } });
    const r = await dbCheck(db, invariantsOf());
    expect(r.problems.join("\n")).toMatch(/turns run 0, 1, 2/);
    await db.prisma.act.deleteMany({ where: { tableId: id } });
    expect((await dbCheck(db, invariantsOf())).problems).toEqual([]);
  });

  it("the CLI prints the version and exits 0, or 1 with each problem", async () => {
    const target = await cliTarget();
    try {
      expect(await cli(target.url)).toEqual({
        code: 0,
        out: expect.stringMatching(
          new RegExp(
            `^database: ${db.kind}\nschema version: \\d{14}_\\w+ \\(\\d+ migration\\(s\\) applied\\)\nintegrity: ok\n$`,
          ),
        ),
      });
      await target.write((prisma) =>
        prisma.agent.create({
          data: { ownerId: target.owner, name: "plain", tokenHash: "not-a-hash", tokenHint: "x" },
        }),
      );
      expect(await cli(target.url)).toEqual({
        code: 1,
        out: expect.stringContaining(
          "problem: agent tokens are hashes: 1 row(s) break it (an agent's token is stored as a hex SHA-256 and nothing else)\n",
        ),
      });
    } finally {
      await target.drop();
    }
  });
});

/** `parley db check` in this process, against the database at `url`. */
async function cli(url: string): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const prev = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    const code = await main(["db", "check"], { stdout: (s) => out.push(s), stderr: (s) => out.push(s) });
    return { code, out: out.join("") };
  } finally {
    if (prev === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = prev;
  }
}

type CliTarget = {
  url: string;
  /** A user to own what a case writes. */
  owner: number;
  write(fn: (prisma: Database["prisma"]) => Promise<unknown>): Promise<void>;
  drop(): Promise<void>;
};

/**
 * A database the CLI can open by its URL: PostgreSQL's is the test database itself; an in-memory PGlite is no one
 * else's to open, so on the embedded database the CLI checks a fresh one on disk, opened here only between its runs
 * (one process at a time, as the embedded database allows).
 */
async function cliTarget(): Promise<CliTarget> {
  if (db.kind === "postgres") {
    const owner = await makeUser(db, "cli-owner");
    return {
      url: db.url,
      owner: owner.userId,
      write: async (fn) => void (await fn(db.prisma)),
      drop: async () => void (await db.prisma.agent.deleteMany({ where: { name: "plain" } })),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-dbcheck-"));
  const url = `pglite:${path.join(dir, "pglite")}`;
  const write = async (fn: (prisma: Database["prisma"]) => Promise<unknown>) => {
    const disk = await openDatabase(url);
    try {
      await fn(disk.prisma);
    } finally {
      await disk.close();
    }
  };
  let owner = 0;
  await write(async (prisma) => (owner = (await prisma.user.create({ data: accountName("cli-owner") })).id));
  return { url, owner, write, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
