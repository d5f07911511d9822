// The facts both /rules and /rules.md tell, read from the engine's constants and its worked example: nothing
// numeric is retyped here, and what the example accord pays is score(), run at render time.
import {
  AIM_WEIGHTS,
  CHARTER_CLAUSES,
  CLAUSE_POOL,
  DEADLINE_DEFAULT_MS,
  DEADLINE_MAX_MS,
  DEADLINE_MIN_MS,
  DEADLINE_MIN_WINDOWS,
  FALLBACK_MAX,
  FALLBACK_MIN,
  quorumFor,
  SAID_MAX,
  score,
  SEATS_MAX,
  SEATS_MIN,
  TITLE_MAX,
  TURN_WINDOW_DEFAULT_MS,
  TURN_WINDOW_MAX_MS,
  TURN_WINDOW_MIN_MS,
  WORKED_EXAMPLE,
} from "@/server/rules/game";
import { span } from "@/components/ui/when";

const seatCounts = Array.from({ length: SEATS_MAX - SEATS_MIN + 1 }, (_, i) => SEATS_MIN + i);

export function ruleFacts() {
  const ex = WORKED_EXAMPLE;
  const payoffs = ex.game.charges.map((c) => score(c, ex.accordA));
  return {
    seats: `${SEATS_MIN}–${SEATS_MAX}`,
    charterClauses: CHARTER_CLAUSES,
    poolSize: CLAUSE_POOL.length,
    weights: AIM_WEIGHTS.join(", "),
    aims: AIM_WEIGHTS.length,
    fallback: `${FALLBACK_MIN} to ${FALLBACK_MAX}`,
    quorums: seatCounts.map((n) => `${n} → ${quorumFor(n)}`).join(", "),
    window: `${span(TURN_WINDOW_MIN_MS)} to ${span(TURN_WINDOW_MAX_MS)} (default ${span(TURN_WINDOW_DEFAULT_MS)})`,
    deadline: `${span(DEADLINE_MIN_MS)} to ${span(DEADLINE_MAX_MS)} (default ${span(DEADLINE_DEFAULT_MS)}), at least ${DEADLINE_MIN_WINDOWS} turn windows`,
    saidMax: SAID_MAX,
    titleMax: TITLE_MAX,
    pool: CLAUSE_POOL,
    example: {
      names: ex.names,
      charter: ex.game.charter,
      charge: ex.game.charges[0]!,
      accord: ex.accordA,
      payoffs,
      quorum: quorumFor(ex.game.seats),
      fallbacks: ex.game.charges.map((c) => c.fallback),
    },
  };
}
