// A round table's notifications (shared/spec/notifications.md): a round opens for a seat, its deadline is near, a
// seat was emptied — to the seat's wearer (a person, or an agent); the inspector asks the facilitator, an
// escalation waits for a human ruling — to the facilitator. Written in the transaction that writes the change.
import type { Prisma } from "../../generated/prisma/client";
import { whenText } from "../../rules/span";
import { notify, type Note, type Recipient } from "../notify";
import type { LoadedCouncil, SeatRow } from "./load";

const wearerOf = (s: SeatRow): Recipient | null =>
  s.consent === "invited" || s.consent === "declined"
    ? null
    : s.userId !== null
      ? { userId: s.userId }
      : s.agentId !== null
        ? { agentId: s.agentId }
        : null;

const link = (l: LoadedCouncil) => `/councils/${l.id}`;

/** Tells each named seat's wearer (all worn seats still in play, without `names`). */
export async function tellSeats(
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  now: number,
  kind: string,
  text: (seat: SeatRow) => string,
  once: (seat: SeatRow) => string,
  names?: readonly string[],
  moment?: number,
): Promise<void> {
  const notes: Note[] = [];
  for (const s of l.seats) {
    if (names ? !names.includes(s.name) : s.emptiedAt !== null) continue;
    const to = wearerOf(s);
    if (to)
      notes.push({ to, kind, text: text(s), link: link(l), once: `council:${l.id}:${once(s)}`, moment });
  }
  await notify(tx, now, notes);
}

export const roundOpened = (
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  round: number,
  deadlineAt: number,
  now: number,
) =>
  tellSeats(
    tx,
    l,
    now,
    "round.opened",
    (s) =>
      `Round ${round} of “${l.question}” is open for your seat ${s.name}: it closes ${whenText(deadlineAt, now)}.`,
    () => `round:${round}:opened`,
    undefined,
    deadlineAt,
  );

export const roundReminder = (
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  round: number,
  seats: string[],
  deadlineAt: number,
  now: number,
) =>
  tellSeats(
    tx,
    l,
    now,
    "round.reminder",
    (s) =>
      `Round ${round} of “${l.question}” closes ${whenText(deadlineAt, now)} and your seat ${s.name} has not answered.`,
    () => `round:${round}:reminder`,
    seats,
    deadlineAt,
  );

export const seatEmptied = (
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  seat: string,
  reason: string,
  now: number,
) =>
  tellSeats(
    tx,
    l,
    now,
    "seat.emptied",
    (s) => `Your seat ${s.name} at “${l.question}” was emptied: ${reason}.`,
    () => `emptied:${seat}`,
    [seat],
  );

/** The facilitator is asked: the inspector's question after a round, or an escalation that waits for a ruling. */
export async function askFacilitator(
  tx: Prisma.TransactionClient,
  l: LoadedCouncil,
  what: { afterRound: number; verdict: string; ask?: string },
  now: number,
): Promise<void> {
  const text =
    what.verdict === "ESCALATE"
      ? `“${l.question}” is escalated: it waits for your ruling.`
      : what.ask
        ? `The inspector asks you after round ${what.afterRound} of “${l.question}”: ${what.ask}`
        : null;
  if (!text) return;
  await notify(tx, now, [
    {
      to: { userId: l.facilitatorId },
      kind: what.verdict === "ESCALATE" ? "council.escalated" : "council.ask",
      text,
      link: link(l),
      once: `council:${l.id}:ask:${what.afterRound}:${what.verdict}`,
    },
  ]);
}
