// The declaration a checkpoint audits and the answer the audit gives, as TypeScript sees them.
import type {
  AUDIT_SCOPE,
  DECLARATION_FINDING_IDS,
  GATE_FINDING_IDS,
  OutcomeStatus,
  RiskSeverity,
  UNREADABLE_FINDING_ID,
} from "./constants";

/** A work node of one graph revision; `dependsOn` names the nodes whose outputs it consumes. */
export type DeclaredNode = { id: string; dependsOn: string[] };

export type DeclaredOutcome = {
  nodeId: string;
  revision: number;
  status: OutcomeStatus;
  evidenceHash: string;
};

export type DeclaredRisk = {
  id: string;
  /** The graph revision the risk was assessed at. */
  revision: number;
  severity: RiskSeverity;
  affectedNodes: string[];
  evidenceHash: string;
};

/** Exactly what parley-checkpoint.schema.json describes (extra keys are allowed there and ignored here). */
export type Declaration = {
  graphRevision: number;
  /** Wave N: the nodes whose outcomes have just returned. */
  justFinished: string[];
  nodes: DeclaredNode[];
  outcomes: DeclaredOutcome[];
  risks: DeclaredRisk[];
  /** Wave N+1: the nodes proposed to launch. */
  nextWave: string[];
  approval: { required: boolean; present: boolean };
  assignment: { authority: boolean; resources: boolean };
};

export type DeclarationFindingId = (typeof DECLARATION_FINDING_IDS)[number];
export type GateFindingId = (typeof GATE_FINDING_IDS)[number];
export type FindingId =
  DeclarationFindingId | GateFindingId | `schema-${string}` | typeof UNREADABLE_FINDING_ID;

/**
 * One reason to refuse. The first three keys are the original bundle's; the rest are ours, added after them
 * so the canvas can draw each hold where it bites: `nodeId` is the node the finding is about (for the
 * unknown-* findings, the id that names no node), `prerequisiteId` the prerequisite it blames, `riskId` the risk.
 */
export type Finding = {
  severity: "critical";
  id: FindingId;
  message: string;
  nodeId?: string;
  prerequisiteId?: string;
  riskId?: string;
};

export type AuditResult = {
  /** The same as `declarationValid`; kept for the original bundle's readers. */
  pass: boolean;
  declarationValid: boolean;
  eligibleToAdmit: boolean;
  /** Valid, yet held by a gate (approval, assignment, risk or recovery). */
  structuralBlocked: boolean;
  findings: Finding[];
  scope: typeof AUDIT_SCOPE;
};
