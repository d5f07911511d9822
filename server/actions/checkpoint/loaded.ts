// A plan as a read hands it on: its revisions, outcome records, risks, gates, checkpoints and logs.
import type {
  AssignableRole,
  OutcomeStatus,
  PlanAccess,
  PlanVisibility,
  RevisionNode,
  RiskSeverity,
  RoleAction,
} from "../../rules/checkpoint";

/** Who did something: a person, or an agent (with its owner), as every door shows it. */
export type Actor = { kind: "person" | "agent"; name: string; owner?: string };

export type StoredNode = RevisionNode & { title?: string; needsApproval?: boolean };

export type RevisionRow = {
  number: number;
  parentNumber: number | null;
  nodes: StoredNode[];
  waves: string[][] | null;
  changes: Changes;
  evidenceRefs: string[];
  rationale: string;
  validatorResult: ValidatorResult;
  holds: string[];
  createdById: number | null;
  /** The person who proposed this revision's waves: its author, or the owner of the agent that wrote it. */
  proposerId: number | null;
  author: Actor;
  createdAt: Date;
};

export type Changes = {
  added: string[];
  removed: string[];
  rewired: { id: string; before: string[]; after: string[] }[];
  retitled: { id: string; before: string | undefined; after: string | undefined }[];
  /** Successors that consumed a removed node's output (pruneImpact). */
  impacted: string[];
};

export type ValidatorResult = {
  ok: true;
  checks: string[];
  waves: number;
  prune: { removed: string[]; impacted: string[]; revalidated: string[]; held: string[] };
  /** Nodes whose outcome records were carried to this revision (their whole prerequisite closure unchanged). */
  carried: string[];
  notes: string[];
};

export type OutcomeRow = {
  id: number;
  revision: number;
  nodeId: string;
  status: OutcomeStatus;
  evidenceHash: string;
  provenance: string;
  by: Actor | null;
  at: Date;
};

export type AssessmentRow = {
  revision: number;
  severity: RiskSeverity;
  affectedNodes: string[];
  evidenceHash: string;
  note: string;
  by: Actor | null;
  at: Date;
};

export type RiskRow = { id: string; assessments: AssessmentRow[] };

export type GateRow = {
  revision: number;
  nextWave: string[];
  waveKey: string;
  by: string;
  byId: number;
  at: Date;
};
/** An approval row: given (with its expiry, fixed then), or withdrawn by its giver. */
export type ApprovalRow = GateRow & { action: "approve" | "withdraw"; expiresAt: Date | null };
export type CheckRow = GateRow & { kind: "authority" | "resources"; note: string };

export type CheckpointRow = {
  id: number;
  revision: number;
  justFinished: string[];
  nextWave: string[];
  declaration: unknown;
  audit: unknown;
  decision: string;
  rationale: string;
  by: Actor | null;
  councilId: number | null;
  advice: unknown;
  at: Date;
};

/**
 * One row of the plan's role log, as loaded: who was invited to, given or lost which role, or answered an
 * invitation, by whom (the owner, or the invitee answering), when.
 */
export type RoleLogRow = {
  action: RoleAction;
  role: AssignableRole;
  userId: number | null;
  agentId: number | null;
  name: string;
  kind: "person" | "agent";
  /** An agent's owner. */
  owner?: string;
  by: string;
  at: Date;
};

export type SettingLogRow = {
  field: string;
  before: string | null;
  after: string | null;
  by: string;
  at: Date;
};

export type LoadedPlan = {
  plan: {
    id: number;
    name: string;
    ownerId: number;
    owner: string;
    requiredApprovers: number;
    /** How long an approval counts; null: until a superseding revision voids it. */
    approvalTtlMs: number | null;
    visibility: PlanVisibility;
    createdAt: Date;
  };
  /** Who may read and do what, as the role log stands now. */
  access: PlanAccess;
  roleLog: RoleLogRow[];
  settingLog: SettingLogRow[];
  /** Oldest first; the last is the latest, every other one superseded. */
  revisions: RevisionRow[];
  outcomes: OutcomeRow[];
  risks: RiskRow[];
  approvals: ApprovalRow[];
  checks: CheckRow[];
  checkpoints: CheckpointRow[];
};
