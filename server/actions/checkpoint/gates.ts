// The gates before a next wave: approvals bound to (plan, revision, next-wave ids) and the assignment checks.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { waveKey } from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { person } from "../guard";
import { parseInput } from "../input";
import { inPlan, quoted } from "./common";
import { announcePlan } from "./events";
import type { LoadedPlan, RevisionRow } from "./load";
import { ZApprove, ZConfirm } from "./schemas";
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
 * A signed-in person approves one proposed wave of the latest revision. Never the wave's proposer (the author of
 * the revision, or the owner of the agent that wrote it); never twice; only a wave that needs approval.
 */
export async function approve(
  db: Db,
  who: Who,
  input: { id: unknown; body: unknown },
  now: Date,
): Promise<Result<{ revision: number; nextWave: string[]; approvals: number; needed: number }>> {
  const me = person(who);
  if (!me.ok) return me;
  const p = parseInput(ZApprove, input.body);
  if (!p.ok) return p;
  return inPlan(db, input.id, async (tx, loaded) => {
    const b = bound(loaded, p.value);
    if (!b.ok) return b;
    const { revision, wave } = b.value;
    const gates = gatesOf(loaded, revision, wave);
    if (!gates.approvalRequired)
      return fail(
        "conflict",
        `The wave ${quoted(wave)} has no node that needs approval; there is nothing to approve.`,
      );
    if (revision.proposerId === me.value.userId)
      return fail(
        "forbidden",
        `You proposed this wave (revision ${revision.number} is yours); another person must approve it.`,
      );
    if (gates.approvals.some((a) => a.byId === me.value.userId))
      return fail("conflict", "You have already approved this wave at this revision.");
    await tx.approval.create({
      data: {
        planId: loaded.plan.id,
        revision: revision.number,
        nextWave: wave,
        waveKey: waveKey(wave),
        approverId: me.value.userId,
        at: now,
      },
    });
    const approvals = gates.approvals.length + 1;
    await announcePlan(tx, loaded.plan.id, "approval", {
      revision: revision.number,
      nextWave: wave.slice(0, 50),
      by: me.value.name,
      approvals,
      needed: gates.needed,
    });
    return ok({ revision: revision.number, nextWave: wave, approvals, needed: gates.needed });
  });
}

/** A named person confirms the authority or the resources for one proposed wave; each check is confirmed once. */
export async function confirmAssignment(
  db: Db,
  who: Who,
  input: { id: unknown; body: unknown },
  now: Date,
): Promise<Result<{ revision: number; kind: string; nextWave: string[] }>> {
  const me = person(who);
  if (!me.ok) return me;
  const p = parseInput(ZConfirm, input.body);
  if (!p.ok) return p;
  return inPlan(db, input.id, async (tx, loaded) => {
    const b = bound(loaded, p.value);
    if (!b.ok) return b;
    const { revision, wave } = b.value;
    const already = gatesOf(loaded, revision, wave)[p.value.kind];
    if (already)
      return fail(
        "conflict",
        `The ${p.value.kind} check for this wave is already confirmed by ${already.by}.`,
      );
    await tx.assignmentCheck.create({
      data: {
        planId: loaded.plan.id,
        revision: revision.number,
        nextWave: wave,
        waveKey: waveKey(wave),
        kind: p.value.kind,
        note: p.value.note ?? "",
        confirmedById: me.value.userId,
        at: now,
      },
    });
    await announcePlan(tx, loaded.plan.id, "assignment", {
      revision: revision.number,
      kind: p.value.kind,
      by: me.value.name,
    });
    return ok({ revision: revision.number, kind: p.value.kind, nextWave: wave });
  });
}
