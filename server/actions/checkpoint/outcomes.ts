// Outcome records: a person or an orchestrator agent reports a node's status, evidence hash and provenance.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { fail, ok, type Result } from "../../rules/result";
import { inPlan, quoted } from "./common";
import { announcePlan, topicOf } from "./events";
import { by } from "./graph";
import type { OnPlan, ZOutcome, ZPostOutcomes } from "./schemas";
import { atLatest, mayReport } from "./state";
import { loadPlan } from "./load";
import { hasApprovers, risksToReassess, tellApprovers, tellReassess } from "./notices";

/**
 * Appends outcome records (one or many, all or none) at the latest revision. A record never replaces another:
 * a node's latest record is the one that counts, and the history stays.
 */
export async function postOutcomes(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZPostOutcomes>,
  now: Date,
): Promise<Result<{ revision: number; recorded: number }>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const writer = mayReport(who, loaded);
    if (!writer.ok) return writer;
    const asked = [...new Set(input.outcomes.map((o) => o.revision).filter((r) => r !== undefined))];
    if (asked.length > 1) return fail("invalid", "Report one batch against one revision.");
    const revision = atLatest(loaded, asked[0]);
    if (!revision.ok) return revision;
    const ids = new Set(revision.value.nodes.map((n) => n.id));
    const unknown = input.outcomes.map((o) => o.nodeId).filter((id) => !ids.has(id));
    if (unknown.length)
      return fail(
        "invalid",
        `${quoted(unknown)} ${unknown.length === 1 ? "is" : "are"} no node of revision ${revision.value.number}.`,
      );
    const reporter =
      writer.value.kind === "agent" ? `agent ${writer.value.name}` : `person ${writer.value.name}`;
    const due = risksToReassess(loaded, now.getTime());
    await tx.outcomeRecord.createMany({
      data: input.outcomes.map((o) => ({
        planId: loaded.plan.id,
        revision: revision.value.number,
        nodeId: o.nodeId,
        status: o.status,
        evidenceHash: o.evidenceHash,
        provenance: o.provenance || `reported by ${reporter}`,
        ...by(writer.value),
        at: now,
      })),
    });
    await announcePlan(tx, topicOf(loaded.plan, loaded.access), "outcome", {
      revision: revision.value.number,
      nodeIds: input.outcomes.slice(0, 50).map((o) => o.nodeId),
      count: input.outcomes.length,
    });
    if (loaded.risks.length || hasApprovers(loaded)) {
      const after = (await loadPlan(tx, loaded.plan.id))!;
      const newly = [...risksToReassess(after, now.getTime())].filter((id) => !due.has(id));
      await tellReassess(tx, after, newly, who, now.getTime());
      // the evidence may have finished a wave: the next one is proposed, and its approvers are asked now
      await tellApprovers(tx, after, who, now.getTime());
    }
    return ok({ revision: revision.value.number, recorded: input.outcomes.length });
  });
}

/** One record: the input is the record itself. */
export function postOutcome(db: Db, who: Who, { planId, ...record }: OnPlan<typeof ZOutcome>, now: Date) {
  return postOutcomes(db, who, { planId, outcomes: [record] }, now);
}
