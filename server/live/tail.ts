// Each process tails the outbox and fans events out to its subscribers, reading only below the snapshot
// horizon: sequence ids are handed out at insert but commit out of order, so "id > last" could skip an
// event for good. A row is read only once every transaction older than it has finished (txid < xmin),
// and the cursor is (txid, id), which such rows can only ever extend.
import type { Database } from "../db";
import { isAfter, positionOf, START, type Position } from "./cursor";
import { WAKE_CHANNEL } from "./outbox";

export type LiveEvent = {
  id: string;
  txid: string;
  topic: string;
  type: string;
  payload: unknown;
  at: string;
};
type Listener = (e: LiveEvent) => void;

/**
 * What a reconnecting client is owed: the events after its own, or — when its id names no event of ours, or it is
 * further behind than `backlogMax` — a reset: it must read its state again, because the feed will not fill the gap.
 * A reset says how many events were read to find that out.
 */
export type Backlog =
  | { kind: "events"; events: LiveEvent[]; from: Position }
  | { kind: "reset"; reason: "behind" | "unknown"; read: number };

const POLL_MS = 250;
const BATCH = 1000;
export const BACKLOG_MAX = 10_000;

type Row = {
  id: string;
  txid: string;
  topic: string;
  type: string;
  payload: unknown;
  createdAt: Date | string;
};
const toEvent = (r: Row): LiveEvent => ({
  id: String(r.id),
  txid: String(r.txid),
  topic: r.topic,
  type: r.type,
  payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
  at: new Date(r.createdAt).toISOString(),
});

// The ids travel as text (a bigint does not fit a JS number), so every ORDER BY names the table's bigint columns
// (`e.txid`): an unqualified `txid` there would mean the text output column and sort "10000" before "9999".
const SELECT = `SELECT e.id::text AS id, e.txid::text AS txid, e.topic, e.type, e.payload, e."createdAt" FROM "Event" e`;
const ORDER = `ORDER BY e.txid, e.id`;
const HORIZON = `(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

export class Tailer {
  private cursor: Position | null = null;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly pollMs: number;
  private readonly backlogMax: number;

  /** `pollMs` and `backlogMax` are seams for tests (a tailer that only moves when kicked, a small cap). */
  constructor(
    private readonly db: Database,
    opts: { pollMs?: number; backlogMax?: number } = {},
  ) {
    this.pollMs = opts.pollMs ?? POLL_MS;
    this.backlogMax = opts.backlogMax ?? BACKLOG_MAX;
  }

  /** Starts at the current end of the feed: history is read on demand by `backlog`. */
  async start(): Promise<void> {
    const rows = await this.db.sql.query<{ txid: string; id: string }>(
      `SELECT e.txid::text AS txid, e.id::text AS id FROM "Event" e WHERE e.txid < ${HORIZON} ORDER BY e.txid DESC, e.id DESC LIMIT 1`,
    );
    this.cursor = rows[0] ? positionOf(rows[0]) : START;
    this.unlisten = await this.db.listen(WAKE_CHANNEL, () => this.kick()).catch(() => null);
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.unlisten?.();
    await this.running;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** Poll now (after a local commit, or when NOTIFY says another process committed). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    // A failed read (the database restarting) only skips this round: the next poll starts from the same cursor.
    this.running = this.poll()
      .catch(() => {})
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule();
      });
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.kick(), this.pollMs);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    if (!this.cursor) return;
    for (;;) {
      const from = this.cursor;
      const rows = await this.db.sql.query<Row>(
        `${SELECT} WHERE (e.txid, e.id) > ($1::bigint, $2::bigint) AND e.txid < ${HORIZON} ${ORDER} LIMIT ${BATCH}`,
        [String(from.txid), String(from.id)],
      );
      for (const r of rows) {
        const e = toEvent(r);
        const at = positionOf(e);
        if (!isAfter(at, this.cursor)) continue; // the cursor only moves forward: never a repeat
        this.cursor = at;
        for (const fn of this.listeners) fn(e);
      }
      if (rows.length < BATCH) return;
    }
  }

  /** The position of this process's feed right now: a backlog is read up to here, live events take over after. */
  position(): Position | null {
    return this.cursor;
  }

  /** What a client whose last event was `lastEventId` is owed up to `until` (see `Backlog`). */
  async backlog(lastEventId: bigint, until: Position): Promise<Backlog> {
    const at = await this.db.sql.query<{ txid: string }>(
      `SELECT e.txid::text AS txid FROM "Event" e WHERE e.id = $1::bigint`,
      [String(lastEventId)],
    );
    if (!at[0]) return { kind: "reset", reason: "unknown", read: 0 };
    const from = { txid: BigInt(at[0].txid), id: lastEventId };
    // One row more than the cap tells "exactly the cap" from "more than the cap" without counting.
    const rows = await this.db.sql.query<Row>(
      `${SELECT} WHERE (e.txid, e.id) > ($1::bigint, $2::bigint) AND (e.txid, e.id) <= ($3::bigint, $4::bigint) ${ORDER} LIMIT ${this.backlogMax + 1}`,
      [String(from.txid), String(from.id), String(until.txid), String(until.id)],
    );
    if (rows.length > this.backlogMax) return { kind: "reset", reason: "behind", read: rows.length };
    return { kind: "events", events: rows.map(toEvent), from };
  }
}

export const eventIsAfter = (e: LiveEvent, p: Position) => isAfter(positionOf(e), p);
