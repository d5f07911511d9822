// The Wave checkpoint actions: every door calls these and decides nothing itself.
export { createPlan, listPlans, type PlanSummary } from "./plans";
export { revisePlan } from "./revise";
export { postOutcome, postOutcomes } from "./outcomes";
export { assessRisk } from "./risks";
export { approve, confirmAssignment } from "./gates";
export { runCheckpoint, readAudit, type AuditAnswer, type CheckpointAnswer } from "./checkpoint";
export { planView } from "./view";
export type {
  CheckpointView,
  FindingView,
  GateView,
  NodeView,
  PlanMay,
  PlanView,
  RevisionSummary,
  RiskView,
} from "./view";
export type { Actor } from "./load";
export {
  ZApprove,
  ZAssessRisk,
  ZAuditQuery,
  ZCheckpoint,
  ZConfirm,
  ZCreatePlan,
  ZNode,
  ZOutcome,
  ZPostOutcomes,
  ZRevise,
} from "./schemas";
