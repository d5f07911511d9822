// The live feed's per-viewer filter for the tables' and round tables' topics: an event about a table or a round
// table reaches a viewer only if they may read it now (shared/spec/access.md), on its own topic and in the lobby.
// One follower asks the database once per table, and again whenever an event says who may read it changed.
import type { Db } from "../db";
import type { Who } from "../identity";
import type { LiveEvent } from "../live";
import { councilReadable, loadCouncil } from "./council/load";
import { loadTable, tableReadable } from "./game";

/** Events after which who may read a table or a round table may differ: the follower asks again. */
const ACCESS_CHANGES = new Set([
  "table.visibility",
  "council.visibility",
  "seat.joined",
  "seat.left",
  "seat.invited",
  "seat.declined",
  "seat.withdrawn",
  "council.seat.declined",
  "council.seat.accepted",
  "council.seat.replaced",
  "member.joined",
]);

function subjectOf(e: LiveEvent): string | null {
  const m = /^(table|council):(\d+)$/.exec(e.topic);
  if (m) return `${m[1]}:${m[2]}`;
  if (e.topic !== "lobby") return null;
  const p = (e.payload ?? {}) as { tableId?: unknown; councilId?: unknown };
  if (typeof p.tableId === "number") return `table:${p.tableId}`;
  if (typeof p.councilId === "number") return `council:${p.councilId}`;
  return null;
}

export type EventAudience = (e: LiveEvent) => Promise<LiveEvent | null>;

/** How long one process reuses a table or round table it read for its followers (a burst of watchers asks once). */
export const SHARED_READ_MS = 2_000;

type Loaded =
  | { table: NonNullable<Awaited<ReturnType<typeof loadTable>>> }
  | { council: NonNullable<Awaited<ReturnType<typeof loadCouncil>>> }
  | null;

/**
 * What this process read of a subject, shared by its followers: 2,000 watchers of one table who all meet its first
 * event would otherwise each read the table (2,000 statements at once). A read begun while a follower handled event
 * X began after X committed, so it answers for X and for any event before it (never for a later one: an access
 * change after X could be in that), and only for a moment.
 */
const shared = new Map<string, { at: number; upTo: bigint; loaded: Promise<Loaded> }>();

function readShared(db: Db, subject: string, eventId: string): Promise<Loaded> {
  const now = Date.now();
  const id = BigInt(eventId);
  const hit = shared.get(subject);
  if (hit && now - hit.at < SHARED_READ_MS && hit.upTo >= id) return hit.loaded;
  const [kind, raw] = subject.split(":") as ["table" | "council", string];
  const loaded: Promise<Loaded> =
    kind === "table"
      ? loadTable(db, Number(raw)).then((table) => (table ? { table } : null))
      : loadCouncil(db, Number(raw)).then((council) => (council ? { council } : null));
  shared.delete(subject); // re-inserted last, so the oldest reads are the first to go
  shared.set(subject, { at: now, upTo: id, loaded });
  for (const [k, v] of shared)
    if (shared.size > 1_000 || now - v.at >= SHARED_READ_MS) shared.delete(k);
    else break;
  return loaded;
}

/** A filter for one follower: the events about tables and round tables it may read, others as they are. */
export function eventAudience(db: Db, who: Who): EventAudience {
  const cache = new Map<string, Promise<boolean>>();
  const readable = (subject: string, eventId: string): Promise<boolean> =>
    readShared(db, subject, eventId).then((l) =>
      !l ? false : "table" in l ? tableReadable(l.table, who) : councilReadable(l.council, who),
    );
  return async (e) => {
    const subject = subjectOf(e);
    if (!subject) return e;
    if (ACCESS_CHANGES.has(e.type)) cache.delete(subject);
    let seen = cache.get(subject);
    if (!seen) {
      seen = readable(subject, e.id).catch(() => false);
      cache.set(subject, seen);
      // A follower watching many tables keeps a bounded memory: the oldest answers are asked again.
      if (cache.size > 500) cache.delete(cache.keys().next().value!);
    }
    return (await seen) ? e : null;
  };
}
