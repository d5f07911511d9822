// The checkpoint rules' public surface: the audit, waves, revision diffs, prune impact, the declaration, proposals.
export { audit } from "./audit";
export {
  APPROVAL_TTL_MAX_MS,
  APPROVAL_TTL_MIN_MS,
  ASSIGNABLE_ROLES,
  AUDIT_SCOPE,
  DECISIONS,
  DECLARATION_FINDING_IDS,
  ESCALATION_OPTIONS,
  GATE_FINDING_IDS,
  MAX_DEPENDS_ON,
  MAX_EDGES,
  MAX_NODES,
  MAX_RISKS,
  OUTCOME_STATUSES,
  PLAN_ROLES,
  PLAN_VISIBILITIES,
  RISK_SEVERITIES,
  UNRESOLVED_SEVERITIES,
  type Decision,
  type OutcomeStatus,
  type RiskSeverity,
} from "./constants";
export { buildDeclaration, risksToReassess, type PlanState, type RiskState } from "./declaration";
export { diffRevisions, pruneImpact } from "./revisions";
export { unchangedClosures } from "./carry";
export { checkDeclaredWaves, proposeCheckpoint, stillToReassess, waveKey, type Proposal } from "./proposal";
export { CHECKPOINT_SCHEMA } from "./schema";
export type { AuditResult, Declaration } from "./types";
export { deriveWaves, lanes, type RevisionNode } from "./waves";
export {
  ROLE_TEXT,
  VISIBILITY_TEXT,
  assignRefusal,
  audienceOf,
  eitherAudience,
  invitedNow,
  mayRead,
  needsConsent,
  ownerRefusal,
  webhookRefusal,
  reportRefusal,
  ROLE_ACTIONS,
  rolesNow,
  steerRefusal,
  type AssignableRole,
  type Holder,
  type PlanAccess,
  type PlanAudience,
  type PlanRole,
  type PlanVisibility,
  type RoleAction,
} from "./roles";
export {
  approvalRefusal,
  withdrawRefusal,
  approvalExpiry,
  approvalStanding,
  checkStanding,
  confirmRefusal,
  stillNeeded,
  type ApprovalGate,
  type ApprovalStanding,
  type CheckKind,
  type GivenCheck,
} from "./gates";
export {
  isWebhookEvent,
  WEBHOOK_EVENTS,
  webhookEventRefusal,
  WEBHOOKS_MAX,
  type WebhookEvent,
} from "./webhooks";
export { chainDeclaration, layeredDeclaration, layeredNodes } from "./scale";
