// The live feed's JetStream stream: its name and subjects (one per topic), its limits from the configuration, and the
// last event it holds.
import { connect, nanos, type NatsConnection } from "@nats-io/transport-node";
import {
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from "@nats-io/jetstream";
import type { Database } from "../db";
import { env } from "../env";
import type { LiveEvent } from "./reader";

/** How long JetStream drops a message id seen before: longer than any relay's takeover. */
const DUPLICATE_WINDOW_MS = 120_000;

/** A topic's subject: its parts (split at `:`) as tokens, any byte outside [A-Za-z0-9_-] written `=XX`. */
const token = (part: string) =>
  part === ""
    ? "="
    : /^[A-Za-z0-9_-]+$/.test(part)
      ? part
      : [...new TextEncoder().encode(part)]
          .map((b) =>
            /[A-Za-z0-9_-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `=${b.toString(16)}`,
          )
          .join("");

export class Stream {
  constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly name: string,
  ) {}

  /** Whether a consumer may filter on several subjects (NATS 2.10 and later). */
  get filtersMany(): boolean {
    const [major = 0, minor = 0] = (this.nc.info?.version ?? "0.0").split(".").map(Number);
    return major > 2 || (major === 2 && minor >= 10);
  }

  /** Every event of the stream. */
  get all(): string {
    return `${this.name}.>`;
  }

  subjectOf(topic: string): string {
    return `${this.name}.${topic.split(":").map(token).join(".")}`;
  }

  /** The subject a followed topic needs (`table:*`: every table's); null for a pattern no subject can say. */
  subjectFor(topic: string): string | null {
    if (!topic.endsWith("*")) return this.subjectOf(topic);
    const prefix = topic.slice(0, -1);
    return prefix.endsWith(":") ? `${this.subjectOf(prefix.slice(0, -1))}.>` : null;
  }

  /** The stream's last sequence, and its message as an event (null when the stream no longer holds it). */
  async end(): Promise<{ seq: number; event: LiveEvent | null }> {
    const info = await this.jsm.streams.info(this.name);
    const seq = info.state.last_seq;
    if (!seq || info.state.messages === 0) return { seq, event: null };
    const m = await this.jsm.streams.getMessage(this.name, { seq }).catch(() => null);
    return { seq, event: m ? m.json<LiveEvent>() : null };
  }

  async close(): Promise<void> {
    await this.nc.close().catch(() => {});
  }
}

/** The stream's name on a database (PARLEY_NATS_STREAM, else `parley_` and the database's name). */
const streamName = (database: string) =>
  env().PARLEY_NATS_STREAM || `parley_${database.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/** Deletes the live feed's stream of a database dropped for good (a test's); nothing without PARLEY_NATS_URL. */
export async function dropLiveStream(database: string): Promise<void> {
  const url = env().PARLEY_NATS_URL;
  if (!url) return;
  const nc = await connect({ servers: url });
  try {
    await (await jetstreamManager(nc)).streams.delete(streamName(database)).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** Empties a database's live stream, its numbering kept (a test that rewrote the outbox's history). */
export async function purgeLiveStream(database: string): Promise<void> {
  const url = env().PARLEY_NATS_URL;
  if (!url) return;
  const nc = await connect({ servers: url });
  try {
    await (await jetstreamManager(nc)).streams.purge(streamName(database)).catch(() => null);
  } finally {
    await nc.close();
  }
}

/** Connects (and reconnects, for ever), and makes or updates the stream to the configured limits. */
export async function openStream(db: Database, url: string): Promise<Stream> {
  const e = env();
  const [row] = await db.sql.query<{ d: string }>(`SELECT current_database() AS d`);
  const name = streamName(row!.d);
  const nc = await connect({
    servers: url,
    name: "parley",
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
  try {
    const jsm = await jetstreamManager(nc);
    const limits = {
      max_age: nanos(e.PARLEY_NATS_MAX_AGE_S * 1000),
      max_msgs: e.PARLEY_NATS_MAX_MSGS,
      max_bytes: e.PARLEY_NATS_MAX_BYTES,
      num_replicas: e.PARLEY_NATS_REPLICAS,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    };
    const storage = e.PARLEY_NATS_STORAGE === "memory" ? StorageType.Memory : StorageType.File;
    const found = await jsm.streams.info(name).catch(() => null);
    if (!found) await jsm.streams.add({ name, subjects: [`${name}.>`], storage, ...limits });
    else if (Object.entries(limits).some(([k, v]) => found.config[k as keyof typeof limits] !== v))
      await jsm.streams.update(name, limits);
    return new Stream(nc, jetstream(nc), jsm, name);
  } catch (err) {
    await nc.close().catch(() => {});
    throw err;
  }
}
