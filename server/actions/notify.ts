// Writing notifications (shared/spec/notifications.md): in the transaction of the change that causes them, like the
// outbox, so none is lost and none tells of a change that did not commit. A person hears "notification.new" on
// their own topic (the header's bell reads its count again); an agent reads its own over the JSON API or MCP.
import { Prisma } from "../generated/prisma/client";
import { rawRows, type Db } from "../db";
import { env } from "../env";
import { enqueue } from "../jobs/queue";
import { EVENT_COLUMNS, eventRows, type OutboxEvent } from "../live/outbox";
import { BURST_MS, burstEnds, groupOf, subjectOf } from "../rules/notifications";
import { mailModes } from "./mail";
import { jsonRows } from "./rows";

const NOTE_COLUMNS =
  "recipient text, kind text, text text, link text, once text, at timestamp(3), moment timestamp(3), subject text";

/** How long a burst stays open, as the statement says it (a constant of its text, not a parameter). */
const BURST = Prisma.raw(`interval '${BURST_MS} milliseconds'`);

export type Recipient = { userId: number } | { agentId: number };

export type Note = {
  to: Recipient;
  /** What happened, in the spec's words: "turn", "reminder", "round.opened", "approval.requested", … */
  kind: string;
  /** One plain sentence (data: the pages render it as text). */
  text: string;
  /** The path of the exact place it is about. */
  link: string;
  /** Unique per recipient: a note derived twice (two sweepers, a retried change) is written once. */
  once: string;
  /** The moment the text speaks of (a deadline), sent beside it as a field: texts say times in words only. */
  moment?: number;
};

export const recipientKey = (to: Recipient) => ("userId" in to ? `user:${to.userId}` : `agent:${to.agentId}`);

/** The person a recipient key names ("user:<id>"), or null for an agent. */
export const personOfRecipient = (recipient: string): number | null =>
  recipient.startsWith("user:") ? Number(recipient.slice("user:".length)) : null;

/**
 * A note written (not one skipped because it was written before), with its burst (null: about no subject) and the
 * moment that burst opened, which says when its mail goes.
 */
export type WrittenNote = {
  id: bigint;
  recipient: string;
  kind: string;
  link: string;
  at: Date;
  burst: bigint | null;
  burstOpensAt: Date | null;
};

/** What one change writes beside its own rows: the events it announces and the notes it leaves. */
export type News = { events?: readonly OutboxEvent[]; notes?: readonly Note[] };

/**
 * One change in one statement: its own rows (`rows`, an INSERT of the caller's, say a table's acts), its outbox
 * events, its notes (each at most once, by recipient and `once`), and "notification.new" for each person who got a
 * new one, after the change's own events. One statement is one transaction, so none of it is written without the
 * rest, and a unique violation in `rows` (a lost race) writes nothing. Answers the notes written, in their order.
 */
export async function writeChange(
  q: Db | Prisma.TransactionClient,
  now: number,
  news: News,
  rows: Prisma.Sql | null = null,
): Promise<WrittenNote[]> {
  return (await writeChanged(q, changed(now, news), rows)).notes;
}

/** A change's notes and events as its statement writes them, each note stamped with the change's own moment. */
export type Changed = { notes: NoteRow[]; events: readonly OutboxEvent[] };
/** `at` as JSON writes a Date (the statement reads it as a timestamp), made once for all the change's notes. */
type NoteRow = {
  recipient: string;
  kind: string;
  text: string;
  link: string;
  once: string;
  at: string;
  moment: string | null;
  /** What it is about (rules/notifications.ts subjectOf): its burst's subject; null for none. */
  subject: string | null;
};

export function changed(now: number, { events = [], notes = [] }: News): Changed {
  const at = new Date(now).toISOString();
  return {
    events,
    notes: notes.map((n) => ({
      recipient: recipientKey(n.to),
      kind: n.kind,
      text: n.text,
      link: n.link,
      once: n.once,
      at,
      moment: n.moment === undefined ? null : new Date(n.moment).toISOString(),
      subject: subjectOf(n.link),
    })),
  };
}

