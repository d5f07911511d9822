// The checkpoint itself: build the declaration from the database, audit it, and record a person's decision.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  audit,
  mayRead,
  waveKey,
  type AuditResult,
  type Decision,
  type Declaration,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { inPlan, quoted } from "./common";
import { kickModels } from "../council";
import { prepareEscalation, writeEscalation, type Escalation } from "./escalate";
import { tellCheckpoint } from "./notices";
import { announcePlan, topicOf } from "./events";
import { writeRevision } from "./graph";
import { loadPlan } from "./load";
import { noPlan } from "./access";
import type { OnPlan, ZAuditQuery, ZCheckpoint } from "./schemas";
import { atLatest, lapsedOf, maySteer, planStateOf, waveFor } from "./state";

export type CheckpointAnswer = {
  id: number;
  revision: number;
  decision: Decision;
  justFinished: string[];
  nextWave: string[];
  declaration: Declaration;
  audit: AuditResult;
  /** revise with a new graph: the revision it made. */
  newRevision: number | null;
  /** escalate: the Round Table convened, or why none was. */
  escalation: Escalation | null;
};

/**
 * Runs a checkpoint at the latest revision and records the decision. `admit` is refused unless the audit says
 * eligibleToAdmit, and only a person admits; the owner's agents may hold, revise or escalate. A wave is admitted
 * once per revision.
 */
export async function runCheckpoint(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZCheckpoint>,
  now: Date,
): Promise<Result<CheckpointAnswer>> {
  const { decision, rationale, newRevision, council } = input;
  if (newRevision && decision !== "revise")
    return fail("invalid", "Only a revise decision takes a new revision.");
  if (council && decision !== "escalate")
    return fail("invalid", "Only an escalate decision convenes a Round Table.");
  const escalating = await prepareEscalation(db, who, council);
  if (!escalating.ok) return escalating;
  const recorded = await inPlan(db, who, input.planId, async (tx, loaded) => {
    const writer = maySteer(who, loaded);
    if (!writer.ok) return writer;
    if (decision === "admit" && writer.value.kind !== "user")
      return fail("forbidden", "A person admits a wave; an agent may hold, revise or escalate.");
    const revision = atLatest(loaded, input.revision);
    if (!revision.ok) return revision;
    const wave = waveFor(loaded, revision.value, input);
    if (!wave.ok) return wave;
    const { declaration } = planStateOf(loaded, revision.value, wave.value, now.getTime());
    const result = audit(declaration);
    if (decision === "admit") {
      if (!result.eligibleToAdmit)
        return fail(
          "conflict",
          `Admission refused: the audit does not find the next wave eligible (${[...new Set(result.findings.map((f) => f.id))].join(", ")}).`,
        );
      const key = waveKey(wave.value.nextWave);
      if (
        loaded.checkpoints.some(
          (c) =>
            c.decision === "admit" && c.revision === revision.value.number && waveKey(c.nextWave) === key,
        )
      )
        return fail(
          "conflict",
          `The wave ${quoted(wave.value.nextWave)} is already admitted at this revision.`,
        );
    }
    // The new revision validates before anything is written, so a refused graph leaves no checkpoint behind.
    let made: number | null = null;
    if (newRevision) {
      const written = await writeRevision(tx, loaded, writer.value, { ...newRevision, rationale }, now);
      if (!written.ok) return written;
      made = written.value.number;
    }
    const checkpoint = await tx.checkpoint.create({
      data: {
        planId: loaded.plan.id,
        revision: revision.value.number,
        justFinished: wave.value.justFinished,
        nextWave: wave.value.nextWave,
        declaration,
        audit: result,
        decision,
        rationale,
        ...(writer.value.kind === "user"
          ? { decidedById: writer.value.userId }
          : { decidedByAgentId: writer.value.agentId }),
        at: now,
      },
      select: { id: true },
    });
    await announcePlan(tx, topicOf(loaded.plan, loaded.access), "checkpoint", {
      checkpointId: checkpoint.id,
      revision: revision.value.number,
      decision,
      eligibleToAdmit: result.eligibleToAdmit,
      ...(made ? { newRevision: made } : {}),
    });
    await tellCheckpoint(
      tx,
      loaded,
      {
        id: checkpoint.id,
        decision,
        revision: revision.value.number,
        nextWave: wave.value.nextWave,
        approvalMissing: declaration.approval.required && !declaration.approval.present,
        by: who,
      },
      now.getTime(),
    );
    // An escalation's Round Table is convened in this same transaction: the checkpoint and its council stand or
    // fall together, so the answer is one true sentence either way.
    const escalation =
      decision === "escalate"
        ? await writeEscalation(
            tx,
            escalating.value,
            {
              id: checkpoint.id,
              topic: topicOf(loaded.plan, loaded.access),
              plan: loaded.plan.name,
              revision: revision.value.number,
              ...wave.value,
              audit: result,
            },
            now,
            loaded.access,
          )
        : null;
    return ok({
      id: checkpoint.id,
      revision: revision.value.number,
      decision,
      justFinished: wave.value.justFinished,
      nextWave: wave.value.nextWave,
      declaration,
      audit: result,
      newRevision: made,
      escalation,
    });
  });
  if (recorded.ok && recorded.value.escalation?.councilId) kickModels(recorded.value.escalation.councilId);
  return recorded;
}

export type AuditAnswer = {
  revision: number;
  justFinished: string[];
  nextWave: string[];
  declaration: Declaration;
  audit: AuditResult;
  /** Who is still needed before the gates stand ("needs 1 more approver: ana or ben"): the app's words, beside the audit. */
  stillNeeded: string[];
  /** Approvals and confirmations given that no longer count, each with why (expired, or the role was taken). */
  lapsed: string[];
};

/** A dry run any reader of the plan may make: the declaration the checkpoint would build now, and its audit. */
export async function readAudit(
  db: Db,
  who: Who,
  { planId, ...query }: OnPlan<typeof ZAuditQuery>,
  now: number,
): Promise<Result<AuditAnswer>> {
  const loaded = await loadPlan(db, planId);
  if (!loaded || !mayRead(loaded.access, who)) return noPlan;
  const revision = loaded.revisions.at(-1)!;
  const wave = waveFor(loaded, revision, query);
  if (!wave.ok) return wave;
  const { declaration, gates } = planStateOf(loaded, revision, wave.value, now);
  return ok({
    revision: revision.number,
    ...wave.value,
    declaration,
    audit: audit(declaration),
    stillNeeded: gates.needs,
    lapsed: lapsedOf(gates),
  });
}
