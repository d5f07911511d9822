// Judging one seat's proposed act against the tally (§6): what it may do, and the Act it becomes.

import { fail, ok, type Result } from "../result";
import { defaultCite } from "./ledger";
import type { Tally } from "./ledger";
import { readAccord, readClaim, readSaid, readType } from "./proposal";
import { claimOf, swearable } from "./score";
import type { Act, Claim } from "./types";

/** The refusal sentences that both a seat (check, may) and a record (replay) can be given. */
export const REFUSALS = {
  nothingToAccept: "There is no standing offer to accept; make an offer or pass.",
  acceptedAlready: "You already accepted the standing offer; pass, or make a new offer.",
  nothingToSwear:
    "The standing offer satisfies none of your aims, so you cannot accept it; make an offer or pass.",
} as const;

/** Why this seat cannot accept the standing offer now, or null if it can (turn and clock aside). */
export function acceptProblem(t: Tally, seat: number): string | null {
  const offer = t.standingOffer;
  if (offer === null) return REFUSALS.nothingToAccept;
  if (t.acceptances.includes(seat)) return REFUSALS.acceptedAlready;
  const charge = t.charges?.[seat];
  if (!charge || swearable(charge, offer.accord).length === 0) return REFUSALS.nothingToSwear;
  return null;
}

const either = (claims: readonly Claim[]): string =>
  claims.map((c) => `${c.clause} = ${c.setting}`).join(claims.length === 2 ? " or " : ", ");

/**
 * The Act this seat's proposal becomes at `at`, or why not. The caller has settled the turn, the clock,
 * the deadline and binding; this judges the act itself: its shape, the accord, the cite and said.
 */
export function judgeAct(t: Tally, seat: number, proposed: unknown, at: number): Result<Act> {
  const type = readType(proposed);
  if (!type.ok) return type;
  const raw = proposed as Record<string, unknown>;

  let act: Act;
  if (type.value === "offer") {
    const accord = readAccord(t.charter, raw.accord);
    if (!accord.ok) return accord;
    act = { type: "offer", accord: accord.value, at };
  } else if (type.value === "accept") {
    const problem = acceptProblem(t, seat);
    if (problem !== null) return fail("conflict", problem);
    const accord = t.standingOffer?.accord ?? {};
    const charge = t.charges?.[seat] ?? { aims: [], fallback: 0 };
    let cite: Claim | undefined;
    if (raw.cite === undefined || raw.cite === null) {
      cite = defaultCite(t, seat, charge, accord);
    } else {
      const named = readClaim(t.charter, raw.cite, "The cite");
      if (!named.ok) return named;
      const options = swearable(charge, accord);
      cite = options.find((aim) => aim.clause === named.value.clause && aim.setting === named.value.setting);
      if (!cite) {
        return fail(
          "invalid",
          `The cite must be one of your aims that the standing offer satisfies: ${either(options)}.`,
        );
      }
    }
    if (!cite) return fail("conflict", REFUSALS.nothingToSwear);
    act = { type: "accept", cite: claimOf(cite), at };
  } else {
    act = { type: "pass", at };
  }

  const said = readSaid(t.charter, raw.said);
  if (!said.ok) return said;
  if (said.value) act.said = said.value;
  return ok(act);
}