/** A row the change's own INSERT wrote, as it returns it (`RETURNING id, "tableId", turn`: a table's act). */
export type WrittenRow = { id: number; tableId: number; turn: number };

/**
 * `writeChange` of changes already stamped (several changes in one statement: server/actions/game/append.ts); with
 * `rowsBack`, also answers the rows `rows` wrote, which it must return (`RETURNING id, "tableId", turn`).
 */
export async function writeChanged(
  q: Db | Prisma.TransactionClient,
  { events, notes }: Changed,
  rows: Prisma.Sql | null = null,
  rowsBack = false,
): Promise<{ notes: WrittenNote[]; rows: WrittenRow[] }> {
  if (!rows && events.length === 0 && notes.length === 0) return { notes: [], rows: [] };
  // The statement's text is the same for every change with the same kind of rows (prepared once, server/db.ts);
  // its data travels as parameters (server/actions/rows.ts). Events keep their order, then each person's news once.
  // Each note about a subject joins its recipient's latest burst about it while open, or opens the next (opensBurst,
  // rules/notifications.ts; a statement's notes about one subject to one recipient join one burst). Two writers at
  // once see the same latest burst, so both open the same number: the second waits on the first's unique key, then
  // takes its burst (ON CONFLICT DO UPDATE answers the row it met). Notes written before are skipped up front, so a
  // repeated note opens no burst.
  const written = await rawRows<
    Omit<WrittenNote, "at" | "burstOpensAt"> & {
      at: Date | string;
      burstOpensAt: Date | string | null;
      tableId: number | null;
      turn: number | null;
    }
  >(
    q,
    Prisma.sql`
    WITH ${rows ? Prisma.sql`change AS (${rows}),` : Prisma.empty}
    fresh AS (
      SELECT r.* FROM ${jsonRows(notes, NOTE_COLUMNS)}
      WHERE NOT EXISTS (SELECT 1 FROM "Notification" x WHERE x.recipient = r.recipient AND x.once = r.once)),
    pair AS (
      SELECT recipient, subject, min(at) AS at FROM fresh WHERE subject IS NOT NULL GROUP BY recipient, subject),
    latest AS (
      SELECT DISTINCT ON (b.recipient, b.subject) b.id, b.recipient, b.subject, b.number, b."opensAt"
      FROM "NotificationBurst" b JOIN pair p ON p.recipient = b.recipient AND p.subject = b.subject
      ORDER BY b.recipient, b.subject, b.number DESC),
    opened AS (
      INSERT INTO "NotificationBurst" (recipient, subject, number, "opensAt")
      SELECT p.recipient, p.subject, coalesce(l.number, 0) + 1, p.at
      FROM pair p LEFT JOIN latest l ON l.recipient = p.recipient AND l.subject = p.subject
      WHERE l.id IS NULL OR p.at >= l."opensAt" + ${BURST}
      ON CONFLICT (recipient, subject, number) DO UPDATE SET number = EXCLUDED.number
      RETURNING id, recipient, subject, "opensAt"),
    burst AS (
      SELECT id, recipient, subject, "opensAt" FROM opened
      UNION ALL
      SELECT l.id, l.recipient, l.subject, l."opensAt"
      FROM latest l JOIN pair p ON p.recipient = l.recipient AND p.subject = l.subject
      WHERE p.at < l."opensAt" + ${BURST}),
    note AS (
      INSERT INTO "Notification" (recipient, kind, text, link, once, "createdAt", moment, "burstId")
      SELECT r.recipient, r.kind, r.text, r.link, r.once, r.at, r.moment, b.id
      FROM fresh r LEFT JOIN burst b ON b.recipient = r.recipient AND b.subject = r.subject
      ORDER BY r.ord
      ON CONFLICT (recipient, once) DO NOTHING
      RETURNING id, recipient, kind, link, "createdAt", "burstId"),
    event AS (
      INSERT INTO "Event" (topic, type, payload, "createdAt")
      SELECT e.topic, e.type, e.payload, ${new Date()} FROM (
        SELECT r.topic, r.type, r.payload, 0 AS after, r.ord FROM ${jsonRows(eventRows(events), EVENT_COLUMNS)}
        UNION ALL
        SELECT note.recipient, 'notification.new', '{}'::jsonb, 1, min(note.id) FROM note
        WHERE note.recipient LIKE 'user:%' GROUP BY note.recipient
      ) e ORDER BY e.after, e.ord)
    SELECT note.id, note.recipient, note.kind, note.link, note."createdAt" AS at, note."burstId" AS burst,
      b."opensAt" AS "burstOpensAt", NULL::int AS "tableId", NULL::int AS turn
    FROM note LEFT JOIN burst b ON b.id = note."burstId"
    ${rows && rowsBack ? Prisma.sql`UNION ALL SELECT id, NULL, NULL, NULL, NULL, NULL, NULL, "tableId", turn FROM change` : Prisma.empty}
    ORDER BY turn NULLS FIRST, id`,
  );
  const out = { notes: [] as WrittenNote[], rows: [] as WrittenRow[] };
  for (const { id, recipient, kind, link, at, burst, burstOpensAt, tableId, turn } of written)
    if (turn === null)
      out.notes.push({
        id,
        recipient,
        kind,
        link,
        at: new Date(at),
        burst: burst === null ? null : BigInt(burst),
        burstOpensAt: burstOpensAt === null ? null : new Date(burstOpensAt),
      });
    else out.rows.push({ id: Number(id), tableId: tableId!, turn });
  return out;
}

