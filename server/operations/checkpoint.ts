// Wave checkpoints, declared once: plans and their revisions, outcome records, risks, the gates, the checkpoint
// and its dry run, and the declaration alone (the original script's format, for `npx parley checkpoint audit`).
import { z } from "zod";
import {
  approve,
  withdrawApproval,
  assignRole,
  assessRisk,
  changeSettings,
  confirmAssignment,
  createPlan,
  listPlans,
  planMembers,
  planView,
  postOutcome,
  postOutcomes,
  readAudit,
  removeRole,
  revisePlan,
  runCheckpoint,
  ZApprove,
  ZAssignRole,
  ZAssessRisk,
  ZAuditQuery,
  ZCheckpoint,
  ZConfirm,
  ZCreatePlan,
  ZOutcome,
  ZPlanSettings,
  ZPostOutcomes,
  ZRemoveRole,
  ZRevise,
} from "../actions/checkpoint";
import { ok } from "../rules/result";
import {
  ZAuditAnswer,
  ZCheckpointAnswer,
  ZDeclaration,
  ZPlanSummary,
  ZPlanView,
  ZRecorded,
  ZWritten,
} from "./checkpoint.schemas";
import { ZMembersAnswer, ZRoleChanged, ZSettingsChanged } from "./checkpoint.members.schemas";
import { onPlan, onPlanRun, ZId } from "./common";
import { ANYONE, idempotent, operation, PEOPLE, SIGNED_IN } from "./operation";
import { WEBHOOK_OPERATIONS } from "./webhooks";
import { verbatim } from "./wire";

const { planId } = onPlan;
const ZWaveQuery = ZAuditQuery.extend(onPlan);

/** An approval given or withdrawn: the wave it binds to, and how many of the needed approvals it holds now. */
const ZApprovalCount = z.object({
  revision: z.number(),
  nextWave: z.array(z.string()),
  approvals: z.number(),
  needed: z.number(),
});

