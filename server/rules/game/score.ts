// What an accord pays a charge, and which aims it lets a seat swear.

import { inCharterOrder } from "./pool";
import type { Accord, Aim, Charge, Claim } from "./types";

/** Whether the accord sets the claim's clause to the claim's setting. */
export const satisfies = (accord: Accord, claim: Claim): boolean =>
  Object.hasOwn(accord, claim.clause) && accord[claim.clause] === claim.setting;

/** Payoff under an accord: the sum of the weights of the aims it satisfies (§8). */
export const score = (charge: Charge, accord: Accord): number =>
  charge.aims.reduce((sum, aim) => (satisfies(accord, aim) ? sum + aim.weight : sum), 0);

/** The aims an accept of this accord could swear, in charter order (§6, §9 `cite`). */
export const swearable = (charge: Charge, accord: Accord): Aim[] =>
  inCharterOrder(charge.aims.filter((aim) => satisfies(accord, aim)));

/** A claim without its weight: what may be made public of an aim. */
/** Whether a claim is one of this charge's aims: how the reveal judges a said or whispered claim. */
export const isOwnAim = (charge: Charge | undefined, claim: Claim): boolean =>
  !!charge?.aims.some((aim) => aim.clause === claim.clause && aim.setting === claim.setting);

export const claimOf = (claim: Claim): Claim => ({ clause: claim.clause, setting: claim.setting });
