// Revising a plan: every change is a new immutable revision with its parent, changes, evidence and rationale.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { fail, ok, type Result } from "../../rules/result";
import { inPlan } from "./common";
import { announcePlan, topicOf } from "./events";
import { writeRevision, type Written } from "./graph";
import type { OnPlan, ZRevise } from "./schemas";
import { loadPlan } from "./load";
import { hasApprovers, tellApprovers } from "./notices";
import { maySteer } from "./state";

/** The owner (or their agent) revises from the latest revision; a stale parent is a conflict, never a merge. */
export async function revisePlan(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZRevise>,
  now: Date,
): Promise<Result<Written>> {
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const writer = maySteer(who, loaded);
    if (!writer.ok) return writer;
    const latest = loaded.revisions.at(-1)!;
    if (input.parent !== latest.number)
      return fail(
        "conflict",
        `Revision ${latest.number} is the latest; revise from it, not from revision ${input.parent}.`,
      );
    const written = await writeRevision(tx, loaded, writer.value, input, now);
    if (!written.ok) return written;
    await announcePlan(tx, topicOf(loaded.plan, loaded.access), "revised", {
      revision: written.value.number,
      supersedes: latest.number,
    });
    // a revision proposes its own next wave: an approval it needs is asked now, not at a hold
    const after = hasApprovers(loaded) ? await loadPlan(tx, loaded.plan.id) : null;
    if (after) await tellApprovers(tx, after, who, now.getTime());
    return ok(written.value);
  });
}
