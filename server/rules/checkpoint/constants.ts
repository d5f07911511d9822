// The checkpoint's words and numbers: the canvas, the doors and the docs read them from here.

/** What a node's outcome record may say; only `success` lets a successor run (missing and partial are non-success). */
export const OUTCOME_STATUSES = ["success", "partial", "failed", "missing", "untrusted"] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const RISK_SEVERITIES = ["low", "medium", "high", "unknown"] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];

/** A risk at one of these severities holds the next wave until a policy or a person resolves it. */
export const UNRESOLVED_SEVERITIES: readonly RiskSeverity[] = ["high", "unknown"];

/** What a checkpoint may end in; `admit` is refused unless the audit says `eligibleToAdmit`. */
export const DECISIONS = ["hold", "revise", "escalate", "admit"] as const;
export type Decision = (typeof DECISIONS)[number];

/** A Round Table convened by `escalate` chooses among these; its result is advice, a person still decides. */
export const ESCALATION_OPTIONS = ["hold", "revise", "admit"] as const;

/** Findings of the graph-and-evidence stage, in the order the audit looks for them; any one makes the declaration invalid. */
export const DECLARATION_FINDING_IDS = [
  "duplicate-node-id",
  "unknown-dependency",
  "cycle",
  "outcome-unknown-node",
  "outcome-revision-mismatch",
  "duplicate-outcome",
  "success-missing-prerequisite-evidence",
  "finished-unknown-node",
  "incomplete-wave-evidence",
  "causal-same-wave",
  "duplicate-risk-id",
  "risk-revision-mismatch",
  "risk-unknown-node",
  "unknown-next-node",
  "already-completed-launch",
  "next-wave-dependency-not-success",
] as const;

/** Holds on a valid declaration, in the order the audit adds them; any one blocks admission. */
export const GATE_FINDING_IDS = [
  "approval-required",
  "assignment-gate-unsatisfied",
  "unresolved-risk",
  "wave-recovery-required",
] as const;

/** The only finding outside the spec: the input could not even be read (a throwing getter; never JSON). */
export const UNREADABLE_FINDING_ID = "unreadable-input";

/** What an audit speaks for: the supplied declaration's own consistency, never the world behind it. */
export const AUDIT_SCOPE = "supplied-declaration-consistency-only";

/** The roles of a plan's members: the owner is the plan's creator; every other role is the owner's to give. */
export const PLAN_ROLES = ["owner", "approver", "authority", "resources", "operator", "viewer"] as const;
export type PlanRole = (typeof PLAN_ROLES)[number];
export const ASSIGNABLE_ROLES = ["approver", "authority", "resources", "operator", "viewer"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
/** The only roles an agent may hold (one of the owner's own): approving and confirming are a person's judgement. */
export const AGENT_ROLES: readonly AssignableRole[] = ["operator"];

/** Who reads a plan: anyone, anyone signed in, or its owner, members and admins (the default). */
export const PLAN_VISIBILITIES = ["public", "signed_in", "invited"] as const;
export type PlanVisibility = (typeof PLAN_VISIBILITIES)[number];

/** The bounds of the approval gate's `approvalTtl`: how long an approval counts after it is given. */
export const APPROVAL_TTL_MIN_MS = 60_000;
export const APPROVAL_TTL_MAX_MS = 365 * 86_400_000;

/** The most nodes one revision of a plan holds (the schema's limit), titles and all. */
export const MAX_NODES = 5_000;
/** The most dependencies one revision holds, all nodes together: a plan's graph is sparse, a few per node. */
export const MAX_EDGES = 4 * MAX_NODES;
/** The most risks an imported declaration carries. */
export const MAX_RISKS = 1_000;
/** The most prerequisites one node names. */
export const MAX_DEPENDS_ON = 200;
