// A plan as its reader sees it at one revision: lanes, nodes with their evidence and holds, gates, history, may.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import {
  audit as runAudit,
  DECISIONS,
  OUTCOME_STATUSES,
  RISK_SEVERITIES,
  stillToReassess,
  UNRESOLVED_SEVERITIES,
  type AuditResult,
  type Decision,
  type OutcomeStatus,
  type RiskSeverity,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { parseId } from "../input";
import { recordAdvice, type Advice } from "./escalate";
import {
  loadPlan,
  noPlan,
  wavesOf,
  type Actor,
  type AssessmentRow,
  type Changes,
  type LoadedPlan,
  type RevisionRow,
  type ValidatorResult,
} from "./load";
import { gatesOf, mayWrite, planStateOf, proposalOf } from "./state";

export type NodeView = {
  id: string;
  title: string | null;
  dependsOn: string[];
  wave: number;
  needsApproval: boolean;
  /** Held by a prune until a later revision revalidates it. */
  held: boolean;
  /** What this revision did to the node, against its parent. */
  change: "added" | "rewired" | null;
  status: OutcomeStatus | null;
  evidenceHash: string | null;
  reportedBy: string | null;
  role: "justFinished" | "next" | null;
  /** The audit's findings about this node: the holds that bite here (and the prerequisite one blames). */
  findings: { id: string; message: string; prerequisiteId?: string }[];
  risks: { id: string; severity: RiskSeverity; unresolved: boolean; toReassess: boolean }[];
};

export type FindingView = {
  id: string;
  message: string;
  /** The nodes (or gate nodes, "gate:approval" and "gate:assignment") the finding is about, to focus on. */
  targets: string[];
};

export type GateView = {
  waveKey: string;
  approvalRequired: boolean;
  needed: number;
  approvals: { by: string; at: string }[];
  authority: { by: string; at: string; note: string } | null;
  resources: { by: string; at: string; note: string } | null;
};

export type RiskView = {
  id: string;
  severity: RiskSeverity;
  revision: number;
  affectedNodes: string[];
  evidenceHash: string;
  unresolved: boolean;
  toReassess: boolean;
  history: (Omit<AssessmentRow, "at"> & { at: string })[];
};

export type CheckpointView = {
  id: number;
  revision: number;
  decision: string;
  justFinished: string[];
  nextWave: string[];
  rationale: string;
  by: Actor | null;
  at: string;
  declarationValid: boolean;
  eligibleToAdmit: boolean;
  findings: { id: string; message: string }[];
  councilId: number | null;
  advice: Advice | null;
};

export type RevisionSummary = {
  number: number;
  parentNumber: number | null;
  author: Actor;
  createdAt: string;
  rationale: string;
  superseded: boolean;
  counts: { added: number; removed: number; rewired: number; held: number };
};

export type PlanMay = {
  write: true | string;
  approve: true | string;
  confirm: true | string;
  admit: true | string;
};

export type PlanView = {
  plan: { id: number; name: string; owner: string; requiredApprovers: number; createdAt: string };
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
  removed: { id: string; title: string | null; dependsOn: string[] }[];
  /** The checkpoint the plan is at (latest revision only), or why there is none. */
  proposal:
    | { justFinished: string[]; nextWave: string[]; wave: number; proposer: string; admitted: boolean }
    | { reason: string };
  /** Latest revision: the audit of the proposal now. Superseded: the audit of its last recorded checkpoint. */
  audit: (AuditResult & { source: "now" | { checkpointId: number } }) | null;
  findings: FindingView[];
  gates: GateView | null;
  outcomes: {
    nodeId: string;
    revision: number;
    status: OutcomeStatus;
    evidenceHash: string;
    provenance: string;
    by: Actor | null;
    at: string;
  }[];
  risks: RiskView[];
  checkpoints: CheckpointView[];
  may: PlanMay;
  words: {
    statuses: readonly OutcomeStatus[];
    severities: readonly RiskSeverity[];
    decisions: readonly Decision[];
  };
};

const iso = (d: Date) => d.toISOString();

