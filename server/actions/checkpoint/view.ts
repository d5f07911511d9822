// Reading a plan at one revision: lanes, nodes with their evidence and holds, gates, history, may. Reads only.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  DECISIONS,
  mayRead,
  OUTCOME_STATUSES,
  RISK_SEVERITIES,
  type AssignableRole,
  type Decision,
  type OutcomeStatus,
  type PlanVisibility,
  type RiskSeverity,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { unrecordedAdvice, type Advice } from "./advice";
import { loadPlan, wavesOf } from "./load";
import { noPlan } from "./access";
import type { Actor, Changes, LoadedPlan, RevisionRow, ValidatorResult } from "./loaded";
import { findingsOf, type FindingView } from "./view.findings";
import {
  checkpointsOf,
  outcomeLogOf,
  revisionsOf,
  type CheckpointView,
  type OutcomeView,
  type RevisionSummary,
} from "./view.history";
import { membersViewOf, type MembersView } from "./members";
import { mayOf, type PlanMay } from "./view.may";
import { nodesOf, outcomesAt, removedOf, type NodeView, type RemovedNode } from "./view.nodes";
import { risksAt, type RiskView } from "./view.risks";
import { standingOf, type AuditView, type GateView } from "./view.standing";

export type PlanView = {
  plan: {
    id: number;
    name: string;
    owner: string;
    requiredApprovers: number;
    approvalTtlMs: number | null;
    visibility: PlanVisibility;
    createdAt: string;
  };
  /** Who holds which role, what each may do, and every change of them and of the plan's settings. */
  members: MembersView;
  latest: number;
  revision: {
    number: number;
    parentNumber: number | null;
    superseded: boolean;
    supersededBy: number | null;
    author: Actor;
    createdAt: string;
    rationale: string;
    evidenceRefs: string[];
    changes: Changes;
    validatorResult: ValidatorResult;
    holds: string[];
  };
  revisions: RevisionSummary[];
  lanes: { wave: number; nodeIds: string[] }[];
  nodes: NodeView[];
  /** Nodes the parent revision had and this one removed: drawn as ghosts. */
  removed: RemovedNode[];
  /** The checkpoint the plan is at (latest revision only), or why there is none. */
  proposal:
    | { justFinished: string[]; nextWave: string[]; wave: number; proposer: string; admitted: boolean }
    | { reason: string };
  audit: AuditView | null;
  findings: FindingView[];
  gates: GateView | null;
  outcomes: OutcomeView[];
  risks: RiskView[];
  checkpoints: CheckpointView[];
  may: PlanMay;
  /** The roles on this plan you are invited to and have not answered (an agent: its own). */
  invitedAs: AssignableRole[];
  /** A person's agents invited to a role here, which she answers for. */
  agentsInvited: { role: AssignableRole; agent: { id: number; name: string } }[];
  words: {
    statuses: readonly OutcomeStatus[];
    severities: readonly RiskSeverity[];
    decisions: readonly Decision[];
  };
};

/**
 * Writes nothing, not even what is due: a finished Round Table's advice not yet recorded by the sweeper is derived
 * from the council here, so every reader sees it at once and the ledger is written in one place.
 */
export async function planView(
  db: Db,
  who: Who,
  input: { id: number; revision?: number },
  now: number,
): Promise<Result<PlanView>> {
  const id = input.id;
  const loaded = await loadPlan(db, id);
  // A plan one may not read is one that does not exist: the same answer, before anything else is looked at.
  if (!loaded || !mayRead(loaded.access, who)) return noPlan;
  let revision = loaded.revisions.at(-1)!;
  if (input.revision !== undefined) {
    const found = loaded.revisions.find((r) => r.number === input.revision);
    if (!found) return fail("not_found", `Plan ${id} has no revision ${input.revision}.`);
    revision = found;
  }
  return ok(viewOf(loaded, revision, who, await unrecordedAdvice(db, loaded.checkpoints, now), now));
}

function viewOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  who: Who,
  unrecorded: ReadonlyMap<number, Advice>,
  now: number,
): PlanView {
  const latest = loaded.revisions.at(-1)!;
  const isLatest = revision.number === latest.number;
  const waves = wavesOf(revision);
  const { proposal, wave, audit, gates, admitted, built } = standingOf(loaded, revision, isLatest, now);
  const outcomeAt = outcomesAt(loaded, revision);
  const reportedAt = new Map([...outcomeAt].map(([nodeId, o]) => [nodeId, o.at.getTime()]));
  const risks = risksAt(loaded, revision, wave?.justFinished ?? null, reportedAt);
  const nodes = nodesOf(revision, { waves, outcomeAt, wave, audit, risks });

  return {
    plan: {
      id: loaded.plan.id,
      name: loaded.plan.name,
      owner: loaded.plan.owner,
      requiredApprovers: loaded.plan.requiredApprovers,
      approvalTtlMs: loaded.plan.approvalTtlMs,
      visibility: loaded.plan.visibility,
      createdAt: loaded.plan.createdAt.toISOString(),
    },
    members: membersViewOf(loaded),
    latest: latest.number,
    revision: {
      number: revision.number,
      parentNumber: revision.parentNumber,
      superseded: !isLatest,
      supersededBy: isLatest ? null : revision.number + 1,
      author: revision.author,
      createdAt: revision.createdAt.toISOString(),
      rationale: revision.rationale,
      evidenceRefs: revision.evidenceRefs,
      changes: revision.changes,
      validatorResult: revision.validatorResult,
      holds: revision.holds,
    },
    revisions: revisionsOf(loaded),
    lanes: waves.map((nodeIds, w) => ({ wave: w, nodeIds })),
    nodes,
    removed: removedOf(loaded, revision),
    proposal: proposal
      ? proposal.justFinished
        ? {
            justFinished: proposal.justFinished,
            nextWave: proposal.nextWave,
            wave: proposal.wave,
            proposer:
              revision.author.kind === "agent"
                ? `${revision.author.owner} (agent ${revision.author.name})`
                : revision.author.name,
            admitted,
          }
        : { reason: proposal.reason }
      : { reason: `Revision ${revision.number} is superseded by revision ${latest.number}: it is history.` },
    audit,
    findings: findingsOf(audit, {
      nodes,
      risks,
      justFinished: wave?.justFinished ?? [],
      stillNeeded: gates?.stillNeeded ?? [],
      lapsed: gates?.lapsed ?? [],
    }),
    gates,
    outcomes: outcomeLogOf(loaded),
    risks,
    checkpoints: checkpointsOf(loaded, unrecorded),
    may: mayOf(loaded, revision, who, { isLatest, gates: built, result: audit, admitted }),
    // The roles you are invited to here and have not answered: the page asks you, and they count for nothing yet.
    invitedAs: loaded.access.invited
      .filter((h) =>
        who.kind === "user" ? h.userId === who.userId : who.kind === "agent" && h.agentId === who.agentId,
      )
      .map((h) => h.role),
    agentsInvited:
      who.kind === "user"
        ? loaded.access.invited
            .filter((h) => h.agentId !== null && h.agentOwnerId === who.userId)
            .map((h) => ({ role: h.role, agent: { id: h.agentId!, name: h.name } }))
        : [],
    words: { statuses: OUTCOME_STATUSES, severities: RISK_SEVERITIES, decisions: DECISIONS },
  };
}
