// The rounds and the bad replies as one viewer may read them: the one place an open round is sealed. Its answers,
// and its bad replies' content, reach only the seat that wrote them; everyone — the facilitator included — sees who
// has answered, and all of it once the round closes.
import { ROUND_NAMES, stanceOf, type Answer, type RoundNumber } from "../../../rules/council";
import { seatName, type AnswerRow, type LoadedCouncil, type SeatRow } from "../load";
import { iso } from "./iso";
import { seatOrder } from "./seats";

export type AnswerView = {
  /** The answer's id (a moderator hides an answer by it). */
  id: number;
  name: string;
  round: number;
  reply: Record<string, unknown>;
  position: string;
  confidence: number;
  at: string;
};

export type RoundView = {
  round: number;
  name: string;
  openedAt: string;
  deadlineAt: string;
  closedAt: string | null;
  closedBecause: string | null;
  open: boolean;
  /** Who has answered: public, even while the round is open. */
  answered: string[];
  /** Live seats still owed an answer (open round only). */
  waiting: string[];
  /** The answers this viewer may read: all once closed; while open, only their own. */
  answers: AnswerView[];
  /** Answers written but not shown to this viewer until the round closes. */
  hidden: number;
};

export type FailureView = {
  name: string;
  round: number;
  attempt: number;
  /** Null while the round is open, for everyone but the seat itself. */
  problem: string | null;
  raw: string | null;
  at: string;
};

function answerView(l: LoadedCouncil, a: AnswerRow): AnswerView {
  const name = seatName(l, a.seatId);
  const stance = stanceOf({ round: a.round, name, reply: a.reply } as Answer);
  return {
    id: a.id,
    name,
    round: a.round,
    reply: a.reply as Record<string, unknown>,
    position: stance.position,
    confidence: stance.confidence,
    at: a.at.toISOString(),
  };
}

export function roundsView(l: LoadedCouncil, mine: SeatRow | null): RoundView[] {
  return l.rounds.map((r) => {
    const open = r.closedAt === null;
    const written = l.answers.filter((a) => a.round === r.round);
    const place = seatOrder(l);
    const shown = (open ? written.filter((a) => a.seatId === mine?.id) : written)
      .slice()
      .sort((a, b) => place(a.seatId) - place(b.seatId));
    const answered = new Set(written.map((a) => a.seatId));
    return {
      round: r.round,
      name: ROUND_NAMES[r.round as RoundNumber],
      openedAt: r.openedAt.toISOString(),
      deadlineAt: r.deadlineAt.toISOString(),
      closedAt: iso(r.closedAt),
      closedBecause: r.closedBecause,
      open,
      answered: l.seats.filter((s) => answered.has(s.id)).map((s) => s.name),
      waiting: open ? l.seats.filter((s) => !s.emptiedAt && !answered.has(s.id)).map((s) => s.name) : [],
      answers: shown.map((a) => answerView(l, a)),
      hidden: written.length - shown.length,
    };
  });
}

export function failuresView(l: LoadedCouncil, mine: SeatRow | null): FailureView[] {
  const openRounds = new Set(l.rounds.filter((r) => r.closedAt === null).map((r) => r.round));
  const place = seatOrder(l);
  const inOrder = l.failures
    .slice()
    .sort((a, b) => a.round - b.round || place(a.seatId) - place(b.seatId) || a.attempt - b.attempt);
  return inOrder.map((f) => {
    const shown = !openRounds.has(f.round) || f.seatId === mine?.id;
    return {
      name: seatName(l, f.seatId),
      round: f.round,
      attempt: f.attempt,
      problem: shown ? f.problem : null,
      raw: shown ? f.raw : null,
      at: f.at.toISOString(),
    };
  });
}
