// The live feed over NATS JetStream (PARLEY_NATS_URL, PostgreSQL only): one relay for all processes publishes the
// outbox to the stream (server/live/relay.ts); each process's tailer takes from it, through one ordered consumer,
// the subjects its own subscribers need, and hands the events to the same in-process fan-out as without NATS.
import { DeliverPolicy, type ConsumerMessages } from "@nats-io/jetstream";
import type { Database } from "../db";
import { positionOf, type Position } from "./cursor";
import { feedEnd, type LiveEvent } from "./reader";
import { Relay } from "./relay";
import { openStream, type Stream } from "./stream";

/** How soon a consumer that could not be made is tried again. */
const REFOLLOW_MS = 500;

type Opts = {
  pollMs?: number;
  deliver: (e: LiveEvent) => void;
  /** The topics the subscribers follow, each once (null among them: every topic). */
  topics: () => (string | null)[];
};

/**
 * The subjects a process's subscribers need. NATS 2.10 filters a consumer on several subjects; 2.9 on one: there, a
 * process whose subscribers all need one subject (the usual case: guests watching one table) takes it alone, any
 * other takes the whole stream.
 */
function filterOf(stream: Stream, needs: (string | null)[]): string[] {
  const subjects = new Set<string>();
  for (const t of needs) {
    if (t === null) return [stream.all];
    subjects.add(stream.subjectFor(t) ?? stream.all);
  }
  if (subjects.size === 0 || subjects.has(stream.all)) return [stream.all];
  return subjects.size === 1 || stream.filtersMany ? [...subjects].sort() : [stream.all];
}

const covers = (filter: string[], subject: string) =>
  filter.some((f) => f === subject || (f.endsWith(".>") && subject.startsWith(f.slice(0, -1))));
const same = (a: string[], b: string[]) => a.join(" ") === b.join(" ");

export class NatsFeed {
  private stream: Stream | null = null;
  private relay: Relay | null = null;
  private messages: ConsumerMessages | null = null;
  private filter: string[] = [];
  /** The stream sequence of the last message this consumer handled (delivered, or not this process's). */
  private seq = 0;
  /** The earliest sequence a subscriber added since the consumer was made needs from (null: none added). */
  private from: number | null = null;
  private switching: Promise<void> | null = null;
  /** Whether the subscribers' needs changed since the consumer's filter was last chosen. */
  private changed = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly url: string,
    private readonly opts: Opts,
  ) {}

  /** Connects, stands as a relay candidate and follows the stream from its end, which it returns. */
  async start(): Promise<Position> {
    const stream = (this.stream = await openStream(this.db, this.url));
    const end = await stream.end();
    this.seq = end.seq;
    const at = end.event ? positionOf(end.event) : await feedEnd(this.db);
    this.relay = new Relay(this.db, stream.js, stream, this.opts.pollMs);
    await this.relay.start();
    await this.follow(filterOf(stream, this.opts.topics()), this.seq + 1, null);
    void this.refollowOnReconnect(stream);
    return at;
  }

  position(): Position | null {
    return null;
  }

  /** Whether this process is the relay now. */
  get relaying(): boolean {
    return this.relay?.holding ?? false;
  }

  kick(): void {
    this.relay?.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.switching;
    await this.messages?.close();
    await this.relay?.stop();
    await this.stream?.close();
  }

  /**
   * The subjects the subscribers need changed: take them now, from where the one just added (`added`, the tailer's
   * position as it subscribed) stood, so none of its events falls between the two consumers. A change that comes
   * while a consumer is being made is taken as soon as that one stands.
   */
  needsChanged(added: Position | null): void {
    if (!this.stream || this.stopped) return;
    if (added) this.from = Math.min(this.from ?? Infinity, this.seq + 1);
    this.changed = true;
    this.switching ??= Promise.resolve()
      .then(() => this.takeNeeds())
      .finally(() => this.settled());
  }

  private async takeNeeds(): Promise<void> {
    this.changed = false;
    const next = filterOf(this.stream!, this.opts.topics());
    const from = this.from;
    this.from = null;
    if (!same(next, this.filter) && !this.stopped)
      await this.follow(next, Math.min(from ?? Infinity, this.seq + 1), this.filter);
  }

  /** A switch or a refollow ended: one more for the changes that came meanwhile. */
  private settled(): void {
    this.switching = null;
    if (this.changed) this.needsChanged(null);
  }

  /**
   * After NATS comes back (a restart loses a server's consumers) or a consumer's messages end, a new consumer takes
   * over from the last message handled: the stream kept what was published meanwhile.
   */
  private async refollowOnReconnect(stream: Stream): Promise<void> {
    for await (const s of stream.nc.status()) {
      if (this.stopped) return;
      if (s.type === "reconnect") this.refollow();
    }
  }

  private refollow(): void {
    if (this.stopped || !this.stream) return;
    this.switching ??= this.follow(this.filter, this.seq + 1, null)
      .catch(() => void setTimeout(() => this.refollow(), REFOLLOW_MS).unref())
      .finally(() => this.settled());
  }

  /**
   * One ordered consumer on `filter` from `start`; the previous one's messages, up to where it stood, are skipped
   * when it already had their subject (`before`). The client re-creates it after a NATS restart, from where it was.
   */
  private async follow(filter: string[], start: number, before: string[] | null): Promise<void> {
    const old = this.messages;
    this.messages = null;
    await old?.close();
    const upTo = this.seq;
    const consumer = await this.stream!.js.consumers.get(this.stream!.name, {
      filter_subjects: filter.length === 1 ? filter[0]! : filter,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    const messages = await consumer.consume();
    this.messages = messages;
    this.filter = filter;
    void (async () => {
      for await (const m of messages) {
        if (this.messages !== messages) break;
        if (m.seq <= upTo && before !== null && covers(before, m.subject)) continue;
        if (m.seq > this.seq) this.seq = m.seq;
        this.opts.deliver(m.json<LiveEvent>());
      }
    })()
      .catch(() => {})
      .finally(() => this.messages === messages && this.refollow());
  }
}
