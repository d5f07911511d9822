// The rate limits are kept where every process on one database sees them: on PostgreSQL two processes (two
// independent pools and limiters, as two processes have, and a real child process) spend one budget; on the embedded
// database, one process's memory. Sign-up is limited per name (as names compare) and per address; sign-in per address,
// and its failures per name × address and, from addresses that never signed in to it, per name.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db";
import { onPostgres, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import {
  authLimit,
  rateLimit,
  SIGN_IN_FAILS_PER_NAME,
  SIGN_IN_FAILS_PER_NAME_AND_ADDRESS,
  SIGN_IN_NAME_WINDOW_S,
  SIGN_IN_PAIR_WINDOW_S,
  signInLimit,
  SIGN_UP_PER_ADDRESS,
} from "./limits";

let db: TestDatabase;
databaseForFile((made) => (db = made));
afterEach(() => {
  delete process.env.PARLEY_RATE_LIMIT;
});

describe.skipIf(!onPostgres())(
  "on PostgreSQL (skipped on the embedded database: PGlite is one process, its limits live in its memory)",
  () => {
    let second: Database;
    beforeAll(async () => {
      second = await openDatabase(db.url, { migrate: false }); // another pool, other limiters: another process
    });
    afterAll(async () => second?.close());

    it("the counts are kept out of the write-ahead log (a charge costs no WAL flush; a crash forgives them)", async () => {
      const [t] = await db.sql.query<{ relpersistence: string }>(
        `SELECT relpersistence FROM pg_class WHERE relname = 'RateLimit'`,
      );
      expect(t?.relpersistence).toBe("u");
    });

    it("two processes on one database share one budget", async () => {
      process.env.PARLEY_RATE_LIMIT = "6";
      const answers: (object | null)[] = [];
      for (let i = 0; i < 8; i++)
        answers.push(await rateLimit(i % 2 ? second.prisma : db.prisma, "user:1", "write"));
      expect(answers.slice(0, 6)).toEqual([null, null, null, null, null, null]);
      expect(answers[6]).toMatchObject({ retryAfter: expect.any(Number) });
      expect(answers[7]).toMatchObject({ retryAfter: expect.any(Number) });
      // the count is in the database, where a third process would find it
      const [row] = await db.sql.query<{ points: number }>(
        `SELECT points FROM "RateLimit" WHERE key = 'write:user:1'`,
      );
      expect(row?.points).toBeGreaterThanOrEqual(7);
    });

    it("and so do two real processes: a child process spends from the budget this one began", async () => {
      process.env.PARLEY_RATE_LIMIT = "6";
      for (let i = 0; i < 3; i++) expect(await rateLimit(db.prisma, "user:procs", "write")).toBeNull();
      const child = await inChildProcess(db.url, "user:procs", 4);
      expect(child.slice(0, 3)).toEqual([null, null, null]);
      expect(child[3]).toMatchObject({ retryAfter: expect.any(Number) });
      expect(await rateLimit(db.prisma, "user:procs", "write")).toMatchObject({
        retryAfter: expect.any(Number),
      });
    }, 60_000);

    it("an operation's charge of a large budget takes points ahead, counted in the database before any is spent", async () => {
      process.env.PARLEY_RATE_LIMIT = "1000"; // reads: 10,000 a minute, so a charge takes 31 ahead (prepaid.ts)
      const points = async () =>
        (
          await db.sql.query<{ points: number }>(
            `SELECT points FROM "RateLimit" WHERE key = 'read:agent:ahead'`,
          )
        )[0]?.points;
      expect(await rateLimit(db.prisma, "agent:ahead", "read")).toBeNull(); // the first learns the room
      expect(await rateLimit(db.prisma, "agent:ahead", "read")).toBeNull(); // the second takes 31 ahead
      expect(await points()).toBe(33);
      for (let i = 0; i < 31; i++) expect(rateLimit(db.prisma, "agent:ahead", "read")).toBeNull(); // no round trip
      expect(await points()).toBe(33);
      expect(await rateLimit(db.prisma, "agent:ahead", "read")).toBeNull();
      expect(await points()).toBe(65);
      // sign-in attempts are charged one by one, however large the budget
      process.env.PARLEY_AUTH_ADDRESS_LIMIT = "10000";
      try {
        for (let i = 0; i < 3; i++) await signInLimit(db.prisma, `ahead-${i}`, "198.51.100.77");
        const [row] = await db.sql.query<{ points: number }>(
          `SELECT points FROM "RateLimit" WHERE key = 'sign-in-address:198.51.100.77'`,
        );
        expect(row?.points).toBe(3);
      } finally {
        delete process.env.PARLEY_AUTH_ADDRESS_LIMIT;
      }
    });

    it("two processes charging ahead never let a caller past its budget", async () => {
      process.env.PARLEY_RATE_LIMIT = "301"; // writes: 301 a minute, 2 taken ahead by each process
      let through = 0;
      for (let i = 0; i < 340; i++)
        if ((await rateLimit(i % 3 ? second.prisma : db.prisma, "agent:two-ahead", "write")) === null)
          through++;
      expect(through).toBeLessThanOrEqual(301);
      expect(through).toBeGreaterThanOrEqual(301 - 2); // at most what the other process held unspent, refused early
    });

    it("failed sign-ins count across processes too, and so does an address that signed in", async () => {
      const answers = [];
      for (let i = 0; i <= SIGN_IN_FAILS_PER_NAME_AND_ADDRESS; i++)
        answers.push(await tried(i % 2 ? second.prisma : db.prisma, "Shared", "198.51.100.1", false));
      expect(answers.filter((a) => a === "let through")).toHaveLength(SIGN_IN_FAILS_PER_NAME_AND_ADDRESS);
      expect(answers.at(-1)).toBe("refused");
      // the name's own count, across many addresses, in the other process
      for (let i = 0; i < SIGN_IN_FAILS_PER_NAME; i++)
        await tried(i % 2 ? second.prisma : db.prisma, "Spread", `198.51.101.${i}`, false);
      expect(await tried(second.prisma, "Spread", "198.51.102.1", true)).toBe("refused");
    });
  },
);

/** Spends `times` writes of `key` from a process of its own (tsx), on the database at `url`; its answers. */
async function inChildProcess(url: string, key: string, times: number): Promise<unknown[]> {
  const root = path.resolve(import.meta.dirname, "../..");
  const script = `(async () => {
    const { openDatabase } = await import(${JSON.stringify(path.join(root, "server/db.ts"))});
    const { rateLimit } = await import(${JSON.stringify(path.join(root, "server/http/limits.ts"))});
    const db = await openDatabase(${JSON.stringify(url)}, { migrate: false });
    const out = [];
    for (let i = 0; i < ${times}; i++) out.push(await rateLimit(db.prisma, ${JSON.stringify(key)}, "write"));
    console.log(JSON.stringify(out));
    await db.close();
  })();`;
  const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["-e", script], {
    env: { ...process.env },
    cwd: root,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as unknown[];
}

describe("the limits", () => {
  it("charge a cost at once, and another identity is not held up", async () => {
    process.env.PARLEY_RATE_LIMIT = "10";
    expect(await rateLimit(db.prisma, "user:cost", "write", 10)).toBeNull();
    const spent = await rateLimit(db.prisma, "user:cost", "write");
    expect(spent!.retryAfter).toBeGreaterThan(0);
    expect(spent!.retryAfter).toBeLessThanOrEqual(60);
    expect(await rateLimit(db.prisma, "user:other", "write")).toBeNull();
    // reads have ten times the budget
    expect(await rateLimit(db.prisma, "user:cost", "read", 100)).toBeNull();
  });

  it("hold failed sign-ins at one name from one address (as names compare), never another address", async () => {
    const answers = [];
    for (const name of ["Boss", "BOSS", "ｂｏｓｓ", "boss", " boss", "ＢＯＳＳ"])
      answers.push(await tried(db.prisma, name, "203.0.113.1", false));
    expect(answers).toEqual([...Array(SIGN_IN_FAILS_PER_NAME_AND_ADDRESS).fill("let through"), "refused"]);
    const refusal = await signInLimit(db.prisma, "boss", "203.0.113.1");
    expect(refusal).toMatchObject({ refused: { retryAfter: expect.any(Number) } });
    expect((refusal as { refused: { retryAfter: number } }).refused.retryAfter).toBeGreaterThan(60);
    expect((refusal as { refused: { retryAfter: number } }).refused.retryAfter).toBeLessThanOrEqual(
      SIGN_IN_PAIR_WINDOW_S,
    );
    // the owner, from an address that has not failed, is let through, however often that one failed
    expect(await tried(db.prisma, "Boss", "203.0.113.2", true)).toBe("let through");
  });

  it("clear a pair's failures when it signs in", async () => {
    for (let i = 0; i < SIGN_IN_FAILS_PER_NAME_AND_ADDRESS - 1; i++)
      await tried(db.prisma, "forgetful", "203.0.113.10", false);
    expect(await tried(db.prisma, "forgetful", "203.0.113.10", true)).toBe("let through");
    const again = [];
    for (let i = 0; i < SIGN_IN_FAILS_PER_NAME_AND_ADDRESS; i++)
      again.push(await tried(db.prisma, "forgetful", "203.0.113.10", false));
    expect(again).toEqual(Array(SIGN_IN_FAILS_PER_NAME_AND_ADDRESS).fill("let through"));
  });

  it("hold guessing at one name spread over many addresses, but not an address its owner signed in from", async () => {
    expect(await tried(db.prisma, "Target", "192.0.2.200", true)).toBe("let through"); // the owner, once
    await new Promise((r) => setTimeout(r, 20)); // a store that forgets by a timer has had its chance to
    for (let i = 0; i < SIGN_IN_FAILS_PER_NAME; i++) await tried(db.prisma, "target", `198.18.0.${i}`, false);
    const refusal = await signInLimit(db.prisma, "TARGET", "198.18.1.1");
    expect(refusal).toMatchObject({ refused: { retryAfter: expect.any(Number) } });
    expect((refusal as { refused: { retryAfter: number } }).refused.retryAfter).toBeLessThanOrEqual(
      SIGN_IN_NAME_WINDOW_S,
    );
    expect(await tried(db.prisma, "Target", "192.0.2.200", true)).toBe("let through");
  });

  it("let no single address reach the name's limit", () => {
    // an hour of the name's window overlaps at most this many of a pair's windows
    const windows = Math.ceil(SIGN_IN_NAME_WINDOW_S / SIGN_IN_PAIR_WINDOW_S) + 1;
    expect(windows * SIGN_IN_FAILS_PER_NAME_AND_ADDRESS).toBeLessThan(SIGN_IN_FAILS_PER_NAME);
  });

  it("count sign-ups per address, whatever the names", async () => {
    const answers = [];
    for (let i = 0; i <= SIGN_UP_PER_ADDRESS; i++)
      answers.push(await authLimit(db.prisma, "sign-up", `newcomer-${i}`, "192.0.2.50"));
    expect(answers.filter((a) => a === null)).toHaveLength(SIGN_UP_PER_ADDRESS);
    expect(answers.at(-1)).toMatchObject({ retryAfter: expect.any(Number) });
    expect(await authLimit(db.prisma, "sign-up", "newcomer-x", "192.0.2.51")).toBeNull();
  });

  it("keep a key too long for the store as its digest", async () => {
    expect(await authLimit(db.prisma, "sign-up", "n".repeat(5_000), "a".repeat(5_000))).toBeNull();
    expect(await tried(db.prisma, "n".repeat(5_000), "a".repeat(5_000), false)).toBe("let through");
  });
});

/** One sign-in attempt through the limits, settled as `succeeded` when it is let through to a password check. */
async function tried(
  on: Database["prisma"],
  name: string,
  address: string,
  succeeded: boolean,
): Promise<"let through" | "refused"> {
  const attempt = await signInLimit(on, name, address);
  if ("refused" in attempt) return "refused";
  await attempt.settle(succeeded);
  return "let through";
}