export async function planView(
  db: Db,
  who: Who,
  input: { id: unknown; revision?: unknown },
  now: number,
): Promise<Result<PlanView>> {
  const id = parseId(input.id);
  if (id === null) return noPlan;
  let loaded = await loadPlan(db, id);
  if (!loaded) return noPlan;
  if (await recordAdvice(db, loaded, now)) loaded = (await loadPlan(db, id))!;
  let revision = loaded.revisions.at(-1)!;
  if (input.revision !== undefined && input.revision !== null && input.revision !== "") {
    const n = parseId(input.revision);
    const found = n === null ? undefined : loaded.revisions.find((r) => r.number === n);
    if (!found) return fail("not_found", `Plan ${id} has no revision ${String(input.revision)}.`);
    revision = found;
  }
  return ok(viewOf(loaded, revision, who));
}

function viewOf(loaded: LoadedPlan, revision: RevisionRow, who: Who): PlanView {
  const latest = loaded.revisions.at(-1)!;
  const isLatest = revision.number === latest.number;
  const waves = wavesOf(revision);
  const waveOf = new Map<string, number>();
  waves.forEach((ids, wave) => ids.forEach((nodeId) => waveOf.set(nodeId, wave)));

  // Where the plan stands: the live proposal at the latest revision, else the last checkpoint recorded there.
  const proposal = isLatest ? proposalOf(loaded, revision) : null;
  const recorded = loaded.checkpoints.filter((c) => c.revision === revision.number).at(-1) ?? null;
  let wave: { justFinished: string[]; nextWave: string[] } | null = null;
  let result: PlanView["audit"] = null;
  let gates: GateView | null = null;
  if (proposal?.justFinished) {
    wave = { justFinished: proposal.justFinished, nextWave: proposal.nextWave };
    const built = planStateOf(loaded, revision, wave);
    result = { ...runAudit(built.declaration), source: "now" };
    gates = {
      waveKey: built.gates.waveKey,
      approvalRequired: built.gates.approvalRequired,
      needed: built.gates.needed,
      approvals: built.gates.approvals.map((a) => ({ by: a.by, at: iso(a.at) })),
      authority: built.gates.authority && {
        by: built.gates.authority.by,
        at: iso(built.gates.authority.at),
        note: built.gates.authority.note,
      },
      resources: built.gates.resources && {
        by: built.gates.resources.by,
        at: iso(built.gates.resources.at),
        note: built.gates.resources.note,
      },
    };
  } else if (!isLatest && recorded) {
    wave = { justFinished: recorded.justFinished, nextWave: recorded.nextWave };
    result = { ...(recorded.audit as AuditResult), source: { checkpointId: recorded.id } };
  }

  // Each node's evidence at this revision: its latest record here.
  const outcomeAt = new Map<string, LoadedPlan["outcomes"][number]>();
  for (const o of loaded.outcomes) if (o.revision === revision.number) outcomeAt.set(o.nodeId, o);
  const reportedAt = new Map([...outcomeAt].map(([nodeId, o]) => [nodeId, o.at.getTime()]));

  const risks: RiskView[] = loaded.risks.flatMap((risk) => {
    const history = risk.assessments.filter((a) => a.revision <= revision.number);
    const now = history.at(-1);
    if (!now) return [];
    return [
      {
        id: risk.id,
        severity: now.severity,
        revision: now.revision,
        affectedNodes: now.affectedNodes,
        evidenceHash: now.evidenceHash,
        unresolved: UNRESOLVED_SEVERITIES.includes(now.severity),
        toReassess: false,
        history: history.map((a) => ({ ...a, at: iso(a.at) })),
      },
    ];
  });
  const flagged = new Set(
    wave
      ? stillToReassess(
          risks.map((r) => ({ ...r, assessedAt: Date.parse(r.history.at(-1)!.at) })),
          wave.justFinished,
          revision.number,
          reportedAt,
        )
      : [],
  );
  for (const r of risks) r.toReassess = flagged.has(r.id);

  const findingsOf = new Map<string, NodeView["findings"]>();
  for (const f of result?.findings ?? [])
    if (f.nodeId !== undefined) {
      const list = findingsOf.get(f.nodeId) ?? [];
      list.push({
        id: f.id,
        message: f.message,
        ...(f.prerequisiteId ? { prerequisiteId: f.prerequisiteId } : {}),
      });
      findingsOf.set(f.nodeId, list);
    }
  const risksOf = new Map<string, NodeView["risks"]>();
  for (const r of risks)
    for (const nodeId of r.affectedNodes) {
      const list = risksOf.get(nodeId) ?? [];
      list.push({ id: r.id, severity: r.severity, unresolved: r.unresolved, toReassess: r.toReassess });
      risksOf.set(nodeId, list);
    }
  const justFinished = new Set(wave?.justFinished ?? []);
  const next = new Set(wave?.nextWave ?? []);
  const added = new Set(revision.parentNumber === null ? [] : revision.changes.added);
  const rewired = new Set(revision.changes.rewired.map((r) => r.id));
  const holds = new Set(revision.holds);

  const nodes: NodeView[] = revision.nodes.map((n) => {
    const o = outcomeAt.get(n.id);
    return {
      id: n.id,
      title: n.title ?? null,
      dependsOn: n.dependsOn as string[],
      wave: waveOf.get(n.id) ?? 0,
      needsApproval: !!n.needsApproval,
      held: holds.has(n.id),
      change: added.has(n.id) ? "added" : rewired.has(n.id) ? "rewired" : null,
      status: o?.status ?? null,
      evidenceHash: o?.evidenceHash ?? null,
      reportedBy: o?.by ? o.by.name : null,
      role: justFinished.has(n.id) ? "justFinished" : next.has(n.id) ? "next" : null,
      findings: findingsOf.get(n.id) ?? [],
      risks: risksOf.get(n.id) ?? [],
    };
  });

  const parent = loaded.revisions.find((r) => r.number === revision.parentNumber);
  const removedIds = new Set(revision.changes.removed);
  const removed = (parent?.nodes ?? [])
    .filter((n) => removedIds.has(n.id))
    .map((n) => ({ id: n.id, title: n.title ?? null, dependsOn: n.dependsOn as string[] }));

  const admitted =
    !!wave &&
    !!gates &&
    loaded.checkpoints.some(
      (c) =>
        c.decision === "admit" &&
        c.revision === revision.number &&
        gatesOf(loaded, revision, c.nextWave).waveKey === gates!.waveKey,
    );

  return {
    plan: {
      id: loaded.plan.id,
      name: loaded.plan.name,
      owner: loaded.plan.owner,
      requiredApprovers: loaded.plan.requiredApprovers,
      createdAt: iso(loaded.plan.createdAt),
    },
    latest: latest.number,
    revision: {
      number: revision.number,
      parentNumber: revision.parentNumber,
      superseded: !isLatest,
      supersededBy: isLatest ? null : revision.number + 1,
      author: revision.author,
      createdAt: iso(revision.createdAt),
      rationale: revision.rationale,
      evidenceRefs: revision.evidenceRefs,
      changes: revision.changes,
      validatorResult: revision.validatorResult,
      holds: revision.holds,
    },
    revisions: loaded.revisions.map((r) => ({
      number: r.number,
      parentNumber: r.parentNumber,
      author: r.author,
      createdAt: iso(r.createdAt),
      rationale: r.rationale,
      superseded: r.number !== latest.number,
      counts: {
        added: r.parentNumber === null ? 0 : r.changes.added.length,
        removed: r.changes.removed.length,
        rewired: r.changes.rewired.length,
        held: r.holds.length,
      },
    })),
    lanes: waves.map((nodeIds, w) => ({ wave: w, nodeIds })),
    nodes,
    removed,
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
    audit: result,
    findings: (result?.findings ?? []).map((f) => ({
      id: f.id,
      message: f.message,
      targets: targetsOf(f, { nodes, risks, justFinished: wave?.justFinished ?? [] }),
    })),
    gates,
    outcomes: loaded.outcomes
      .slice(-100)
      .reverse()
      .map((o) => ({
        nodeId: o.nodeId,
        revision: o.revision,
        status: o.status,
        evidenceHash: o.evidenceHash,
        provenance: o.provenance,
        by: o.by,
        at: iso(o.at),
      })),
    risks,
    checkpoints: loaded.checkpoints
      .slice()
      .reverse()
      .map((c) => {
        const a = c.audit as AuditResult;
        return {
          id: c.id,
          revision: c.revision,
          decision: c.decision,
          justFinished: c.justFinished,
          nextWave: c.nextWave,
          rationale: c.rationale,
          by: c.by,
          at: iso(c.at),
          declarationValid: a.declarationValid,
          eligibleToAdmit: a.eligibleToAdmit,
          findings: a.findings.map((f) => ({ id: f.id, message: f.message })),
          councilId: c.councilId,
          advice: c.advice as Advice | null,
        };
      }),
    may: mayOf(loaded, revision, who, { isLatest, gates, result, admitted }),
    words: { statuses: OUTCOME_STATUSES, severities: RISK_SEVERITIES, decisions: DECISIONS },
  };
}

