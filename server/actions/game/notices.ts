// A table's notices (server/rules/game/notices.ts) as notifications for the identity in each seat; house bots and
// seats still only invited are told nothing.
import type { Prisma } from "../../generated/prisma/client";
import type { Derived, Game, GameNotice } from "../../rules/game";
import { derive } from "../../rules/game";
import { whenText } from "../../rules/span";
import { notify, type Note, type Recipient } from "../notify";
import type { LoadedTable } from "./loaded";

/** `derived`: derive(game, now), asked of the ledger at most once for all of a change's notices. */
function sentence(n: GameNotice, title: string, now: number, derived: () => Derived): string {
  const at = `“${title}”`;
  switch (n.kind) {
    case "started":
      return `${at} has started: the charges are dealt and the clock runs.`;
    case "turn":
      return derived().standingOffer
        ? `Your turn at ${at}: an offer stands that you may accept.`
        : `Your turn at ${at}.`;
    case "clock":
      return `Your turn window at ${at} ran out and the clock passed for you.`;
    case "offer":
      return `An offer stands at ${at} that you may accept on your turn.`;
    case "bound":
      return `The accord bound at ${at}: the charges are revealed.`;
    case "ended":
      return `${at} ended without an accord: the charges are revealed.`;
    case "reminder":
      return `Your turn window at ${at} ends ${whenText(derived().turnEndsAt ?? now, now)}.`;
  }
}

/** The notices of `game` (the ledger as it stands after the change) as notes for the identities in the seats. */
export function seatNotes(
  loaded: Pick<LoadedTable, "table" | "seats">,
  game: Game,
  notices: readonly GameNotice[],
  now: number,
  /** derive(game, now), when the caller has it. */
  derived?: Derived,
): Note[] {
  const notes: Note[] = [];
  const stands = () => (derived ??= derive(game, now));
  for (const n of notices) {
    const seat = loaded.seats[n.seat];
    if (!seat || seat.status !== "taken") continue;
    const to: Recipient | null =
      seat.userId !== null
        ? { userId: seat.userId }
        : seat.agentId !== null
          ? { agentId: seat.agentId }
          : null;
    if (!to) continue;
    notes.push({
      to,
      kind:
        n.kind === "bound" || n.kind === "ended"
          ? "table.finished"
          : n.kind === "started"
            ? "table.started"
            : n.kind,
      text: sentence(n, loaded.table.title, now, stands),
      link: `/tables/${loaded.table.id}`,
      once: `table:${loaded.table.id}:${n.once}`,
      // the window's end a turn or a reminder speaks of, machine-readable beside the words
      ...(n.kind === "reminder" || n.kind === "turn" ? { moment: stands().turnEndsAt ?? undefined } : {}),
    });
  }
  return notes;
}

/** Writes the notices of `game` (the ledger as it stands after the change) in the change's transaction. */
export async function tellSeats(
  tx: Prisma.TransactionClient,
  loaded: Pick<LoadedTable, "table" | "seats">,
  game: Game,
  notices: readonly GameNotice[],
  now: number,
): Promise<void> {
  await notify(tx, now, seatNotes(loaded, game, notices, now));
}
