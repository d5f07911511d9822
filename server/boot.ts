// Start-up of a server process: open (and migrate) the database, lay out the demo on an empty one, start each
// module's background work, the clock's sweepers and the job queue's workers.
import { wallClock } from "./clock";
import { getDatabase, type Database } from "./db";
import { env } from "./env";
import { accountWorker } from "./actions/workers/account";
import { digestWorker } from "./actions/workers/digest";
import { mailWorker } from "./actions/workers/mail";
import { modelWorker } from "./actions/workers/model";
import { startQueue } from "./jobs/queue";
import { webhookWorker } from "./jobs/webhook";
import { MODULES, type Module } from "./modules";

type G = {
  parleyBoot?: Promise<void>;
  parleySweep?: ReturnType<typeof setInterval>;
  parleyQueue?: Awaited<ReturnType<typeof startQueue>>;
};
const g = globalThis as unknown as G;

export function boot(modules: readonly Module[] = MODULES): Promise<void> {
  g.parleyBoot ??= (async () => {
    for (const m of modules) m.start?.();
    const db = await getDatabase();
    if (env().PARLEY_DEMO) await seedDemo(db, wallClock(), modules);
    const every = env().PARLEY_SWEEP_MS;
    g.parleySweep = setInterval(() => void sweepAll(db, wallClock(), modules), every);
    g.parleySweep.unref?.();
    // Every app process works the queue: a job runs in one of them at a time, and survives any one's crash.
    g.parleyQueue = await startQueue(db, {
      mail: mailWorker,
      digest: digestWorker,
      webhook: webhookWorker,
      model: modelWorker,
      account: accountWorker,
    });
  })().catch((e) => {
    g.parleyBoot = undefined;
    throw e;
  });
  return g.parleyBoot;
}

export async function sweepAll(
  db: Database,
  now: number,
  modules: readonly Module[] = MODULES,
): Promise<void> {
  for (const m of modules)
    if (m.sweep) await m.sweep(db, now).catch((e) => console.error(`sweeper ${m.name} failed:`, e));
}

/** Seeds only an empty database: the first user-visible row of any module means someone has been here. */
export async function seedDemo(
  db: Database,
  now: number,
  modules: readonly Module[] = MODULES,
): Promise<void> {
  const [row] = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "User"`);
  if ((row?.n ?? 0) > 0) return;
  for (const m of modules) if (m.seedDemo) await m.seedDemo(db, now);
}
