// The Wave checkpoint actions: every door calls these and decides nothing itself.
export { createPlan, listPlans, type PlanSummary } from "./plans";
export { revisePlan } from "./revise";
export { postOutcome, postOutcomes } from "./outcomes";
export { assessRisk } from "./risks";
export { approve, confirmAssignment, withdrawApproval } from "./gates";
export {
  assignRole,
  changeSettings,
  planMembers,
  removeRole,
  type MembersAnswer,
  type MembersView,
  type MemberView,
} from "./members";
export { answerPlanInvitation, planInvitationsOf } from "./consent";
export { runCheckpoint, readAudit, type AuditAnswer, type CheckpointAnswer } from "./checkpoint";
export { planView, type PlanView } from "./view";
export type { NodeView, RemovedNode } from "./view.nodes";
export type { FindingView } from "./view.findings";
export type { AuditView, GateView } from "./view.standing";
export type { RiskView } from "./view.risks";
export type { CheckpointView, OutcomeView, RevisionSummary } from "./view.history";
export type { PlanMay } from "./view.may";
export type { Advice } from "./advice";
export { sweepCheckpoints } from "./sweep";
export type { Actor } from "./loaded";
export {
  ZApprove,
  ZAssessRisk,
  ZAssignRole,
  ZAuditQuery,
  ZCheckpoint,
  ZConfirm,
  ZCreatePlan,
  ZNode,
  ZOutcome,
  ZPlanSettings,
  ZPostOutcomes,
  ZRemoveRole,
  ZRevise,
} from "./schemas";
