// Reading the outbox in commit order, only below the snapshot horizon: sequence ids are handed out at insert but
// commit out of order, so "id > last" could skip an event for good. A row is read only once every transaction older
// than it has finished (txid < xmin), and the cursor is (txid, id), which such rows can only ever extend. Each process's
// tailer reads it so (server/live/tail.ts), or one relay for all of them (server/live/nats.ts).
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

const POLL_MS = 250;
const BATCH = 1000;

type Row = {
  id: string;
  txid: string;
  topic: string;
  type: string;
  payload: unknown;
  createdAt: Date | string;
};
export const toEvent = (r: Row): LiveEvent => ({
  id: String(r.id),
  txid: String(r.txid),
  topic: r.topic,
  type: r.type,
  payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
  at: new Date(r.createdAt).toISOString(),
});

// The ids travel as text (a bigint does not fit a JS number), so every ORDER BY names the table's bigint columns
// (`e.txid`): an unqualified `txid` there would mean the text output column and sort "10000" before "9999".
export const SELECT = `SELECT e.id::text AS id, e.txid::text AS txid, e.topic, e.type, e.payload, e."createdAt" FROM "Event" e`;
export const ORDER = `ORDER BY e.txid, e.id`;
const HORIZON = `(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

/** The position of the last event below the horizon: the end of the feed as of now. */
export async function feedEnd(db: Database): Promise<Position> {
  const rows = await db.sql.query<{ txid: string; id: string }>(
    `SELECT e.txid::text AS txid, e.id::text AS id FROM "Event" e WHERE e.txid < ${HORIZON} ORDER BY e.txid DESC, e.id DESC LIMIT 1`,
  );
  return rows[0] ? positionOf(rows[0]) : START;
}

/**
 * Reads the outbox after its cursor, every `pollMs` and whenever kicked (a local commit, a NOTIFY), handing each
 * batch of events to `deliver` in order. A batch `deliver` rejects is read again at the next round: the cursor moves
 * past only what was delivered (a failed read, the database restarting, likewise only skips a round).
 */
export class OutboxReader {
  private cursor: Position | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly deliver: (events: LiveEvent[]) => Promise<void> | void,
    private readonly pollMs = POLL_MS,
  ) {}

  /** Starts at `from`, or at the current end of the feed. */
  async start(from?: Position): Promise<void> {
    this.cursor = from ?? (await feedEnd(this.db));
    this.unlisten = await this.db.listen(WAKE_CHANNEL, () => this.kick()).catch(() => null);
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.unlisten?.();
    await this.running;
  }

  position(): Position | null {
    return this.cursor;
  }

  /** Read now (after a local commit, or when NOTIFY says another process committed). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
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
      const from: Position = this.cursor;
      const rows = await this.db.sql.query<Row>(
        `${SELECT} WHERE (e.txid, e.id) > ($1::bigint, $2::bigint) AND e.txid < ${HORIZON} ${ORDER} LIMIT ${BATCH}`,
        [String(from.txid), String(from.id)],
      );
      const fresh: LiveEvent[] = [];
      let at: Position = from;
      for (const r of rows) {
        const e = toEvent(r);
        if (!isAfter(positionOf(e), at)) continue; // the cursor only moves forward: never a repeat
        at = positionOf(e);
        fresh.push(e);
      }
      if (fresh.length) await this.deliver(fresh);
      if (this.cursor === from) this.cursor = at; // unless restarted meanwhile (`restart`)
      if (rows.length < BATCH || this.stopped) return;
    }
  }

  /** Reads on from `from` (a relay that found the stream ahead of or behind it). */
  restart(from: Position): void {
    this.cursor = from;
  }
}
