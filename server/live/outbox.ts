// The events outbox: an event is a row written in the same transaction as the change it announces.
import type { Prisma } from "../generated/prisma/client";

/** Topics: "lobby", "table:<id>", "council:<id>", "plan:<id>", "user:<id>" (private to that user). */
export type OutboxEvent = { topic: string; type: string; payload: Prisma.InputJsonValue };

type Tx = Pick<Prisma.TransactionClient, "event">;

export async function publish(tx: Tx, ...events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.event.createMany({ data: events });
}

/** The channel a NOTIFY wakes tailers on after a commit; a hint only: the outbox rows are the carrier. */
export const WAKE_CHANNEL = "parley_outbox";
