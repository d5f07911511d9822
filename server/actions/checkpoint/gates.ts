// The gates before a next wave: approvals bound to (plan, revision, next-wave ids) and the assignment checks.
import type { Db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import type { Who } from "../../identity";
import {
  approvalExpiry,
  approvalRefusal,
  confirmRefusal,
  waveKey,
  withdrawRefusal,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { person } from "../guard";
import { inPlan, quoted } from "./common";
import { announcePlan, topicOf } from "./events";
import type { LoadedPlan, RevisionRow } from "./loaded";
import type { OnPlan, ZApprove, ZConfirm } from "./schemas";
import { atLatest, gatesOf } from "./state";

/** The wave named must be nodes of the revision, none held: a gate binds to a wave that could launch. */
function boundWave(revision: RevisionRow, nextWave: string[]): Result<string[]> {
  const ids = new Set(revision.nodes.map((n) => n.id));
  const unknown = nextWave.filter((id) => !ids.has(id));
  if (unknown.length) return fail("invalid", `${quoted(unknown)} is no node of revision ${revision.number}.`);
  const held = nextWave.filter((id) => revision.holds.includes(id));
  if (held.length) return fail("conflict", `${quoted(held)} is held by a prune and cannot be proposed.`);
  return ok([...new Set(nextWave)].sort());
}

function bound(
  loaded: LoadedPlan,
  body: { revision: number; nextWave: string[] },
): Result<{ revision: RevisionRow; wave: string[] }> {
  const revision = atLatest(loaded, body.revision);
  if (!revision.ok) return revision;
  const wave = boundWave(revision.value, body.nextWave);
  if (!wave.ok) return wave;
  return ok({ revision: revision.value, wave: wave.value });
}

/**
 * A gate's write: by a person, in the plan's transaction, on the named wave bound to the latest revision, with the
 * gates as they stand for it now.
 */
async function atGate<T>(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZApprove>,
  now: Date,
  write: (
    tx: Prisma.TransactionClient,
    loaded: LoadedPlan,
    me: { userId: number; name: string },
    at: { revision: RevisionRow; wave: string[]; gates: ReturnType<typeof gatesOf> },
  ) => Promise<Result<T>>,
): Promise<Result<T>> {
  const me = person(who);
  if (!me.ok) return me;
  return inPlan(db, who, input.planId, async (tx, loaded) => {
    const b = bound(loaded, input);
    if (!b.ok) return b;
    const { revision, wave } = b.value;
    return write(tx, loaded, me.value, {
      revision,
      wave,
      gates: gatesOf(loaded, revision, wave, now.getTime()),
    });
  });
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

type ApprovalAnswer = { revision: number; nextWave: string[]; approvals: number; needed: number };

/**
 * One row of the approval ledger for one proposed wave of the latest revision: an approval, or its giver taking it
 * back. Each is asked of its own pure check (the page's `may` asks the same), and announced with the count after it.
 */
function approvalRow(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZApprove>,
  now: Date,
  action: "approve" | "withdraw",
): Promise<Result<ApprovalAnswer>> {
  return atGate(db, who, input, now, async (tx, loaded, me, { revision, wave, gates }) => {
    const refused =
      action === "approve"
        ? approvalRefusal(loaded.access, gates.gate, gates.approval, who)
        : withdrawRefusal(gates.approval, who);
    if (refused) return refused;
    await tx.approval.create({
      data: {
        planId: loaded.plan.id,
        revision: revision.number,
        nextWave: wave,
        waveKey: waveKey(wave),
        approverId: me.userId,
        action,
        at: now,
        // fixed now: changing the gate's approvalTtl later neither revives nor shortens it
        expiresAt:
          action === "approve" ? dateOrNull(approvalExpiry(now.getTime(), loaded.plan.approvalTtlMs)) : null,
      },
    });
    const approvals = gates.approval.counted.length + (action === "approve" ? 1 : -1);
    await announcePlan(
      tx,
      topicOf(loaded.plan, loaded.access),
      action === "approve" ? "approval" : "approval.withdrawn",
      {
        revision: revision.number,
        nextWave: wave.slice(0, 50),
        by: me.name,
        approvals,
        needed: gates.needed,
      },
    );
    return ok({ revision: revision.number, nextWave: wave, approvals, needed: gates.needed });
  });
}

/**
 * An approver of the plan approves one proposed wave of the latest revision. Never the wave's proposer (the author
 * of the revision, or the owner of the agent that wrote it); never twice while the first still counts; only a wave
 * that needs approval. The same check (server/rules/checkpoint/roles.ts) is what the page's `may` shows.
 */
export const approve = (db: Db, who: Who, input: OnPlan<typeof ZApprove>, now: Date) =>
  approvalRow(db, who, input, now, "approve");

/**
 * An approver takes back their approval of one proposed wave (appended as a `withdraw` row: the ledger keeps both);
 * the gate counts it no longer, and the audit says who withdrew and when. Only an approval that still counts.
 */
export const withdrawApproval = (db: Db, who: Who, input: OnPlan<typeof ZApprove>, now: Date) =>
  approvalRow(db, who, input, now, "withdraw");

/**
 * A member holding the authority (or the resources) role confirms that check for one proposed wave; a check is
 * confirmed once while its confirmation counts. The same check is what the page's `may` shows.
 */
export async function confirmAssignment(
  db: Db,
  who: Who,
  input: OnPlan<typeof ZConfirm>,
  now: Date,
): Promise<Result<{ revision: number; kind: string; nextWave: string[] }>> {
  return atGate(db, who, input, now, async (tx, loaded, me, { revision, wave, gates }) => {
    const refused = confirmRefusal(loaded.access, input.kind, gates.checks[input.kind].counted, who);
    if (refused) return refused;
    await tx.assignmentCheck.create({
      data: {
        planId: loaded.plan.id,
        revision: revision.number,
        nextWave: wave,
        waveKey: waveKey(wave),
        kind: input.kind,
        note: input.note ?? "",
        confirmedById: me.userId,
        at: now,
      },
    });
    await announcePlan(tx, topicOf(loaded.plan, loaded.access), "assignment", {
      revision: revision.number,
      kind: input.kind,
      by: me.name,
    });
    return ok({ revision: revision.number, kind: input.kind, nextWave: wave });
  });
}
