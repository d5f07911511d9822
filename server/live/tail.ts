// Each process tails the outbox and fans events out to its subscribers, reading only below the snapshot
// horizon: sequence ids are handed out at insert but commit out of order, so "id > last" could skip an
// event for good. A row is read only once every transaction older than it has finished (txid < xmin),
// and the cursor is (txid, id), which such rows can only ever extend.
import type { Database } from "../db";
import { WAKE_CHANNEL } from "./outbox";

export type LiveEvent = {
  id: string;
  txid: string;
  topic: string;
  type: string;
  payload: unknown;
  at: string;
};
type Position = { txid: bigint; id: bigint };
type Listener = (e: LiveEvent) => void;

const POLL_MS = 250;
const BATCH = 1000;

const after = (a: Position, b: Position) => a.txid > b.txid || (a.txid === b.txid && a.id > b.id);

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

const SELECT = `SELECT id::text, txid::text, topic, type, payload, "createdAt" FROM "Event"`;
const HORIZON = `(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

export class Tailer {
  private cursor: Position | null = null;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  /** Starts at the current end of the feed: history is read on demand by `backlog`. */
  async start(): Promise<void> {
    const rows = await this.db.sql.query<{ txid: string; id: string }>(
      `SELECT txid::text, id::text FROM "Event" WHERE txid < ${HORIZON} ORDER BY txid DESC, id DESC LIMIT 1`,
    );
    this.cursor = rows[0] ? { txid: BigInt(rows[0].txid), id: BigInt(rows[0].id) } : { txid: 0n, id: 0n };
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
    this.timer = setTimeout(() => this.kick(), POLL_MS);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    const from = this.cursor;
    if (!from) return;
    for (;;) {
      const rows = await this.db.sql.query<Row>(
        `${SELECT} WHERE (txid, id) > ($1::bigint, $2::bigint) AND txid < ${HORIZON} ORDER BY txid, id LIMIT ${BATCH}`,
        [String(this.cursor!.txid), String(this.cursor!.id)],
      );
      for (const r of rows) {
        const e = toEvent(r);
        this.cursor = { txid: BigInt(e.txid), id: BigInt(e.id) };
        for (const fn of this.listeners) fn(e);
      }
      if (rows.length < BATCH) return;
    }
  }

  /** The position of this process's feed right now: a backlog is read up to here, live events take over after. */
  position(): Position | null {
    return this.cursor;
  }

  /** Events after the event `lastEventId` up to `until`, for a reconnect; null when that id is unknown. */
  async backlog(lastEventId: string, until: Position): Promise<LiveEvent[] | null> {
    if (!/^\d{1,19}$/.test(lastEventId)) return null;
    const at = await this.db.sql.query<{ txid: string }>(
      `SELECT txid::text FROM "Event" WHERE id = $1::bigint`,
      [lastEventId],
    );
    if (!at[0]) return null;
    const rows = await this.db.sql.query<Row>(
      `${SELECT} WHERE (txid, id) > ($1::bigint, $2::bigint) AND (txid, id) <= ($3::bigint, $4::bigint) ORDER BY txid, id LIMIT 10000`,
      [at[0].txid, lastEventId, String(until.txid), String(until.id)],
    );
    return rows.map(toEvent);
  }
}

export const isAfter = (e: LiveEvent, p: Position) => after({ txid: BigInt(e.txid), id: BigInt(e.id) }, p);
