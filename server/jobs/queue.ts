// The one job queue (shared/spec/notifications.md, "The queue"): pg-boss on the app's own database — PostgreSQL, or
// the embedded PGlite through pg-boss's bring-your-own `db` adapter — so mail, webhooks and model calls survive a
// crash, are retried with backoff, and are never run by two workers at once (pg-boss takes a job with FOR UPDATE
// SKIP LOCKED and holds it until it completes, fails or expires). A job is enqueued in the transaction of the change
// that causes it: rolled back with it, or committed with it.
import PgBoss from "pg-boss";
import type { Prisma } from "../generated/prisma/client";
import type { Database } from "../db";
import { QUEUE_SCHEMA } from "../migrate";

/** Each queue's retry policy, declared once. A job that expires (its worker died) counts as a failed attempt. */
export const QUEUES = {
  /** One notification's mail: an SMTP outage delays it, up to days, and loses none. */
  mail: { retryLimit: 20, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** One webhook delivery: retried with exponential backoff (30 s, doubling, with jitter) for 34 h or more. */
  webhook: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  /** A model soul's ask, tried again at its time after a transient failure (the round table's id). */
  model: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  /** A link to confirm an address, or to choose a new password (server/actions/address.ts). */
  account: { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** One person's daily digest. */
  digest: { retryLimit: 20, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
} as const satisfies Record<string, Omit<PgBoss.Queue, "name">>;

export type QueueName = keyof typeof QUEUES;

export const SCHEMA = QUEUE_SCHEMA;

/** pg-boss's adapter for the open transaction: what it sends runs inside it. */
function inTransaction(tx: Prisma.TransactionClient): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // pg-boss hands objects (a job's data) to its driver as JSON; the ORM's raw query wants them as text.
      const sent = values.map((v) =>
        v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v,
      );
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...sent) };
    },
  };
}

/** Composes the INSERT of a job (pg-boss's own statement): needs no connection of its own, never started. */
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error("a job is only sent inside a transaction")) },
  schema: SCHEMA,
  supervise: false,
  schedule: false,
  migrate: false,
});

/** Enqueues a job in the change's transaction. */
export async function enqueue(
  tx: Prisma.TransactionClient,
  name: QueueName,
  data: object,
  options: Omit<PgBoss.SendOptions, "db"> = {},
): Promise<string | null> {
  return sender.send(name, data, { ...options, db: inTransaction(tx) } as PgBoss.SendOptions);
}

export type Worker<T> = (job: PgBoss.JobWithMetadata<T>, database: Database) => Promise<void>;

export type QueueOptions = {
  /** How often an idle worker asks for work, in seconds (pg-boss's floor is 0.5). */
  pollSeconds?: number;
  /** How often expired jobs (their worker died) are failed, to be retried, in seconds. */
  maintenanceSeconds?: number;
};

/** Tries of a queue's creation that failed because another process was creating it at the same moment. */
const CREATE_TRIES = 5;

/**
 * Creates a queue unless it is there. Processes starting at once on a fresh database all try: PostgreSQL may abort
 * all but one of them as a deadlock (each creation takes the job table's partition locks), or the winner may not have
 * committed when a loser looks. A loser waits a moment and looks again: the queue is there, or it tries once more.
 */
async function ensureQueue(boss: PgBoss, name: string, policy: object): Promise<void> {
  for (let tried = 1; ; tried++) {
    if (await boss.getQueue(name)) return;
    try {
      return await boss.createQueue(name, { name, ...policy });
    } catch (e) {
      if (tried >= CREATE_TRIES) throw e;
      await new Promise((r) => setTimeout(r, 50 * tried + Math.random() * 100));
    }
  }
}

/**
 * Starts the queue on `database` (creating pg-boss's schema and the queues on first use) and the workers given:
 * any app process may run them, and each job runs in one at a time.
 */
export async function startQueue(
  database: Database,
  workers: Partial<Record<QueueName, Worker<any>>>,
  opts: QueueOptions = {},
): Promise<{ boss: PgBoss; stop(): Promise<void> }> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 30,
    // the app's clock is its own seam (faketime moves it in tests); the database's is not ours to check
    clockMonitorIntervalSeconds: 600,
  } as PgBoss.ConstructorOptions);
  boss.on("error", (e) => console.error(`job queue: ${e.message}`));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) await ensureQueue(boss, name, policy);
  for (const [name, work] of Object.entries(workers))
    await boss.work(
      name,
      { pollingIntervalSeconds: opts.pollSeconds ?? 2, includeMetadata: true },
      async ([job]) => {
        await work!(job!, database);
      },
    );
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: false, wait: true, close: false } as PgBoss.StopOptions);
    },
  };
}
