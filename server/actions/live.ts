// The live feed's per-viewer filter for the tables' and round tables' topics: an event about a table or a round
// table reaches a viewer only if they may read it now (shared/spec/access.md), on its own topic and in the lobby.
// One follower asks the database once per table, and again whenever an event says who may read it changed.
import type { Db } from "../db";
import type { Who } from "../identity";
import type { LiveEvent } from "../live";
import { councilReadable, loadCouncil } from "./council/load";
import { loadTable, tableReadable } from "./game/load";

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

/** A filter for one follower: the events about tables and round tables it may read, others as they are. */
export function eventAudience(db: Db, who: Who): EventAudience {
  const cache = new Map<string, Promise<boolean>>();
  const readable = (subject: string): Promise<boolean> => {
    const [kind, raw] = subject.split(":") as ["table" | "council", string];
    const id = Number(raw);
    return kind === "table"
      ? loadTable(db, id).then((t) => !!t && tableReadable(t, who))
      : loadCouncil(db, id).then((c) => !!c && councilReadable(c, who));
  };
  return async (e) => {
    const subject = subjectOf(e);
    if (!subject) return e;
    if (ACCESS_CHANGES.has(e.type)) cache.delete(subject);
    let seen = cache.get(subject);
    if (!seen) {
      seen = readable(subject).catch(() => false);
      cache.set(subject, seen);
      // A follower watching many tables keeps a bounded memory: the oldest answers are asked again.
      if (cache.size > 500) cache.delete(cache.keys().next().value!);
    }
    return (await seen) ? e : null;
  };
}
