// The prompt a seat answers a round from — the same for a model, an agent and a person: its soul, the question,
// the options, and only the rounds that have closed.
import { renderPrompt, type Answer, type RoundNumber } from "../../rules/council";
import { rulesCouncil, type LoadedCouncil, type SeatRow } from "./load";

/** The closed rounds' answers: all anyone may hear. */
export function heard(l: LoadedCouncil): Answer[] {
  const closed = new Set(l.rounds.filter((r) => r.closedAt !== null).map((r) => r.round));
  return rulesCouncil(
    l,
    l.answers.filter((a) => closed.has(a.round)),
  ).answers;
}

export function promptFor(l: LoadedCouncil, seat: SeatRow, round: RoundNumber): string {
  const axes = l.axes ?? [];
  let prompt = renderPrompt(round, {
    soul: seat.soul,
    name: seat.name,
    question: l.question,
    context: l.context,
    options: l.options,
    transcript: heard(l),
    axes: round === 3 && axes.length > 0 ? axes : undefined,
  });
  const last = l.failures.filter((f) => f.seatId === seat.id && f.round === round).at(-1);
  if (last)
    prompt += `\n\nYour previous reply was refused: ${last.problem}\nThis is your last chance to answer this round.`;
  return prompt;
}
