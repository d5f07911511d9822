// The live feed of this process: one tailer, subscriptions that resume from Last-Event-ID, per-viewer filters.
import { getDatabase, openedDatabase, type Database } from "../db";
import type { Who } from "../identity";
import { AUDIENCE_KEY, WAKE_CHANNEL, type Audience } from "./outbox";
import { later, parseEventId, START } from "./cursor";
import { eventIsAfter, Tailer, type LiveEvent } from "./tail";

export type { LiveEvent } from "./tail";
export { BACKLOG_MAX } from "./tail";
export { dropLiveStream } from "./stream";
/** The advisory lock whose holder is the relay over NATS: `pg_locks` shows which connection, so which host. */
export { RELAY_LOCK } from "./relay";

/** The most topics one stream follows (`?topics=`): the rest of a longer list is dropped. */
export const TOPICS_MAX = 20;
export type { Audience } from "./outbox";

/** Whether `who` is in an event's audience (server/live/outbox.ts): admins always are, but to a private one. */
export function inAudience(audience: Audience, who: Who): boolean {
  if (who.kind === "user" && who.admin && !("private" in audience && audience.private)) return true;
  if ("signedIn" in audience) return who.kind !== "anon";
  if (who.kind === "user") return audience.users.includes(who.userId);
  if (who.kind === "agent")
    return audience.agents.includes(who.agentId) || audience.agentsOf.includes(who.ownerId);
  return false;
}

/**
 * An event that names its audience reaches only that audience, and without the names: it is written by the
 * publisher with the event, so no process can forget to filter it. Then the topic's own filter, if any.
 */
/** An event about no table or round table (the fallback when a follower is given no `subjects` filter). */
function aboutNoSubject(e: LiveEvent): boolean {
  if (/^(table|council):/.test(e.topic)) return false;
  const p = (e.payload ?? {}) as Record<string, unknown>;
  return !(e.topic === "lobby" && ("tableId" in p || "councilId" in p));
}

/**
 * The event without its audience, made once per event and shared by every follower who may hear it: so a door can
 * serialize it once for all of them (server/live/sse.ts) instead of once per watcher.
 */
const unaddressed = new WeakMap<LiveEvent, LiveEvent>();

export function visibleTo(e: LiveEvent, who: Who): LiveEvent | null {
  const p = e.payload as Record<string, unknown> | null;
  if (p && typeof p === "object" && AUDIENCE_KEY in p) {
    const { [AUDIENCE_KEY]: audience, ...rest } = p;
    if (!inAudience(audience as Audience, who)) return null;
    let bare = unaddressed.get(e);
    if (!bare) unaddressed.set(e, (bare = { ...e, payload: rest as LiveEvent["payload"] }));
    e = bare;
  }
  // A private topic (`user:<id>`) reaches its owner alone.
  if (e.topic.startsWith("user:")) return who.kind === "user" && e.topic === `user:${who.userId}` ? e : null;
  return e;
}

type G = { parleyTailer?: Promise<Tailer>; parleyNotify?: { busy: boolean; again: boolean } };
const g = globalThis as unknown as G;

export function getTailer(database?: Database): Promise<Tailer> {
  g.parleyTailer ??= (async () => {
    const t = new Tailer(database ?? (await getDatabase()));
    await t.start();
    return t;
  })().catch((e) => {
    g.parleyTailer = undefined;
    throw e;
  });
  return g.parleyTailer;
}

/** After a commit that wrote events: wake this process's tailer now and other processes' by NOTIFY. */
export async function announce(database?: Database): Promise<void> {
  const db = database ?? (await getDatabase());
  if (g.parleyTailer) void g.parleyTailer.then((t) => t.kick());
  notifyOthers(db);
}

/**
 * `announce` for code that holds no Database (an action given only the Prisma client): it never opens one, so
 * tests and the CLI stay untouched; in a server it wakes the local tailer at once instead of at its next poll.
 */
export function wake(): void {
  if (g.parleyTailer) void g.parleyTailer.then((t) => t.kick());
  void openedDatabase()?.then(notifyOthers, () => {});
}

/**
 * After one NOTIFY, commits that came while it was out are told by the next no sooner than this: a NOTIFY answers in
 * well under a millisecond, so under a stream of acts "one more after it" would be one NOTIFY per act, each a
 * statement, a pooled connection and a commit-time lock (docs/decisions/0013-fan-out.md).
 */
export const NOTIFY_GAP_MS = 10;

/**
 * One NOTIFY at a time, and one more NOTIFY_GAP_MS after it if anything committed meanwhile: a lone commit is told at
 * once; under a stream of acts the other processes still wake within milliseconds, with at most a hundred NOTIFYs a
 * second.
 */
