// Named statements on the embedded database (pglite.ts), on a real PGlite in memory: the same rows as PGlite's own
// `query`, each text prepared once, a value never part of the statement, a failure that leaves the session usable,
// no statement inside another caller's open transaction, and the cap.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { preparedRows } from "./pglite";

let lite: PGlite;
beforeAll(async () => {
  lite = await PGlite.create();
  await lite.exec(
    `CREATE TABLE item (id serial PRIMARY KEY, name text UNIQUE NOT NULL, at timestamptz, n int)`,
  );
  await lite.exec(
    `INSERT INTO item (name, at, n) VALUES ('one', '2026-01-02T03:04:05Z', 1), ('two', NULL, 2)`,
  );
});
afterAll(async () => lite?.close());

const prepared = async () =>
  (await lite.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`)).rows.map(
    (r) => r.name,
  );

describe("a statement prepared on the embedded database", () => {
  it("answers the rows PGlite's own query answers, parameters and types alike", async () => {
    const text = `SELECT id, name, at, n, $2::text AS echo FROM item WHERE n >= $1 ORDER BY id`;
    const mine = await preparedRows(lite, text, [1, "hi"], {}, 10);
    const theirs = (await lite.query(text, [1, "hi"])).rows;
    expect(mine).toEqual(theirs);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ name: "one", n: 1, echo: "hi" });
    expect((mine[0] as { at: Date }).at).toBeInstanceOf(Date);
    expect(await preparedRows(lite, `SELECT $1::int AS none`, [null], {}, 10)).toEqual([{ none: null }]);
  });

  it("prepares each text once, under its own name, and runs it again with new values", async () => {
    const before = await prepared();
    const text = `SELECT name FROM item WHERE id = $1`;
    expect(await preparedRows(lite, text, [1], {}, 10)).toEqual([{ name: "one" }]);
    expect(await preparedRows(lite, text, [2], {}, 10)).toEqual([{ name: "two" }]);
    const after = await prepared();
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((n) => !before.includes(n))[0]).toMatch(/^parley_lite_\d+$/);
  });

  it("keeps a value a value, never part of the statement", async () => {
    const evil = `x'); DROP TABLE item; --`;
    expect(await preparedRows(lite, `SELECT $1::text AS v`, [evil], {}, 10)).toEqual([{ v: evil }]);
    expect((await lite.query(`SELECT count(*)::int AS c FROM item`)).rows).toEqual([{ c: 2 }]);
  });

  it("fails as PostgreSQL fails (a unique violation is 23505), and the next statement runs", async () => {
    const insert = `INSERT INTO item (name) VALUES ($1) RETURNING id`;
    await expect(preparedRows(lite, insert, ["one"], {}, 10)).rejects.toMatchObject({ code: "23505" });
    const [row] = await preparedRows<{ id: number }>(lite, insert, ["three"], {}, 10);
    expect(row?.id).toEqual(expect.any(Number));
    await lite.query(`DELETE FROM item WHERE name = 'three'`);
  });

  it("waits for another caller's transaction to end, and never runs inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const tx = lite
      .transaction(async (t) => {
        await t.query(`INSERT INTO item (name) VALUES ('uncommitted')`);
        opened();
        await held;
        await t.rollback();
      })
      .catch(() => {});
    await isOpen;
    const counted = preparedRows<{ c: number }>(lite, `SELECT count(*)::int AS c FROM item`, [], {}, 10);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await counted).toEqual([{ c: 2 }]); // not 3: it ran after the rollback, not inside the transaction
  });

  it("shares what is prepared between two copies of the module over one PGlite, as the built app holds", async () => {
    vi.resetModules();
    const other = (await import("./pglite")).preparedRows;
    expect(other).not.toBe(preparedRows);
    const text = `SELECT name FROM item WHERE n = $1`;
    expect(await preparedRows(lite, text, [1], {}, 10)).toEqual([{ name: "one" }]);
    const before = await prepared();
    expect(await other(lite, text, [2], {}, 10)).toEqual([{ name: "two" }]);
    expect(await other(lite, `SELECT name FROM item WHERE n > $1`, [1], {}, 10)).toEqual([{ name: "two" }]);
    expect((await prepared()).length).toBe(before.length + 1);
  });

  it("past its cap of texts, runs a new text as PGlite's own query does, unnamed", async () => {
    const before = await prepared();
    expect(await preparedRows(lite, `SELECT 42 AS answer`, [], {}, before.length)).toEqual([{ answer: 42 }]);
    expect(await prepared()).toEqual(before);
  });
});
