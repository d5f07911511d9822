// Start-up of a server process: open (and migrate) the database, lay out the demo on an empty one, start sweepers.
import { getDatabase, type Database } from "./db";
import { env } from "./env";

/** A sweeper writes what the rules derive from time alone (a turn window that ran out, a deadline). Idempotent. */
export type Sweeper = { name: string; sweep: (db: Database, now: number) => Promise<void> };
/** A demo seeder lays out what a newcomer sees on an empty database. */
export type DemoSeeder = { name: string; seed: (db: Database, now: number) => Promise<void> };

const sweepers: Sweeper[] = [];
const seeders: DemoSeeder[] = [];
export const registerSweeper = (s: Sweeper) => void sweepers.push(s);
export const registerDemo = (s: DemoSeeder) => void seeders.push(s);

type G = { parleyBoot?: Promise<void>; parleySweep?: ReturnType<typeof setInterval> };
const g = globalThis as unknown as G;

export function boot(): Promise<void> {
  g.parleyBoot ??= (async () => {
    await import("./modules"); // registers each module's sweepers, demo data and door entries
    const db = await getDatabase();
    if (env().PARLEY_DEMO) await seedDemo(db, Date.now());
    const every = env().PARLEY_SWEEP_MS;
    g.parleySweep = setInterval(() => void sweepAll(db, Date.now()), every);
    g.parleySweep.unref?.();
  })().catch((e) => {
    g.parleyBoot = undefined;
    throw e;
  });
  return g.parleyBoot;
}

export async function sweepAll(db: Database, now: number): Promise<void> {
  for (const s of sweepers)
    await s.sweep(db, now).catch((e) => console.error(`sweeper ${s.name} failed:`, e));
}

/** Seeds only an empty database: the first user-visible row of any module means someone has been here. */
export async function seedDemo(db: Database, now: number): Promise<void> {
  const [row] = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "User"`);
  if ((row?.n ?? 0) > 0) return;
  for (const s of seeders) await s.seed(db, now);
}
