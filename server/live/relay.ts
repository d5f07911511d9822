// The one relay of the live feed over NATS: whichever process holds a PostgreSQL advisory lock, on a connection of its
// own, reads the outbox (server/live/reader.ts) and publishes each event to JetStream with its id as the message id.
// The lock goes with the connection: when the relay's process dies, another candidate takes it at its next try.
import pg from "pg";
import type { JetStreamClient } from "@nats-io/jetstream";
import type { Database } from "../db";
import { isAfter, positionOf, type Position } from "./cursor";
import { OutboxReader, type LiveEvent } from "./reader";
import type { Stream } from "./stream";

/** The advisory lock the relay holds (migrations hold 72707369): per database, as advisory locks are. */
export const RELAY_LOCK = 72707370;
/** How often a candidate tries the lock: the most a dead relay's events wait, past its connection's end. */
export const RELAY_TRY_MS = 1_000;

export class Relay {
  private client: pg.Client | null = null;
  private reader: OutboxReader | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** The stream's last sequence and event position, as of the last sync or publish; undefined: read them again. */
  private last: { seq: number; at: Position | null } | undefined = undefined;

  constructor(
    private readonly db: Database,
    private readonly js: JetStreamClient,
    private readonly stream: Stream,
    private readonly pollMs?: number,
  ) {}

  start(): Promise<void> {
    return this.tryLock();
  }

  /** Whether this process is the relay now. */
  get holding(): boolean {
    return this.reader !== null;
  }

  kick(): void {
    this.reader?.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.release();
  }

  private schedule() {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tryLock();
    }, RELAY_TRY_MS);
    this.timer.unref?.();
  }

  private async tryLock(): Promise<void> {
    if (this.stopped || this.client) return;
    const client = new pg.Client({
      connectionString: this.db.direct,
      application_name: "parley relay",
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const lost = () => {
      if (this.client !== client) return;
      void this.release().finally(() => this.schedule());
    };
    client.on("error", lost);
    client.on("end", lost);
    this.client = client;
    try {
      await client.connect();
      const [row] = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${RELAY_LOCK}) AS ok`))
        .rows;
      if (!row?.ok) throw new Error("held by another process");
      this.last = undefined;
      const reader = new OutboxReader(this.db, (events) => this.publish(events), this.pollMs);
      await reader.start((await this.sync()) ?? undefined);
      if (this.client !== client || this.stopped) return void (await reader.stop());
      this.reader = reader;
    } catch {
      if (this.client === client) {
        this.client = null;
        await client.end().catch(() => {});
      }
      this.schedule();
    }
  }

  private async release(): Promise<void> {
    const [reader, client] = [this.reader, this.client];
    this.reader = null;
    this.client = null;
    await reader?.stop();
    await client?.end().catch(() => {});
  }

  /** Where the stream ends: the last event published, by any relay (null when it holds none). */
  private async sync(): Promise<Position | null> {
    const end = await this.stream.end();
    this.last = { seq: end.seq, at: end.event ? positionOf(end.event) : null };
    return this.last.at;
  }

  /**
   * Publishes in order, each message expecting the stream's last sequence to be the one before it (so a relay that
   * lost its lock but has not heard yet cannot interleave: its events are duplicates, dropped, or refused). A refusal
   * or a NATS outage rejects the batch: the reader reads it again next round, after what the stream already holds.
   */
  private async publish(events: LiveEvent[]): Promise<void> {
    if (this.last === undefined) await this.sync();
    const { seq, at: after } = this.last!;
    const fresh = after ? events.filter((e) => isAfter(positionOf(e), after)) : events;
    const acks = fresh.map((e, i) =>
      this.js.publish(this.stream.subjectOf(e.topic), JSON.stringify(e), {
        msgID: e.id,
        expect: { lastSequence: seq + i },
      }),
    );
    const settled = await Promise.allSettled(acks);
    const end = settled.at(-1);
    if (settled.some((s) => s.status === "rejected" || s.value.duplicate) || end?.status === "rejected") {
      this.last = undefined;
      throw new Error("publish refused or failed");
    }
    if (end) this.last = { seq: end.value.seq, at: positionOf(fresh.at(-1)!) };
  }
}
