// Writing notifications (shared/spec/notifications.md): in the transaction of the change that causes them, like the
// outbox, so none is lost and none tells of a change that did not commit. A person hears "notification.new" on
// their own topic (the header's bell reads its count again); an agent reads its own over the JSON API or MCP.
import type { Prisma } from "../generated/prisma/client";
import { publish } from "../live/outbox";

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

type Tx = Pick<Prisma.TransactionClient, "notification" | "event">;

/** Writes each note at most once (by recipient and `once`), and tells each person who got a new one. */
export async function notify(tx: Tx, now: number, notes: readonly Note[]): Promise<void> {
  if (notes.length === 0) return;
  const written = await tx.notification.createManyAndReturn({
    data: notes.map((n) => ({
      recipient: recipientKey(n.to),
      kind: n.kind,
      text: n.text,
      link: n.link,
      once: n.once,
      createdAt: new Date(now),
    })),
    skipDuplicates: true,
    select: { recipient: true },
  });
  const people = new Set(written.map((w) => w.recipient).filter((r) => r.startsWith("user:")));
  await publish(tx, ...[...people].map((r) => ({ topic: r, type: "notification.new", payload: {} })));
}