export const CHECKPOINT_OPERATIONS = {
  list: operation({
    name: "plans.list",
    summary:
      "Every plan you may read, newest first: visibility, latest revision, node and outcome counts, the last checkpoint's decision.",
    input: z.object({}).strict(),
    output: z.array(ZPlanSummary),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/plans" },
    mcp: {
      tool: "list_plans",
      description:
        "List the plans you may read: id, name, owner, visibility, latest revision, node and outcome counts, the last checkpoint's decision.",
    },
    run: ({ db, who }) => listPlans(db, who),
  }),
  view: operation({
    name: "plans.view",
    summary:
      "The plan at its latest revision (?revision=N for an older, superseded one): lanes, nodes with outcomes, findings and risks, the proposal, gates, history, and what you may do.",
    input: z.object({ planId, revision: ZId.optional().describe("an older revision to read") }).strict(),
    output: ZPlanView,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/plans/:plan_id" },
    mcp: {
      tool: "plan_state",
      description:
        "Read a plan at its latest revision (or an older, superseded `revision`): its waves (lanes), every node with its outcome, findings and risks, the proposed checkpoint (just_finished, next_wave), the audit of it now, the approval and assignment gates, risks with history and `to_reassess`, recorded checkpoints, and `may` (what you may do, or why not).",
    },
    run: ({ db, who, now }, i) => planView(db, who, { id: i.planId, revision: i.revision }, now),
  }),
  audit: operation({
    name: "plans.audit",
    summary:
      "A dry run: the declaration a checkpoint would build now and its audit (?just_finished=a,b&next_wave=c to ask about other waves). Nothing is written.",
    input: ZWaveQuery,
    output: ZAuditAnswer,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/plans/:plan_id/audit" },
    mcp: {
      tool: "read_audit",
      description:
        "A dry run of the checkpoint: the declaration built from the plan now (the exact JSON of the audit's schema) and its audit: pass, declarationValid, eligibleToAdmit, structuralBlocked, findings. Nothing is written.",
    },
    run: ({ db, who, now }, i) => readAudit(db, who, i, now),
  }),
  declaration: operation({
    name: "plans.declaration",
    summary:
      "The declaration alone, exactly as the schema describes it: save it and run `npx parley checkpoint audit --input FILE`.",
    input: ZWaveQuery,
    output: ZDeclaration,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/plans/:plan_id/declaration" },
    run: async ({ db, who, now }, i) => {
      const r = await readAudit(db, who, i, now);
      return r.ok ? ok(r.value.declaration) : r;
    },
  }),
  create: operation({
    name: "plans.create",
    summary:
      "Create a plan (people): {name, nodes: [{id, title?, depends_on, needs_approval?}], waves?, required_approvers?, approval_ttl_ms?, visibility?} or {name, declaration} to import a whole checkpoint declaration. Visibility is invited unless said.",
    // The declaration is a document in the original format: its field names cross the doors as they stand.
    input: idempotent(ZCreatePlan.extend({ declaration: verbatim(ZCreatePlan.shape.declaration) })),
    output: z.object({ id: z.number(), revision: z.number(), notes: z.array(z.string()) }),
    callers: PEOPLE,
    kind: "write",
    bodyCap: "input",
    rest: { method: "POST", path: "/api/plans", status: 201 },
    mcp: {
      tool: "create_plan",
      description:
        "Create a plan (people only; an agent reports on its owner's plans): a name and its graph as nodes, or a whole checkpoint declaration to import; visibility public, signed_in or invited (the default).",
    },
    run: ({ db, who, now }, i) => createPlan(db, who, i, new Date(now)),
  }),
  revise: operation({
    name: "plans.revise",
    summary:
      "Revise (the owner or their agent): the whole new graph, its parent (the latest), rationale and evidence references; a prune holds each successor that consumed a removed output unless listed as revalidated.",
    input: idempotent(ZRevise.extend(onPlan)),
    output: ZWritten,
    callers: SIGNED_IN,
    kind: "write",
    bodyCap: "input",
    rest: { method: "POST", path: "/api/plans/:plan_id/revisions", status: 201 },
    mcp: {
      tool: "revise_plan",
      description:
        "Make a new immutable revision of a plan you (or your owner) own: the whole new graph, `parent` = the latest revision, a rationale and evidence references. Removing a node holds every successor that consumed its output unless you list it under `revalidated`.",
    },
    run: onPlanRun(revisePlan),
  }),
  postOutcome: operation({
    name: "plans.postOutcome",
    summary:
      "Report one node's outcome (the owner, an operator, or the owner's orchestrator agent): {node_id, status, evidence_hash, provenance?}.",
    input: ZOutcome.extend(onPlan),
    output: ZRecorded,
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/outcomes", status: 201 },
    run: onPlanRun(postOutcome),
  }),
  postOutcomes: operation({
    name: "plans.postOutcomes",
    summary: "Report several outcomes at once, all or none: {outcomes: [...]}.",
    input: ZPostOutcomes.extend(onPlan),
    output: ZRecorded,
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/outcomes/batch", status: 201 },
    mcp: {
      tool: "post_outcome",
      description:
        "Report outcome records for nodes of the latest revision, as the orchestrator: status success, partial, failed, missing or untrusted, an evidence hash and provenance. Missing and partial are non-success. Records are appended, never replaced.",
    },
    run: onPlanRun(postOutcomes),
  }),
  assessRisk: operation({
    name: "plans.assessRisk",
    summary:
      "Assess or reassess a risk (the owner, an operator, or the owner's agent): {risk_id, severity, affected_nodes, evidence_hash, note?}; the history is kept.",
    input: ZAssessRisk.extend(onPlan),
    output: z.object({
      riskId: z.string(),
      revision: z.number(),
      severity: z.string(),
      previous: z.string().nullable().describe("the severity it had before, if it was assessed"),
    }),
    callers: SIGNED_IN,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/risks", status: 201 },
    mcp: {
      tool: "assess_risk",
      description:
        "Assess or reassess a risk at the latest revision: severity low, medium, high or unknown (high and unknown hold the next wave), the nodes it affects and the evidence hash. Earlier assessments stay as history.",
    },
    run: onPlanRun(assessRisk),
  }),
  approve: operation({
    name: "plans.approve",
    summary:
      "Approve the proposed next wave (an approver of the plan, never its proposer): {revision, next_wave}; the approval binds to both, and expires after the plan's approval_ttl_ms if it has one.",
    input: ZApprove.extend(onPlan),
    output: ZApprovalCount,
    callers: PEOPLE,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/plans/:plan_id/approvals", status: 201 },
    mcp: {
      tool: "approve",
      description:
        "Approve a proposed next wave (people holding the plan's approver role only, never the wave's proposer). The approval binds to the plan, the revision and exactly these node ids; a superseding revision voids it, and so does its expiry (approval_ttl_ms) or the approver role being taken back.",
    },
    run: onPlanRun(approve),
  }),
  withdrawApproval: operation({
    name: "plans.withdrawApproval",
    summary:
      "Withdraw your approval of the proposed next wave (an approver who approved it): {revision, next_wave}; the gate counts it no longer.",
    input: ZApprove.extend(onPlan),
    output: ZApprovalCount,
    callers: PEOPLE,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/plans/:plan_id/approvals/withdraw" },
    mcp: {
      tool: "withdraw_approval",
      description:
        "Withdraw your approval of a proposed next wave (the same revision and node ids you approved): it stops counting toward the gate at once; you may approve again later.",
    },
    run: onPlanRun(withdrawApproval),
  }),
  confirm: operation({
    name: "plans.confirm",
    summary:
      "Confirm the authority or the resources for the proposed next wave (a member holding that role): {kind, revision, next_wave}.",
    input: ZConfirm.extend(onPlan),
    output: z.object({ revision: z.number(), kind: z.string(), nextWave: z.array(z.string()) }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/plans/:plan_id/assignment", status: 201 },
    mcp: {
      tool: "confirm_assignment",
      description:
        "Confirm the authority or the resources for a proposed next wave (people holding the plan's authority or resources role only), bound like an approval.",
    },
    run: onPlanRun(confirmAssignment),
  }),
  checkpoint: operation({
    name: "plans.checkpoint",
    summary:
      "Run a checkpoint and record the decision: {revision, decision: hold|revise|escalate|admit, rationale, just_finished?, next_wave?, new_revision?, council?}. Admit is refused unless eligibleToAdmit, and only a person admits.",
    input: ZCheckpoint.extend(onPlan),
    output: ZCheckpointAnswer,
    // The owner or the owner's agents; the action lets only a person admit.
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/plans/:plan_id/checkpoints", status: 201 },
    mcp: {
      tool: "run_checkpoint",
      description:
        "Run the checkpoint at the latest revision and record a decision: hold, revise (with new_revision, made in the same step), escalate (with council.seats, a Round Table on hold / revise / admit whose result is advice) or admit. Admit is refused unless the audit says eligibleToAdmit, and only a person admits; an agent may hold, revise or escalate.",
    },
    run: onPlanRun(runCheckpoint),
  }),
  members: operation({
    name: "plans.members",
    summary:
      "Who holds which role on the plan (owner, approver, authority, resources, operator, viewer), what each may do, and every change of the roles and settings, with who and when.",
    input: z.object(onPlan).strict(),
    output: ZMembersAnswer,
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/plans/:plan_id/members" },
    mcp: {
      tool: "plan_members",
      description:
        "Read who holds which role on a plan (the owner, approvers, authority, resources, operators, viewers), the plan's visibility and approval terms, and the append-only record of every role and settings change.",
    },
    run: ({ db, who }, i) => planMembers(db, who, { id: i.planId }),
  }),
  assignRole: operation({
    name: "plans.assignRole",
    summary:
      "Give a role (the owner): {role: approver|authority|resources|operator|viewer, person} by account name, or {role: operator, agent} an agent by id; recorded with who and when. Another person, or another person's agent, is invited (action: invite) and the role counts only once they (or the agent's owner) accept (invitations.accept); yourself and your own agents hold it at once.",
    input: ZAssignRole.extend(onPlan),
    output: ZRoleChanged,
    callers: PEOPLE,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/plans/:plan_id/roles", status: 201 },
    mcp: {
      tool: "assign_role",
      description:
        "Give a role on a plan you own to a person (by account name: an invitation that counts once they accept it) or, as operator, to an agent by id (yours at once; another person's is invited and its owner answers).",
    },
    run: onPlanRun(assignRole),
  }),
  removeRole: operation({
    name: "plans.removeRole",
    summary:
      "Take a role back (the owner), or withdraw an unanswered invitation to it: {role, person} or {role, agent}; what the holder gave while holding it stops counting.",
    input: ZRemoveRole.extend(onPlan),
    output: ZRoleChanged,
    callers: PEOPLE,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/plans/:plan_id/roles/remove" },
    mcp: {
      tool: "remove_role",
      description:
        "Take a role back on a plan you own, or withdraw an invitation to it; an approval or a confirmation its holder gave stops counting.",
    },
    run: onPlanRun(removeRole),
  }),
  settings: operation({
    name: "plans.settings",
    summary:
      "Change the plan's settings (the owner): {visibility?: public|signed_in|invited, required_approvers?, approval_ttl_ms? (null: approvals do not expire)}; each change is recorded. An approval's expiry is fixed when it is given: a later approval_ttl_ms applies to approvals given after it.",
    input: ZPlanSettings.extend(onPlan),
    output: ZSettingsChanged,
    callers: PEOPLE,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/plans/:plan_id/settings" },
    mcp: {
      tool: "plan_settings",
      description:
        "Change who reads a plan you own (public, signed_in or invited), how many approvers a gated wave needs, and how long an approval counts (approval_ttl_ms; null: until a superseding revision). It applies to approvals given from then on; one already given keeps the expiry it was given with.",
    },
    run: onPlanRun(changeSettings),
  }),
  ...WEBHOOK_OPERATIONS,
};
