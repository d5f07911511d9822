// A plan's standing between waves, from what was loaded: the proposal, its gates, and the declaration to audit.
import type { Who } from "../../identity";
import {
  approvalStanding,
  buildDeclaration,
  checkStanding,
  proposeCheckpoint,
  reportRefusal,
  steerRefusal,
  stillNeeded,
  waveKey,
  type ApprovalGate,
  type ApprovalStanding,
  type CheckKind,
  type Declaration,
  type GivenCheck,
  type PlanState,
  type Proposal,
  type RiskState,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import type { Signed } from "../guard";
import { wavesOf } from "./load";
import type { LoadedPlan, RevisionRow } from "./loaded";

/** Outcome records and risks: the owner, the plan's operators, the owner's agents (an orchestrator's token). */
export function mayReport(who: Who, loaded: LoadedPlan): Result<Signed> {
  return reportRefusal(loaded.access, who) ?? ok(who as Signed);
}

/** Revisions and checkpoint decisions: the owner and the owner's agents. */
export function maySteer(who: Who, loaded: LoadedPlan): Result<Signed> {
  return steerRefusal(loaded.access, who) ?? ok(who as Signed);
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

type CheckStanding = ReturnType<typeof checkStanding>;

export type Gates = {
  waveKey: string;
  /** A node of the wave is marked needsApproval: the wave needs `needed` distinct approvers. */
  approvalRequired: boolean;
  needed: number;
  /** What the approval gate reads (the rules' terms): the approvals bound to this revision and exactly this wave. */
  gate: ApprovalGate;
  /** Which of them count at `now` (by a current approver, not the proposer, not expired), which lapsed, who is left. */
  approval: ApprovalStanding;
  /** Each check's confirmation that counts (the latest by a member still holding the role), and who could give it. */
  checks: Record<CheckKind, CheckStanding>;
  authority: GivenCheck | null;
  resources: GivenCheck | null;
  /** Who is still needed, one line each ("needs 1 more approver: ana or ben"). */
  needs: string[];
};

export function gatesOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  nextWave: readonly string[],
  now: number,
): Gates {
  const key = waveKey(nextWave);
  const gated = new Set(revision.nodes.filter((n) => n.needsApproval).map((n) => n.id));
  const bound = (row: { revision: number; waveKey: string }) =>
    row.revision === revision.number && row.waveKey === key;
  const gate: ApprovalGate = {
    revision: revision.number,
    wave: nextWave,
    required: nextWave.some((id) => gated.has(id)),
    needed: loaded.plan.requiredApprovers,
    proposerId: revision.proposerId,
    given: loaded.approvals.filter(bound).map((a) => ({
      byId: a.byId,
      by: a.by,
      at: a.at.getTime(),
      action: a.action,
      expiresAt: a.expiresAt?.getTime() ?? null,
    })),
  };
  const approval = approvalStanding(loaded.access, gate, now);
  const check = (kind: CheckKind) =>
    checkStanding(
      loaded.access,
      kind,
      loaded.checks
        .filter((c) => bound(c) && c.kind === kind)
        .map((c) => ({ byId: c.byId, by: c.by, at: c.at.getTime(), note: c.note })),
    );
  const checks = { authority: check("authority"), resources: check("resources") };
  return {
    waveKey: key,
    approvalRequired: gate.required,
    needed: gate.needed,
    gate,
    approval,
    checks,
    authority: checks.authority.counted,
    resources: checks.resources.counted,
    needs: stillNeeded(approval, checks),
  };
}

/** Every approval and confirmation given for the wave that no longer counts, one sentence each. */
export const lapsedOf = (g: Gates): string[] => [
  ...g.approval.lapsed.map((l) => `${l.why}: that approval no longer counts`),
  ...g.checks.authority.lapsed.map((l) => `${l.why}: that authority confirmation no longer counts`),
  ...g.checks.resources.lapsed.map((l) => `${l.why}: that resources confirmation no longer counts`),
];

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
  now: number,
): { state: PlanState; gates: Gates; declaration: Declaration } {
  const gates = gatesOf(loaded, revision, wave.nextWave, now);
  const state: PlanState = {
    revision: revision.number,
    nodes: revision.nodes.map((n) => ({ id: n.id, dependsOn: n.dependsOn })),
    outcomes: loaded.outcomes.filter((o) => o.revision <= revision.number),
    risks: risksNow(loaded),
    justFinished: wave.justFinished,
    nextWave: wave.nextWave,
    approval: {
      requiredApprovers: gates.approvalRequired ? gates.needed : 0,
      approvals: gates.approval.counted.length,
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
