// A module of the app, described once as plain data: its clock's sweeper, its demo data, its ledgers' invariants,
// and what a server process starts for it. server/modules.ts lists them; boot, the CLI and db check read the list.
import type { Invariant } from "../actions/dbcheck";
import type { Database } from "../db";

export type Module = {
  name: string;
  /** Writes what the rules derive from time alone (a turn window that ran out, a deadline). Idempotent. */
  sweep?: (db: Database, now: number) => Promise<void>;
  /** Lays out what a newcomer sees on an empty database. */
  seedDemo?: (db: Database, now: number) => Promise<void>;
  /** Each query returns the rows that break one invariant of the module's ledgers. */
  invariants: readonly Invariant[];
  /** Work a server process does for the module in the background (asking model seats, say). */
  start?: () => void;
  /** Ends what `start` began and waits for its work in flight: a process that quits (the terminal door) calls it. */
  stop?: () => Promise<void>;
};
