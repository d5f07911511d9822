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
  assignRefusal,
  audienceOf,
  eitherAudience,
  holds,
  invitedNow,
  isMember,
  mayRead,
  needsConsent,
  ownerRefusal,
  webhookRefusal,
  reportRefusal,
  ROLE_ACTIONS,
  roleStandings,
  rolesNow,
  steerRefusal,
  type AssignableRole,
  type Asker,
  type Holder,
  type PlanAccess,
  type PlanAudience,
  type PlanRole,
  type PlanVisibility,
  type RoleAction,
  type RoleChange,
  type RoleStanding,
} from "@/server/rules/checkpoint/roles";
export {
  approvalRefusal,
  withdrawRefusal,
  approvalExpiry,
  approvalStanding,
  checkStanding,
  confirmRefusal,
  orList,
  stillNeeded,
  type ApprovalGate,
  type ApprovalStanding,
  type CheckKind,
  type GivenApproval,
  type GivenCheck,
} from "@/server/rules/checkpoint/gates";
export {
  isWebhookEvent,
  WEBHOOK_EVENTS,
  webhookEventRefusal,
  WEBHOOKS_MAX,
  type WebhookEvent,
} from "@/server/rules/checkpoint/webhooks";