/** When mail is configured: queues the mail of each written note whose person has an address and wants it now. */
export async function mailNotes(
  tx: Prisma.TransactionClient,
  written: readonly WrittenNote[],
): Promise<void> {
  if (!env().SMTP_URL) return;
  // each person with an address who wants this group mailed at once gets it queued here; a digest's are mailed by
  // the daily sweep (server/actions/workers/digest.ts)
  const ids = [
    ...new Set(
      written.flatMap((w) => {
        const p = personOfRecipient(w.recipient);
        return p === null ? [] : [p];
      }),
    ),
  ];
  if (ids.length === 0) return;
  const withAddress = (
    await tx.user.findMany({ where: { id: { in: ids }, email: { not: null } }, select: { id: true } })
  ).map((u) => u.id);
  const modes = await mailModes(tx, withAddress);
  // A burst is mailed once, when it closes (BURST_MS after its first note): one job per burst from this change;
  // another change's job for the same burst finds its note is not the burst's first and sends nothing
  // (server/actions/workers/mail.ts).
  const queued = new Set<bigint>();
  for (const w of written) {
    const p = personOfRecipient(w.recipient);
    const mode = p === null ? undefined : modes.get(p)?.[groupOf(w.kind)];
    if (mode !== "immediately" || (w.burst !== null && queued.has(w.burst))) continue;
    if (w.burst !== null) queued.add(w.burst);
    await enqueue(
      tx,
      "mail",
      { notificationId: String(w.id) },
      // a note about no table, round table or plan is its own burst: mailed at once
      w.burstOpensAt === null ? {} : { startAfter: new Date(burstEnds(w.burstOpensAt.getTime())) },
    );
  }
}

/** Whether writing these notes queues mail (so needs a transaction of its own around it: see mailNotes). */
export const mayMail = (notes: readonly Note[]) => !!env().SMTP_URL && notes.some((n) => "userId" in n.to);

/**
 * Writes each note at most once (by recipient and `once`), tells each person who got a new one, and — when mail is
 * configured — queues its mail for a person with an address, in the same transaction.
 */
export async function notify(
  tx: Prisma.TransactionClient,
  now: number,
  notes: readonly Note[],
): Promise<void> {
  if (notes.length === 0) return;
  await mailNotes(tx, await writeChange(tx, now, { notes }));
}
