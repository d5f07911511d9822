// A plan's standing between waves, from what was loaded: the proposal, its gates, and the declaration to audit.
import type { Who } from "../../identity";
import {
  buildDeclaration,
  proposeCheckpoint,
  waveKey,
  type Declaration,
  type PlanState,
  type Proposal,
  type RiskState,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { signedIn, type Signed } from "../guard";
import { wavesOf, type CheckRow, type GateRow, type LoadedPlan, type RevisionRow } from "./load";

/** The owner, and the owner's agents (an orchestrator reporting with a token), write to a plan. */
export function mayWrite(who: Who, loaded: LoadedPlan): Result<Signed> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const ownerId = loaded.plan.ownerId;
  if ((who.kind === "user" && who.userId === ownerId) || (who.kind === "agent" && who.ownerId === ownerId))
    return signed;
  return fail("forbidden", "Only the plan's owner and the owner's agents write to this plan.");
}

/** Ids are exact: a superseded revision is history and takes nothing new. */
export function atLatest(loaded: LoadedPlan, revision: number | undefined): Result<RevisionRow> {
  const latest = loaded.revisions.at(-1)!;
  if (revision === undefined || revision === latest.number) return ok(latest);
  if (!loaded.revisions.some((r) => r.number === revision))
    return fail("not_found", `Plan ${loaded.plan.id} has no revision ${revision}.`);
  return fail(
    "conflict",
    `Revision ${revision} is superseded by revision ${latest.number}; work on revision ${latest.number}.`,
  );
}

/** The checkpoint the plan is at for a revision: wave N just reported, wave N+1 proposed, held nodes left out. */
export function proposalOf(loaded: LoadedPlan, revision: RevisionRow): Proposal {
  const reported = new Set(
    loaded.outcomes.filter((o) => o.revision === revision.number).map((o) => o.nodeId),
  );
  return proposeCheckpoint(wavesOf(revision), reported, new Set(revision.holds));
}

export type Gates = {
  waveKey: string;
  /** A node of the wave is marked needsApproval: the wave needs `needed` distinct approvers. */
  approvalRequired: boolean;
  needed: number;
  /** Approvals bound to this revision and exactly this wave, none by the wave's proposer. */
  approvals: GateRow[];
  authority: CheckRow | null;
  resources: CheckRow | null;
};

export function gatesOf(loaded: LoadedPlan, revision: RevisionRow, nextWave: readonly string[]): Gates {
  const key = waveKey(nextWave);
  const gated = new Set(revision.nodes.filter((n) => n.needsApproval).map((n) => n.id));
  const bound = <T extends GateRow>(row: T) => row.revision === revision.number && row.waveKey === key;
  return {
    waveKey: key,
    approvalRequired: nextWave.some((id) => gated.has(id)),
    needed: loaded.plan.requiredApprovers,
    approvals: loaded.approvals.filter((a) => bound(a) && a.byId !== revision.proposerId),
    authority: loaded.checks.find((c) => bound(c) && c.kind === "authority") ?? null,
    resources: loaded.checks.find((c) => bound(c) && c.kind === "resources") ?? null,
  };
}

/** Each risk as its latest assessment says. */
export function risksNow(loaded: LoadedPlan): RiskState[] {
  return loaded.risks.flatMap((risk) => {
    const latest = risk.assessments.at(-1);
    return latest
      ? [
          {
            id: risk.id,
            severity: latest.severity,
            revision: latest.revision,
            affectedNodes: latest.affectedNodes,
            evidenceHash: latest.evidenceHash,
          },
        ]
      : [];
  });
}

export function planStateOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  wave: { justFinished: readonly string[]; nextWave: readonly string[] },
): { state: PlanState; gates: Gates; declaration: Declaration } {
  const gates = gatesOf(loaded, revision, wave.nextWave);
  const state: PlanState = {
    revision: revision.number,
    nodes: revision.nodes.map((n) => ({ id: n.id, dependsOn: n.dependsOn })),
    outcomes: loaded.outcomes.filter((o) => o.revision <= revision.number),
    risks: risksNow(loaded),
    justFinished: wave.justFinished,
    nextWave: wave.nextWave,
    approval: {
      requiredApprovers: gates.approvalRequired ? gates.needed : 0,
      approvals: gates.approvals.length,
    },
    assignment: { authority: !!gates.authority, resources: !!gates.resources },
  };
  return { state, gates, declaration: buildDeclaration(state) };
}

/** The wave a checkpoint is about: the one asked for, else the plan's proposal; held nodes cannot be proposed. */
export function waveFor(
  loaded: LoadedPlan,
  revision: RevisionRow,
  asked: { justFinished?: string[]; nextWave?: string[] },
): Result<{ justFinished: string[]; nextWave: string[] }> {
  const proposal = proposalOf(loaded, revision);
  const justFinished = asked.justFinished ?? proposal.justFinished;
  const nextWave = asked.nextWave ?? proposal.nextWave;
  if (!justFinished || !nextWave)
    return fail("conflict", proposal.justFinished === null ? proposal.reason : "Name the waves.");
  const held = nextWave.filter((id) => revision.holds.includes(id));
  if (held.length > 0)
    return fail(
      "conflict",
      `${held.map((id) => `"${id}"`).join(", ")} ${held.length === 1 ? "is" : "are"} held by a prune: revise the plan to revalidate ${held.length === 1 ? "it" : "them"} first.`,
    );
  // As asked, repeats and all: the audit's schema names a repeated id rather than this door hiding it.
  return ok({ justFinished: [...justFinished], nextWave: [...nextWave] });
}
