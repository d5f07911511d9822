// One process per embedded database: a lock file holding the owner's pid. A second process is refused while the
// owner lives; after a crash (kill -9) the next start sees a dead pid and takes the lock over at once.
import fs from "node:fs";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The lock is held by another live process: a start-up that cannot go on, said in one sentence. */
export class DataDirLocked extends Error {
  readonly code = "PARLEY_DATA_DIR_LOCKED";
  constructor(
    readonly dir: string,
    readonly owner: number,
  ) {
    super(
      `The embedded database at ${dir} is in use by process ${owner}: stop that process, or set DATABASE_URL to a PostgreSQL server to run several processes.`,
    );
    this.name = "DataDirLocked";
  }
}

/** By its code, not its class: Next bundles the start-up hook apart from the server, each with its own copy. */
export const isDataDirLocked = (e: unknown): e is DataDirLocked =>
  (e as { code?: unknown } | null)?.code === "PARLEY_DATA_DIR_LOCKED";

/**
 * At start-up: another process owns the embedded database, so this one could only answer 500 to every request —
 * it says why in one sentence and exits. Any other failure is left to the caller.
 */
export function exitIfDataDirLocked(e: unknown): void {
  if (!isDataDirLocked(e)) return;
  console.error(e.message);
  process.exit(1);
}

export function lockDataDir(dir: string): () => Promise<void> {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return async () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = Number(fs.readFileSync(file, "utf8").trim());
      if (owner && owner !== process.pid && alive(owner)) throw new DataDirLocked(dir, owner);
      fs.rmSync(file, { force: true }); // a dead owner's lock: take it over
    }
  }
  throw new Error(`Could not lock the embedded database at ${dir}.`);
}
