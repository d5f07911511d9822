// The decisions log (the original skill's decisions inbox): one line per Round Table that decided or was ruled —
// the decision and where its minutes are — newest first. Derived on read from each table's record: a vote is counted
// again by the rules, a ruling is the facilitator's recorded choice; nothing is written beside them.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import type { Fit } from "../../rules/council";
import { fitOf, loadCouncil } from "./load";
import { notRetiredDemo, readableCouncils } from "./read";
import { resultOf } from "./view/result";

export type DecisionLine = {
  councilId: number;
  question: string;
  /** The option the table chose, or the ruling's choice (an option, or "no decision"). */
  decision: string;
  how: "vote" | "ruling";
  /** When the vote closed the table, or when the ruling was recorded. */
  at: string;
  /** Who ruled; null for a vote. */
  by: string | null;
  minutes: string;
  /** Step 0's answers beside the outcome; null for an imported record, which had none. */
  fit: Fit | null;
};

/** How many lines the log shows: the newest. */
export const DECISIONS_SHOWN = 100;

export async function listDecisions(db: Db, who: Who): Promise<Result<{ decisions: DecisionLine[] }>> {
  const rows = await db.council.findMany({
    where: {
      AND: [
        readableCouncils(who),
        notRetiredDemo,
        { OR: [{ outcome: "decided" }, { ruling: { isNot: null } }] },
      ],
    },
    select: {
      id: true,
      question: true,
      fit: true,
      closedAt: true,
      outcome: true,
      ruling: { select: { choice: true, at: true, by: { select: { name: true } } } },
    },
    orderBy: { id: "desc" },
    take: DECISIONS_SHOWN,
  });
  const lines: DecisionLine[] = [];
  for (const c of rows) {
    const minutes = `/councils/${c.id}/minutes`;
    if (c.ruling) {
      lines.push({
        councilId: c.id,
        question: c.question,
        decision: c.ruling.choice,
        how: "ruling",
        at: c.ruling.at.toISOString(),
        by: c.ruling.by.name,
        minutes,
        fit: fitOf(c.fit),
      });
      continue;
    }
    // A decided table's choice is what the vote counts from its record, as on its page.
    const loaded = await loadCouncil(db, c.id);
    const winner = loaded ? resultOf(loaded)?.winner : null;
    if (!winner || !c.closedAt) continue;
    lines.push({
      councilId: c.id,
      question: c.question,
      decision: winner,
      how: "vote",
      at: c.closedAt.toISOString(),
      by: null,
      minutes,
      fit: fitOf(c.fit),
    });
  }
  lines.sort((a, b) => b.at.localeCompare(a.at) || b.councilId - a.councilId);
  return ok({ decisions: lines });
}
