// The events outbox: an event is a row written in the same transaction as the change it announces.
import type { Prisma } from "../generated/prisma/client";
import { jsonRows } from "../actions/rows";

/**
 * Who may hear an event, decided by its publisher in the transaction that writes it (so it is what was true then):
 * anyone signed in, or these people, these agents and the agents of these people. Admins hear every event but a
 * `private` one (a whisper's: game.md §12 lets only its two seats know it arrived). An event without one is for anyone
 * who may follow its topic.
 */
export type Audience =
  { signedIn: true } | { users: number[]; agents: number[]; agentsOf: number[]; private?: true };

/** Where an audience travels: a reserved key of the event's payload, read and removed before delivery. */
export const AUDIENCE_KEY = "audience";

/** Topics: "lobby", "table:<id>", "council:<id>", "plan:<id>", "user:<id>" (private to that user). */
export type OutboxEvent = {
  topic: string;
  type: string;
  payload: Prisma.InputJsonValue;
  audience?: Audience | null;
};

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

export const EVENT_COLUMNS = "topic text, type text, payload jsonb";

/** The events as rows of the outbox: an audience travels in its payload (AUDIENCE_KEY). */
export const eventRows = (events: readonly OutboxEvent[]) =>
  events.map(({ audience, ...e }) =>
    audience && typeof e.payload === "object" && e.payload !== null && !Array.isArray(e.payload)
      ? { ...e, payload: { ...e.payload, [AUDIENCE_KEY]: audience } }
      : e,
  );

/** Writes the events in one statement (server/actions/rows.ts), in their order: the feed delivers them by id. */
export async function publish(tx: Tx, ...events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = eventRows(events);
  // createdAt as the ORM wrote it for @default(now()): this process's clock, in UTC.
  await tx.$executeRaw`INSERT INTO "Event" (topic, type, payload, "createdAt")
    SELECT r.topic, r.type, r.payload, ${new Date()} FROM ${jsonRows(rows, EVENT_COLUMNS)} ORDER BY r.ord`;
}

/** The channel a NOTIFY wakes tailers on after a commit; a hint only: the outbox rows are the carrier. */
export const WAKE_CHANNEL = "parley_outbox";
