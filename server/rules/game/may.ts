// may and yourPayoff (§9): what a seat may do now, each refusal in one sentence, and what the standing offer pays it.

import { isSeatOf, tallyAt, turnProblem } from "./check";
import { acceptProblem } from "./judge";
import { tallyOf } from "./ledger";
import { claimOf, score, swearable } from "./score";
import type { Claim, Game } from "./types";

export type May = { offer: true | string; accept: true | string; pass: true | string; cite: Claim[] };

/** For each act, true or the one sentence saying why not; `cite` lists the aims accepting now could swear. */
export function may(game: Game, seat: number, now: number): May {
  const refuse = (why: string): May => ({ offer: why, accept: why, pass: why, cite: [] });
  if (!isSeatOf(game, seat)) return refuse("You do not hold a seat at this table.");
  const state = tallyAt(game, now);
  if ("ok" in state) return refuse(state.message);
  const problem = turnProblem(state.t, state.due, state.clockedFrom, seat);
  if (problem !== null) return refuse(problem);

  const acceptWhy = acceptProblem(state.t, seat);
  const offer = state.t.standingOffer;
  const charge = game.charges[seat];
  return {
    offer: true,
    accept: acceptWhy ?? true,
    pass: true,
    cite: acceptWhy === null && offer && charge ? swearable(charge, offer.accord).map(claimOf) : [],
  };
}

/** What the standing offer would pay this seat, or null with no standing offer (or no such seat). */
export function yourPayoff(game: Game, seat: number): number | null {
  const charge = isSeatOf(game, seat) ? game.charges[seat] : undefined;
  const offer = tallyOf(game, game.charges, game.acts, game.mark).standingOffer;
  return charge && offer ? score(charge, offer.accord) : null;
}
