// Writing notifications (shared/spec/notifications.md): in the transaction of the change that causes them, like the
// outbox, so none is lost and none tells of a change that did not commit. A person hears "notification.new" on
// their own topic (the header's bell reads its count again); an agent reads its own over the JSON API or MCP.
import type { Prisma } from "../generated/prisma/client";
import { env } from "../env";
import { enqueue } from "../jobs/queue";
import { publish } from "../live/outbox";
import { groupOf } from "../rules/notifications";
import { mailModes } from "./mail";
import { jsonRows } from "./rows";

const NOTE_COLUMNS = "recipient text, kind text, text text, link text, once text";

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
};

export const recipientKey = (to: Recipient) => ("userId" in to ? `user:${to.userId}` : `agent:${to.agentId}`);

/** The person a recipient key names ("user:<id>"), or null for an agent. */
export const personOfRecipient = (recipient: string): number | null =>
  recipient.startsWith("user:") ? Number(recipient.slice("user:".length)) : null;

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
  const rows = notes.map((n) => ({
    recipient: recipientKey(n.to),
    kind: n.kind,
    text: n.text,
    link: n.link,
    once: n.once,
  }));
  // One statement (server/actions/rows.ts); a note already written (by recipient and once) is skipped.
  const written = await tx.$queryRaw<{ id: bigint; recipient: string; kind: string }[]>`
    INSERT INTO "Notification" (recipient, kind, text, link, once, "createdAt")
    SELECT r.recipient, r.kind, r.text, r.link, r.once, ${new Date(now)} FROM ${jsonRows(rows, NOTE_COLUMNS)}
    ORDER BY r.ord
    ON CONFLICT (recipient, once) DO NOTHING
    RETURNING id, recipient, kind`;
  if (env().SMTP_URL) {
    // each person with an address who wants this group mailed at once gets it queued here; a digest's are mailed
    // by the daily sweep (server/jobs/digest.ts)
    const ids = [
      ...new Set(
        written.flatMap((w) => {
          const p = personOfRecipient(w.recipient);
          return p === null ? [] : [p];
        }),
      ),
    ];
    const withAddress = ids.length
      ? (
          await tx.user.findMany({ where: { id: { in: ids }, email: { not: null } }, select: { id: true } })
        ).map((u) => u.id)
      : [];
    const modes = await mailModes(tx, withAddress);
    for (const w of written) {
      const p = personOfRecipient(w.recipient);
      const mode = p === null ? undefined : modes.get(p)?.[groupOf(w.kind)];
      if (mode === "immediately") await enqueue(tx, "mail", { notificationId: String(w.id) });
    }
  }
  const people = new Set(written.map((w) => w.recipient).filter((r) => r.startsWith("user:")));
  await publish(tx, ...[...people].map((r) => ({ topic: r, type: "notification.new", payload: {} })));
}
