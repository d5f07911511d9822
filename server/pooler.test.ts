// Behind PgBouncer in transaction mode (the tests start their own, in front of the PostgreSQL server of
// DATABASE_URL): with PARLEY_DB_PREPARED off and the session-level work (migrations', the relay's advisory locks,
// LISTEN) on the direct URL, acts land — every acknowledged one is there — and the live feed carries each of their
// events once, in order, read by a process's own tailer and over NATS JetStream alike. PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinTable, openTable } from "./actions/game";
import { openDatabase, type Database } from "./db";
import { Tailer } from "./live/tail";
import { collect, sleep, until } from "./live/testkit";
import { makeUser, onPostgres, testDatabase, type TestDatabase } from "./testing/db";
import { freePort, startPgBouncer, type Service } from "./testing/services";

const postgres = onPostgres();
const NATS = process.env.PARLEY_TEST_NATS_URL ?? "nats://127.0.0.1:4222";
let db: TestDatabase; // the direct connection: the test's own reads
let pooled: Database; // the app's, through PgBouncer
let bouncer: Service & { urlOf(db: string): string };
const prepared = process.env.PARLEY_DB_PREPARED;

beforeAll(async () => {
  if (!postgres) return;
  process.env.PARLEY_DB_PREPARED = "off";
  db = await testDatabase();
  bouncer = await startPgBouncer(await freePort(), process.env.DATABASE_URL!);
  const name = new URL(db.url).pathname.slice(1);
  pooled = await openDatabase(bouncer.urlOf(name), { direct: db.url });
});
afterAll(async () => {
  await pooled?.close();
  await bouncer?.stop();
  await db?.drop();
  if (prepared === undefined) delete process.env.PARLEY_DB_PREPARED;
  else process.env.PARLEY_DB_PREPARED = prepared;
});

/** Opens `n` tables through the pooler, each joined by a second person, 8 at a time; their ids in order of opening. */
async function acts(n: number, tag: string): Promise<number[]> {
  const opened: number[] = [];
  for (let i = 0; i < n; i += 8)
    await Promise.all(
      Array.from({ length: Math.min(8, n - i) }, async (_, k) => {
        const host = await makeUser(pooled, `${tag}-h${i + k}`);
        const t = await openTable(pooled.prisma, host, { title: `${tag} ${i + k}`, seatsMax: 4 });
        if (!t.ok) throw new Error(t.message);
        const guest = await makeUser(pooled, `${tag}-g${i + k}`);
        expect(await joinTable(pooled.prisma, guest, { tableId: t.value.id }, Date.now())).toMatchObject({
          ok: true,
        });
        opened.push(t.value.id);
      }),
    );
  return opened;
}

describe.skipIf(!postgres)("behind PgBouncer in transaction mode (PostgreSQL only)", () => {
  it("the app's statements go through the pooler: 40 at once share its 4 server connections", async () => {
    const pids = await Promise.all(
      Array.from({ length: 40 }, () =>
        pooled.sql.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid, pg_sleep(0.02)`),
      ),
    );
    const servers = new Set(pids.map((r) => r[0]!.pid));
    expect(servers.size).toBeLessThanOrEqual(4); // default_pool_size: the app's own pool holds 10
    expect(pooled.direct).toBe(db.url);
  });

  for (const nats of [null, NATS]) {
    it(`acts land and the live feed carries their events once, in order (${nats ? "over NATS" : "each process reading the outbox"})`, async () => {
      const tailer = new Tailer(pooled, { nats });
      await tailer.start();
      const seen = collect(tailer);
      const opened = await acts(24, nats ? "nats" : "poll");
      // Every acknowledged act is there, read on the server directly.
      const rows = await db.sql.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM "GameTable" WHERE id = ANY($1::int[])`,
        [opened],
      );
      expect(rows[0]!.n).toBe(String(opened.length));
      const written = await db.sql.query<{ id: string }>(
        `SELECT id::text AS id FROM "Event" WHERE topic LIKE 'table:%' AND (payload->>'tableId')::int = ANY($1::int[])
         ORDER BY txid, id`,
        [opened],
      );
      expect(written.length).toBeGreaterThanOrEqual(opened.length); // a join is told on the table's own topic
      const mine = () => seen.filter((e) => written.some((w) => w.id === e.id));
      await until(() => mine().length >= written.length);
      await sleep(300);
      expect(mine().map((e) => e.id)).toEqual(written.map((w) => w.id));
      if (nats) expect(tailer.relaying).toBe(true);
      await tailer.stop();
    });
  }
});
