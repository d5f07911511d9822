// Verify the deal (§5, §8): once revealed, re-deal from the seed and check it against the published commitment.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { commitment, deal } from "../../rules/game";
import { fail, ok, type Result } from "../../rules/result";
import { tableState } from "./read";

export type DealCheck =
  | { dealt: false; reason: "not revealed" | "laid by hand"; title: string; id: number }
  | {
      dealt: true;
      id: number;
      title: string;
      seed: string;
      seats: number;
      commitment: { published: string; recomputed: string; matches: boolean };
      charter: { redealt: string[]; matches: boolean };
      charges: { redealt: number; matches: boolean };
    };

export async function verifyDeal(
  db: Db,
  who: Who,
  input: { tableId: number },
  now: number,
): Promise<Result<DealCheck>> {
  const r = await tableState(db, who, input, now);
  if (!r.ok) return r;
  const t = r.value;
  // Every end reveals the seed: a bound accord, the deadline, or a moderator's cancellation.
  if (!t.game || (t.status !== "bound" && t.status !== "ended" && t.status !== "cancelled"))
    return ok({ dealt: false, reason: "not revealed", title: t.title, id: t.id });
  if (!t.seed || !t.commitment || !t.game.charges)
    return ok({ dealt: false, reason: "laid by hand", title: t.title, id: t.id });
  const redealt = deal(t.seed, t.seats.length);
  const recomputed = commitment(t.seed);
  if (redealt.charges.length !== t.game.charges.length)
    return fail("conflict", "The table's seats do not match its deal.");
  return ok({
    dealt: true,
    id: t.id,
    title: t.title,
    seed: t.seed,
    seats: t.seats.length,
    commitment: { published: t.commitment, recomputed, matches: recomputed === t.commitment },
    charter: {
      redealt: redealt.charter,
      matches: JSON.stringify(redealt.charter) === JSON.stringify(t.game.charter),
    },
    charges: {
      redealt: redealt.charges.length,
      matches: JSON.stringify(redealt.charges) === JSON.stringify(t.game.charges),
    },
  });
}
