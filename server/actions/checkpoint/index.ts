// The Wave checkpoint actions: every door calls these and decides nothing itself.
export { createPlan, listPlans, type PlanSummary } from "./plans";
export { revisePlan } from "./revise";
export { postOutcome, postOutcomes } from "./outcomes";
export { assessRisk } from "./risks";
export { approve, confirmAssignment, withdrawApproval } from "./gates";
export { assignRole, changeSettings, planMembers, removeRole } from "./members";
export { answerPlanInvitation, planInvitationsOf } from "./consent";
export { runCheckpoint, readAudit } from "./checkpoint";
export { planView, type PlanView } from "./view";
export type { NodeView } from "./view.nodes";
export { sweepCheckpoints } from "./sweep";
export {
  ZApprove,
  ZAssessRisk,
  ZAssignRole,
  ZAuditQuery,
  ZCheckpoint,
  ZConfirm,
  ZCreatePlan,
  ZOutcome,
  ZPlanSettings,
  ZPostOutcomes,
  ZRemoveRole,
  ZRevise,
} from "./schemas";
export { seedCheckpointDemo } from "./demo";
export {
  addWebhook,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  rotateWebhookSecret,
  ZAddWebhook,
  ZResend,
  ZWebhookRef,
} from "./webhooks";
