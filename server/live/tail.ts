// Each process's tailer fans the feed out to its subscribers in commit order: read from the outbox by this process
// itself (server/live/reader.ts), or, with PARLEY_NATS_URL on PostgreSQL, from NATS JetStream, where one relay for all
// processes publishes what it reads from the outbox (server/live/nats.ts). A resume's backlog is always the outbox's.
import type { Database } from "../db";
import { env } from "../env";
import { isAfter, positionOf, type Position } from "./cursor";
import { NatsFeed } from "./nats";
import { ORDER, OutboxReader, SELECT, toEvent, type LiveEvent } from "./reader";

export type { LiveEvent } from "./reader";
type Listener = (e: LiveEvent) => void;

/**
 * What a reconnecting client is owed: the events after its own, or — when its id names no event of ours, or it is
 * further behind than `backlogMax` — a reset: it must read its state again, because the feed will not fill the gap.
 * A reset says how many events were read to find that out.
 */
export type Backlog =
  | { kind: "events"; events: LiveEvent[]; from: Position }
  | { kind: "reset"; reason: "behind" | "unknown"; read: number };

export const BACKLOG_MAX = 10_000;

export class Tailer {
  private cursor: Position | null = null;
  private listeners = new Map<Listener, string[] | null>();
  /** How many subscribers follow each topic (null: every topic): the NATS consumer's filter changes only with these. */
  private needs = new Map<string | null, number>();
  private readonly backlogMax: number;
  private readonly source: OutboxReader | NatsFeed;

  /**
   * `pollMs` and `backlogMax` are seams for tests (a tailer that only moves when kicked, a small cap); `nats` the NATS
   * server to take the feed from (PARLEY_NATS_URL by default; never on the embedded database: one process).
   */
  constructor(
    private readonly db: Database,
    opts: { pollMs?: number; backlogMax?: number; nats?: string | null } = {},
  ) {
    this.backlogMax = opts.backlogMax ?? BACKLOG_MAX;
    const nats = opts.nats === undefined ? env().PARLEY_NATS_URL : opts.nats;
    const deliver = (events: LiveEvent[]) => events.forEach((e) => this.deliver(e));
    this.source =
      nats && db.kind === "postgres"
        ? new NatsFeed(db, nats, {
            pollMs: opts.pollMs,
            deliver: (e) => this.deliver(e),
            topics: () => [...this.needs.keys()],
          })
        : new OutboxReader(db, deliver, opts.pollMs);
  }

  /** Starts at the current end of the feed: history is read on demand by `backlog`. */
  async start(): Promise<void> {
    this.cursor = (await this.source.start()) ?? this.source.position();
  }

  async stop(): Promise<void> {
    await this.source.stop();
  }

  private deliver(e: LiveEvent): void {
    const at = positionOf(e);
    if (this.cursor && isAfter(at, this.cursor)) this.cursor = at;
    for (const fn of this.listeners.keys()) fn(e);
  }

  /**
   * `topics` are what `fn` follows (`null`: every topic), so that a tailer fed by NATS receives only the subjects its
   * subscribers need; `fn` may still be handed events of other topics.
   */
  subscribe(fn: Listener, topics: string[] | null = null): () => void {
    this.listeners.set(fn, topics);
    const mine = topics ? [...new Set(topics)] : [null];
    if (this.need(mine, 1) && this.source instanceof NatsFeed) this.source.needsChanged(this.cursor);
    return () => {
      if (!this.listeners.delete(fn)) return;
      if (this.need(mine, -1) && this.source instanceof NatsFeed) this.source.needsChanged(null);
    };
  }

  /** Counts `topics` in or out of what the subscribers need; whether a topic came or went with it. */
  private need(topics: (string | null)[], by: 1 | -1): boolean {
    let changed = false;
    for (const t of topics) {
      const n = (this.needs.get(t) ?? 0) + by;
      if (n > 0) this.needs.set(t, n);
      else this.needs.delete(t);
      changed ||= n === 0 || (by === 1 && n === 1);
    }
    return changed;
  }

  /** Whether this tailer's process is the relay of the feed over NATS now. */
  get relaying(): boolean {
    return this.source instanceof NatsFeed && this.source.relaying;
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** Read the feed now (after a local commit, or when NOTIFY says another process committed). */
  kick(): void {
    this.source.kick();
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
    const rows = await this.db.sql.query<Parameters<typeof toEvent>[0]>(
      `${SELECT} WHERE (e.txid, e.id) > ($1::bigint, $2::bigint) AND (e.txid, e.id) <= ($3::bigint, $4::bigint) ${ORDER} LIMIT ${this.backlogMax + 1}`,
      [String(from.txid), String(from.id), String(until.txid), String(until.id)],
    );
    if (rows.length > this.backlogMax) return { kind: "reset", reason: "behind", read: rows.length };
    return { kind: "events", events: rows.map(toEvent), from };
  }
}

export const eventIsAfter = (e: LiveEvent, p: Position) => isAfter(positionOf(e), p);
