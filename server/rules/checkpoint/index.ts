// The checkpoint rules' public surface: the audit, waves, revision diffs, prune impact, the declaration, proposals.
export { audit } from "@/server/rules/checkpoint/audit";
export {
  AGENT_ROLES,
  APPROVAL_TTL_MAX_MS,
  APPROVAL_TTL_MIN_MS,
  ASSIGNABLE_ROLES,
  AUDIT_SCOPE,
  DECISIONS,
  DECLARATION_FINDING_IDS,
  ESCALATION_OPTIONS,
  GATE_FINDING_IDS,
  OUTCOME_STATUSES,
  PLAN_ROLES,
  PLAN_VISIBILITIES,
  RISK_SEVERITIES,
  UNREADABLE_FINDING_ID,
  UNRESOLVED_SEVERITIES,
  type Decision,
  type OutcomeStatus,
  type RiskSeverity,
} from "@/server/rules/checkpoint/constants";
export {
  buildDeclaration,
  risksToReassess,
  type OutcomeRecord,
  type PlanState,
  type RiskState,
} from "@/server/rules/checkpoint/declaration";
export {
  diffRevisions,
  pruneImpact,
  type Revision,
  type RevisionDiff,
} from "@/server/rules/checkpoint/revisions";
export { unchangedClosures } from "@/server/rules/checkpoint/carry";
export {
  checkDeclaredWaves,
  proposeCheckpoint,
  stillToReassess,
  waveKey,
  type Proposal,
} from "@/server/rules/checkpoint/proposal";
export { CHECKPOINT_SCHEMA } from "@/server/rules/checkpoint/schema";
export type {
  AuditResult,
  Declaration,
  DeclaredNode,
  DeclaredOutcome,
  DeclaredRisk,
  Finding,
  FindingId,
} from "@/server/rules/checkpoint/types";
export {
  deriveWaves,
  lanes,
  type Lane,
  type RevisionNode,
  type Waves,
} from "@/server/rules/checkpoint/waves";
export {
  ROLE_TEXT,
  VISIBILITY_TEXT,
  approvalRefusal,
  approvalStanding,
  assignRefusal,
  audienceOf,
  checkStanding,
  confirmRefusal,
  eitherAudience,
  holds,
  isMember,
  mayRead,
  orList,
  ownerRefusal,
  reportRefusal,
  rolesNow,
  steerRefusal,
  stillNeeded,
  type ApprovalGate,
  type ApprovalStanding,
  type AssignableRole,
  type Asker,
  type CheckKind,
  type GivenApproval,
  type GivenCheck,
  type Holder,
  type PlanAccess,
  type PlanAudience,
  type PlanRole,
  type PlanVisibility,
  type RoleChange,
} from "@/server/rules/checkpoint/roles";
