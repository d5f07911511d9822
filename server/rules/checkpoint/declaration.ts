// From a plan's stored state to the exact declaration the schema describes, and which risks to reassess.
import type { OutcomeStatus, RiskSeverity } from "./constants";
import type { Declaration, DeclaredOutcome } from "./types";
import type { RevisionNode } from "./waves";

/** One reported outcome; other fields a store keeps (provenance, when) may ride along and are ignored. */
export type OutcomeRecord = { nodeId: string; revision: number; status: OutcomeStatus; evidenceHash: string };

/** A risk as it stands now (its latest assessment); its history stays in the store. */
export type RiskState = {
  id: string;
  severity: RiskSeverity;
  /** The graph revision of the latest assessment. */
  revision: number;
  affectedNodes: readonly string[];
  evidenceHash: string;
};

/** What the server loads for one checkpoint of one plan; plain data, no clock, nothing to look up. */
export type PlanState = {
  /** The graph revision the checkpoint is held at. */
  revision: number;
  nodes: readonly RevisionNode[];
  /**
   * Outcome records in the order they were reported, of any revision. A node's latest is the one of the
   * highest revision, the last reported among equals; a stale latest is kept, so the audit names it.
   */
  outcomes: readonly OutcomeRecord[];
  risks: readonly RiskState[];
  /** Wave N. */
  justFinished: readonly string[];
  /** Wave N+1, as proposed. */
  nextWave: readonly string[];
  approval: {
    /** How many approvers the gate needs; 0 means no approval is required. */
    requiredApprovers: number;
    /** Approvals still bound to this plan, revision and next wave, none by the wave's proposer. */
    approvals: number;
  };
  /** Each confirmed by someone; the store keeps who. */
  assignment: { authority: boolean; resources: boolean };
};

/** The declaration, keys in the schema's order, with fresh arrays: auditing it never reaches back into the state. */
export function buildDeclaration(state: PlanState): Declaration {
  const inRevision = new Set(state.nodes.map((node) => node.id));
  const latest = new Map<string, OutcomeRecord>();
  for (const record of state.outcomes) {
    const held = latest.get(record.nodeId);
    if (inRevision.has(record.nodeId) && (!held || record.revision >= held.revision))
      latest.set(record.nodeId, record);
  }
  const outcomes: DeclaredOutcome[] = [];
  for (const id of inRevision) {
    const record = latest.get(id);
    if (record)
      outcomes.push({
        nodeId: record.nodeId,
        revision: record.revision,
        status: record.status,
        evidenceHash: record.evidenceHash,
      });
  }
  const { requiredApprovers, approvals } = state.approval;
  return {
    graphRevision: state.revision,
    justFinished: [...state.justFinished],
    nodes: state.nodes.map((node) => ({ id: node.id, dependsOn: [...node.dependsOn] })),
    outcomes,
    risks: state.risks.map((risk) => ({
      id: risk.id,
      revision: risk.revision,
      severity: risk.severity,
      affectedNodes: [...risk.affectedNodes],
      evidenceHash: risk.evidenceHash,
    })),
    nextWave: [...state.nextWave],
    approval: {
      required: requiredApprovers > 0,
      present: approvals > 0 && approvals >= requiredApprovers,
    },
    assignment: { authority: state.assignment.authority, resources: state.assignment.resources },
  };
}

/** Risks whose affected nodes meet the wave just finished, once each, in the risks' order: these are reassessed. */
export function risksToReassess(
  risks: readonly { id: string; affectedNodes: readonly string[] }[],
  justFinished: readonly string[],
): string[] {
  const finished = new Set(justFinished);
  const ids = new Set<string>();
  for (const risk of risks) if (risk.affectedNodes.some((id) => finished.has(id))) ids.add(risk.id);
  return [...ids];
}
