// Every finding the audit can make, each with one sentence a planner can act on.
import { UNREADABLE_FINDING_ID } from "./constants";
import type { DeclaredOutcome, DeclaredRisk, Finding, FindingId } from "./types";

// Ids are quoted as JSON so an id with spaces or quotes still reads unambiguously.
const q = (id: string) => JSON.stringify(id);
const critical = (
  id: FindingId,
  message: string,
  about: Omit<Finding, "severity" | "id" | "message"> = {},
) => ({
  severity: "critical" as const,
  id,
  message,
  ...about,
});

/** Why a node's evidence does not count: no outcome, a non-success status, or an outcome of another revision. */
function evidenceGap(outcome: DeclaredOutcome | undefined, graphRevision: number): string {
  if (!outcome) return "has no outcome";
  if (outcome.status !== "success") return `reported ${outcome.status}`;
  return `has an outcome for revision ${outcome.revision}, not ${graphRevision}`;
}

export const findings = {
  unreadable: (reason: string): Finding =>
    critical(UNREADABLE_FINDING_ID, `The declaration could not be read (${reason}); send plain JSON.`),

  duplicateNodeId: (nodeId: string): Finding =>
    critical("duplicate-node-id", `Node ${q(nodeId)} is declared again; the first declaration counts.`, {
      nodeId,
    }),
  unknownDependency: (nodeId: string, dependency: string): Finding =>
    critical("unknown-dependency", `Node ${q(nodeId)} depends on ${q(dependency)}, which is no node here.`, {
      nodeId,
    }),
  cycle: (nodeId: string, back: string): Finding =>
    critical(
      "cycle",
      `Node ${q(nodeId)} depends on ${q(back)}, which already depends on ${q(nodeId)}: the graph has a cycle.`,
      { nodeId, prerequisiteId: back },
    ),

  outcomeUnknownNode: (nodeId: string): Finding =>
    critical("outcome-unknown-node", `An outcome names ${q(nodeId)}, which is no node here.`, { nodeId }),
  outcomeRevisionMismatch: (outcome: DeclaredOutcome, graphRevision: number): Finding =>
    critical(
      "outcome-revision-mismatch",
      `The outcome of ${q(outcome.nodeId)} is bound to revision ${outcome.revision}, not this revision ${graphRevision}.`,
      { nodeId: outcome.nodeId },
    ),
  duplicateOutcome: (nodeId: string): Finding =>
    critical("duplicate-outcome", `Node ${q(nodeId)} has a second outcome; the first one is its outcome.`, {
      nodeId,
    }),
  successMissingPrerequisiteEvidence: (
    nodeId: string,
    prerequisiteId: string,
    outcome: DeclaredOutcome | undefined,
    graphRevision: number,
  ): Finding =>
    critical(
      "success-missing-prerequisite-evidence",
      `Node ${q(nodeId)} reports success, but its prerequisite ${q(prerequisiteId)} ${evidenceGap(outcome, graphRevision)}.`,
      { nodeId, prerequisiteId },
    ),

  finishedUnknownNode: (nodeId: string): Finding =>
    critical("finished-unknown-node", `justFinished names ${q(nodeId)}, which is no node here.`, { nodeId }),
  incompleteWaveEvidence: (nodeId: string, graphRevision: number): Finding =>
    critical(
      "incomplete-wave-evidence",
      `Just-finished node ${q(nodeId)} has no outcome for this revision ${graphRevision}.`,
      { nodeId },
    ),
  causalSameWave: (nodeId: string, prerequisiteId: string): Finding =>
    critical(
      "causal-same-wave",
      `Just-finished node ${q(nodeId)} depends on ${q(prerequisiteId)}, which cannot have finished in the same wave.`,
      { nodeId, prerequisiteId },
    ),

  duplicateRiskId: (risk: DeclaredRisk): Finding =>
    critical("duplicate-risk-id", `Risk ${q(risk.id)} is declared again; each risk id occurs once.`, {
      riskId: risk.id,
    }),
  riskRevisionMismatch: (risk: DeclaredRisk, graphRevision: number): Finding =>
    critical(
      "risk-revision-mismatch",
      `Risk ${q(risk.id)} was assessed at revision ${risk.revision}, not this revision ${graphRevision}.`,
      { riskId: risk.id },
    ),
  riskUnknownNode: (risk: DeclaredRisk, nodeId: string): Finding =>
    critical("risk-unknown-node", `Risk ${q(risk.id)} affects ${q(nodeId)}, which is no node here.`, {
      nodeId,
      riskId: risk.id,
    }),

  unknownNextNode: (nodeId: string): Finding =>
    critical("unknown-next-node", `nextWave names ${q(nodeId)}, which is no node here.`, { nodeId }),
  alreadyCompletedLaunch: (nodeId: string): Finding =>
    critical(
      "already-completed-launch",
      `Next-wave node ${q(nodeId)} already has an outcome; a rerun needs a new node in a new revision.`,
      { nodeId },
    ),
  nextWaveDependencyNotSuccess: (
    nodeId: string,
    prerequisiteId: string,
    outcome: DeclaredOutcome | undefined,
    graphRevision: number,
  ): Finding =>
    critical(
      "next-wave-dependency-not-success",
      `Next-wave node ${q(nodeId)} needs ${q(prerequisiteId)}, which ${evidenceGap(outcome, graphRevision)}.`,
      { nodeId, prerequisiteId },
    ),

  approvalRequired: (): Finding =>
    critical("approval-required", "The next wave needs approval and none is present; do not admit it yet."),
  assignmentGateUnsatisfied: (authority: boolean, resources: boolean): Finding =>
    critical(
      "assignment-gate-unsatisfied",
      !authority && !resources
        ? "Neither the authority nor the resources check is confirmed for the next wave; do not admit it yet."
        : `The ${authority ? "resources" : "authority"} check is not confirmed for the next wave; do not admit it yet.`,
    ),
  unresolvedRisk: (riskIds: readonly string[]): Finding =>
    critical(
      "unresolved-risk",
      `Risk ${riskIds.map(q).join(", ")} is high or unknown; a policy or a person must resolve it before admission.`,
    ),
  waveRecoveryRequired: (nodeIds: readonly string[]): Finding =>
    critical(
      "wave-recovery-required",
      `Just-finished node ${nodeIds.map(q).join(", ")} did not succeed; recovery review holds the next wave.`,
    ),
};
