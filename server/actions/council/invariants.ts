// The council ledger's invariants, checked by `parley db check`: each query returns the rows that break one.
import type { Invariant } from "../dbcheck";

export const COUNCIL_INVARIANTS: Invariant[] = [
  {
    name: "a round table's rounds open 1, 2, … without a gap, at most 4",
    sql: `SELECT "councilId" FROM "CouncilRound" GROUP BY "councilId" HAVING min(round) <> 1 OR max(round) > 4 OR count(*) <> max(round) - (CASE WHEN max(round) = 4 AND NOT bool_or(round = 3) THEN 1 ELSE 0 END)`,
    explain: "rounds open in order (round 3 may be skipped on the inspector's word, never round 5)",
  },
  {
    name: "every answer belongs to a round that was open when it arrived",
    sql: `SELECT a.id FROM "CouncilAnswer" a LEFT JOIN "CouncilRound" r ON r."councilId" = a."councilId" AND r.round = a.round WHERE r.id IS NULL OR a.at < r."openedAt" OR (r."closedAt" IS NOT NULL AND a.at > r."closedAt")`,
    explain: "a seat answers only the open round; a round closes after its last answer",
  },
  {
    name: "at most two bad replies per seat and round",
    sql: `SELECT id FROM "CouncilFailure" WHERE attempt > 2 OR attempt < 1`,
    explain: "one re-ask, then the seat is emptied",
  },
  {
    name: "a finished round table has its final verdict",
    sql: `SELECT c.id FROM "Council" c WHERE c."closedAt" IS NOT NULL AND c.outcome IS DISTINCT FROM 'cancelled' AND NOT EXISTS (SELECT 1 FROM "CouncilVerdict" v WHERE v."councilId" = c.id AND v.verdict IN ('DECIDED', 'ESCALATE', 'RE-PROMPT'))`,
    explain: "a table is closed by the count or an escalation, and says which (or a moderator cancelled it)",
  },
  {
    name: "a human ruling only on an escalated round table",
    sql: `SELECT r.id FROM "CouncilRuling" r WHERE NOT EXISTS (SELECT 1 FROM "CouncilVerdict" v WHERE v."councilId" = r."councilId" AND v.verdict = 'ESCALATE')`,
    explain: "the ruling stands beside an escalation, never instead of a decision",
  },
];