function notifyOthers(db: Database): void {
  const n = (g.parleyNotify ??= { busy: false, again: false });
  if (n.busy) {
    n.again = true;
    return;
  }
  n.busy = true;
  void db.sql
    .query(`SELECT pg_notify('${WAKE_CHANNEL}', '')`)
    .catch(() => {})
    .finally(() =>
      // Held for the gap whether or not more came yet: acts a millisecond apart each found the last one answered.
      setTimeout(() => {
        n.busy = false;
        if (!n.again) return;
        n.again = false;
        notifyOthers(db);
      }, NOTIFY_GAP_MS),
    );
}

const matches = (topics: string[] | null, e: LiveEvent) =>
  !topics || topics.some((t) => e.topic === t || (t.endsWith("*") && e.topic.startsWith(t.slice(0, -1))));

/**
 * What a follower hands its door: an event for this viewer; a reset (the client's own state is stale and the feed
 * cannot fill the gap: read it again, then resume after `id`, or as a fresh connection when `id` is null); or the
 * end of the stream because the viewer is signed out (a revoked token).
 */
export type Delivery =
  | { kind: "event"; event: LiveEvent }
  | { kind: "reset"; reason: "behind" | "unknown" | "rate_limited"; id: string | null }
  | { kind: "signed_out" };

/** Whether the viewer may still watch: checked once subscribed, and again whenever an event says it may not. */
export type Access = { check: () => Promise<boolean>; recheckOn: (e: LiveEvent) => boolean };

/**
 * Subscribe before reading the backlog, so nothing falls between the two; deliver the backlog, then live events
 * after both the backlog's end and the client's own position (no duplicates, even when the client has seen more
 * than this process's tailer, after a restart or a reconnect to another process).
 */
export async function* follow(opts: {
  who: Who;
  topics: string[] | null;
  lastEventId?: string | null;
  signal?: AbortSignal;
  tailer?: Tailer;
  access?: Access;
  /**
   * Who may read what each event is about (a table, a round table: server/actions/live.ts), asked of the
   * database. Without it, events about a table or a round table are withheld: a door that forgot it shows
   * nothing rather than everything.
   */
  subjects?: (e: LiveEvent) => Promise<LiveEvent | null>;
  /**
   * Charges a resume's replay to the viewer (the events read for it), answering whether its budget had room; when it
   * had none, the viewer is sent a reset (`rate_limited`) instead of the replay. Without it, a replay is free.
   */
  chargeReplay?: (events: number) => Promise<boolean>;
}): AsyncGenerator<Delivery> {
  const tailer = opts.tailer ?? (await getTailer());
  const queue: LiveEvent[] = [];
  let wake: (() => void) | null = null;
  // The viewer's private topic too, where what ends its access is told (server/actions/agents.ts: mayHaveRevoked).
  const own =
    opts.who.kind === "agent" ? opts.who.ownerId : opts.who.kind === "user" ? opts.who.userId : null;
  const needs = opts.topics && opts.access && own !== null ? [...opts.topics, `user:${own}`] : opts.topics;
  const unsubscribe = tailer.subscribe((e) => {
    queue.push(e);
    wake?.();
  }, needs);
  const until = tailer.position() ?? START; // read in the same tick as subscribing: every later event is queued
  const onAbort = () => wake?.();
  opts.signal?.addEventListener("abort", onAbort);
  const visible = async (e: LiveEvent): Promise<Delivery | null> => {
    const seen = visibleTo(e, opts.who);
    if (!seen || !matches(opts.topics, seen)) return null;
    const heard = opts.subjects ? await opts.subjects(seen) : aboutNoSubject(seen) ? seen : null;
    return heard ? { kind: "event", event: heard } : null;
  };
  try {
    if (opts.access && !(await opts.access.check())) {
      yield { kind: "signed_out" };
      return;
    }
    let seenUpTo = until; // live events at or before this were delivered by the backlog, or the client has them
    const last = parseEventId(opts.lastEventId);
    if (last !== null) {
      const backlog = await tailer.backlog(last, until);
      const read = backlog.kind === "events" ? backlog.events.length : backlog.read;
      const paid = !opts.chargeReplay || read === 0 || (await opts.chargeReplay(read));
      if (backlog.kind === "events" && paid) {
        for (const e of backlog.events) {
          const d = await visible(e);
          if (d) yield d;
        }
        seenUpTo = later(until, backlog.from);
      } else
        yield {
          kind: "reset",
          reason: backlog.kind === "reset" ? backlog.reason : "rate_limited",
          id: until.id > 0n ? String(until.id) : null,
        };
    }
    while (!opts.signal?.aborted) {
      const e = queue.shift();
      if (!e) {
        await new Promise<void>((r) => (wake = r));
        wake = null;
        continue;
      }
      if (opts.access?.recheckOn(e) && !(await opts.access.check())) {
        yield { kind: "signed_out" };
        return;
      }
      if (!eventIsAfter(e, seenUpTo)) continue;
      const d = await visible(e);
      if (d) yield d;
    }
  } finally {
    unsubscribe();
    opts.signal?.removeEventListener("abort", onAbort);
  }
}
