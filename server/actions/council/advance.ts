// Writing what is due: the rules say which round opens or closes, which seats are emptied, what the inspector and
// the count say; this applies it inside the caller's transaction (the council's row locked), at most once.
import type { Prisma } from "../../generated/prisma/client";
import { isFinal, standing, type Due, type Phase } from "../../rules/council";
import { announceChange } from "./events";
import { loadCouncil, progressOf, type LoadedCouncil } from "./load";
import { askFacilitator, roundOpened, seatEmptied } from "./notices";

type Tx = Prisma.TransactionClient;

/** A table goes from round 1 to the count in fewer writes than this; the bound only guards against a loop. */
const MAX_STEPS = 24;

const OUTCOME: Record<string, string> = {
  DECIDED: "decided",
  ESCALATE: "escalated",
  "RE-PROMPT": "reprompt",
};

async function apply(tx: Tx, l: LoadedCouncil, due: Due, now: number): Promise<void> {
  const at = new Date(now);
  const id = l.id;
  switch (due.kind) {
    case "open":
      await tx.councilRound.create({
        data: {
          councilId: id,
          round: due.round,
          openedAt: new Date(due.openedAt),
          deadlineAt: new Date(due.deadlineAt),
        },
      });
      await announceChange(tx, id, "council.round.opened", {
        round: due.round,
        deadlineAt: new Date(due.deadlineAt).toISOString(),
      });
      await roundOpened(tx, l, due.round, due.deadlineAt, now);
      return;
    case "empty":
      for (const s of due.seats) {
        const n = await tx.councilSeat.updateMany({
          where: { councilId: id, name: s.name, emptiedAt: null },
          data: { emptiedAt: at, emptiedRound: due.round, emptiedReason: s.reason },
        });
        if (n.count) {
          await announceChange(tx, id, "council.seat.emptied", { seat: s.name, reason: s.reason });
          await seatEmptied(tx, l, s.name, s.reason, now);
        }
      }
      return;
    case "close": {
      const n = await tx.councilRound.updateMany({
        where: { councilId: id, round: due.round, closedAt: null },
        data: { closedAt: at, closedBecause: due.because },
      });
      if (n.count)
        await announceChange(tx, id, "council.round.closed", { round: due.round, because: due.because });
      return;
    }
    case "verdict":
      await tx.councilVerdict.create({
        data: {
          councilId: id,
          afterRound: due.afterRound,
          verdict: due.verdict,
          line: due.line,
          ask: due.ask ?? null,
          at,
        },
      });
      if (isFinal(due.verdict))
        await tx.council.update({
          where: { id },
          data: { closedAt: at, outcome: OUTCOME[due.verdict] ?? null },
        });
      await announceChange(tx, id, isFinal(due.verdict) ? "council.finished" : "council.verdict", {
        afterRound: due.afterRound,
        verdict: due.verdict,
      });
      await askFacilitator(tx, l, due, now);
      return;
    case "decline": {
      const n = await tx.councilVerdict.updateMany({
        where: { councilId: id, afterRound: due.afterRound, confirmed: null },
        data: { confirmed: false, confirmedAt: at },
      });
      if (n.count)
        await announceChange(tx, id, "council.confirmed", {
          afterRound: due.afterRound,
          confirmed: false,
          by: null,
        });
      return;
    }
    case "axes": {
      const n = await tx.council.updateMany({
        where: { id, axesAt: null },
        data: { axes: due.axes, axesAt: at, axesSource: due.source },
      });
      if (n.count) await announceChange(tx, id, "council.axes", { by: null });
      return;
    }
  }
}

/**
 * Applies every due write at `now`, deriving again after each batch, and returns the table as it then stands.
 * The caller holds the council's row lock; an imported record never moves.
 */
export async function advanceIn(
  tx: Tx,
  id: number,
  now: number,
): Promise<{ loaded: LoadedCouncil | null; phase: Phase | null; wrote: number }> {
  let wrote = 0;
  for (let i = 0; i < MAX_STEPS; i++) {
    const l = await loadCouncil(tx, id);
    if (!l || l.imported) return { loaded: l, phase: null, wrote };
    const s = standing(progressOf(l), now);
    if (s.due.length === 0) return { loaded: l, phase: s.phase, wrote };
    for (const due of s.due) await apply(tx, l, due, now);
    wrote += s.due.length;
  }
  throw new Error(`council ${id}: the lifecycle did not settle in ${MAX_STEPS} steps`);
}