/** Where a finding bites: its node, or for the gates the gate node, the risky nodes, the nodes to recover. */
function targetsOf(
  f: { id: string; nodeId?: string; riskId?: string },
  ctx: { nodes: NodeView[]; risks: RiskView[]; justFinished: string[] },
): string[] {
  if (f.id === "approval-required") return ["gate:approval"];
  if (f.id === "assignment-gate-unsatisfied") return ["gate:assignment"];
  if (f.id === "unresolved-risk")
    return [...new Set(ctx.risks.filter((r) => r.unresolved).flatMap((r) => r.affectedNodes))];
  if (f.id === "wave-recovery-required") {
    const finished = new Set(ctx.justFinished);
    return ctx.nodes.filter((n) => finished.has(n.id) && n.status !== "success").map((n) => n.id);
  }
  if (f.nodeId !== undefined) return [f.nodeId];
  if (f.riskId !== undefined) return ctx.risks.find((r) => r.id === f.riskId)?.affectedNodes ?? [];
  return [];
}

function mayOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  who: Who,
  s: { isLatest: boolean; gates: GateView | null; result: PlanView["audit"]; admitted: boolean },
): PlanMay {
  const superseded = `Revision ${revision.number} is superseded: it is history.`;
  const writer = mayWrite(who, loaded);
  const write: true | string = !s.isLatest ? superseded : writer.ok ? true : writer.message;
  const personal: true | string =
    who.kind === "user"
      ? true
      : who.kind === "agent"
        ? "Only a signed-in person can do this."
        : "Sign in to do this.";
  const noWave = "There is no proposed next wave yet.";
  let approve: true | string = personal;
  if (approve === true) {
    if (!s.isLatest) approve = superseded;
    else if (!s.gates) approve = noWave;
    else if (!s.gates.approvalRequired) approve = "This wave needs no approval.";
    else if (who.kind === "user" && revision.proposerId === who.userId)
      approve = `You proposed this wave (revision ${revision.number} is yours); another person must approve it.`;
    else if (who.kind === "user" && s.gates.approvals.some((a) => a.by === who.name))
      approve = "You have approved this wave.";
  }
  let confirm: true | string = personal;
  if (confirm === true) {
    if (!s.isLatest) confirm = superseded;
    else if (!s.gates) confirm = noWave;
    else if (s.gates.authority && s.gates.resources) confirm = "Both checks are confirmed.";
  }
  let admit: true | string = write;
  if (admit === true) {
    if (who.kind !== "user") admit = "A person admits a wave.";
    else if (!s.result || !s.gates) admit = noWave;
    else if (s.admitted) admit = "This wave is already admitted.";
    else if (!s.result.eligibleToAdmit)
      admit = `The audit holds the wave (${[...new Set(s.result.findings.map((f) => f.id))].join(", ")}).`;
  }
  return { write, approve, confirm, admit };
}
