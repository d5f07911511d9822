// What every council action shares: the input a table's operation hands over, the missing-table failure, the lost-race failure, and the kick after a commit.
import type { z } from "zod";
import { fail } from "../../rules/result";

/** A Round Table operation's input as the operation parsed it, handed to its action: the table's id beside the fields. */
export type OnCouncil<S extends z.ZodType> = z.output<S> & { councilId: number };

export const NO_COUNCIL = fail("not_found", "There is no such round table.");

export const LOST_RACE = fail(
  "conflict",
  "Another write to this round table landed first; read it again and act on what stands now.",
);

export { isUniqueViolation } from "../unique";

type Kicker = (councilId: number) => void;
const g = globalThis as unknown as { parleyCouncilKicker?: Kicker };

/**
 * The server process registers how model seats are asked in the background once a round opens (see
 * server/modules/council.ts); tests register nothing and drive `runModelSeats` themselves. Kept on globalThis
 * because Next.js loads route handlers and the start-up hook as separate module instances.
 */
export function setModelKicker(k: Kicker | undefined): void {
  g.parleyCouncilKicker = k;
}

export function kickModels(councilId: number): void {
  g.parleyCouncilKicker?.(councilId);
}
