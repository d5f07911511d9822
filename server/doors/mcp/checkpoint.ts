// MCP tools of Wave checkpoints: create and revise plans, report outcomes, assess risks, approve, run checkpoints.
import { z } from "zod";
import {
  approve,
  assessRisk,
  confirmAssignment,
  createPlan,
  listPlans,
  planView,
  postOutcomes,
  readAudit,
  revisePlan,
  runCheckpoint,
  ZApprove,
  ZAssessRisk,
  ZAuditQuery,
  ZCheckpoint,
  ZConfirm,
  ZCreatePlan,
  ZOutcome,
  ZRevise,
} from "../../actions/checkpoint";
import { tool, type McpTool } from "./tool";

const planId = z.number().int().positive().describe("the plan's id (from list_plans)");

export const PLAN_TOOLS: McpTool[] = [
  tool({
    name: "list_plans",
    description:
      "List the plans: id, name, owner, latest revision, node and outcome counts, the last checkpoint's decision.",
    input: z.object({}),
    call: ({ db, who }) => listPlans(db, who),
  }),
  tool({
    name: "plan_state",
    description:
      "Read a plan at its latest revision (or an older, superseded `revision`): its waves (lanes), every node with its outcome, findings and risks, the proposed checkpoint (justFinished, nextWave), the audit of it now, the approval and assignment gates, risks with history and `toReassess`, recorded checkpoints, and `may` (what you may do, or why not).",
    input: z.object({
      plan_id: planId,
      revision: z.number().int().positive().optional().describe("an older revision to read"),
    }),
    call: ({ db, who, clock }, a) => planView(db, who, { id: a.plan_id, revision: a.revision }, clock()),
  }),
  tool({
    name: "create_plan",
    description:
      "Create a plan (people only; an agent reports on its owner's plans): a name and its graph as nodes, or a whole checkpoint declaration to import.",
    input: ZCreatePlan,
    call: ({ db, who, clock }, a) => createPlan(db, who, a, new Date(clock())),
  }),
  tool({
    name: "revise_plan",
    description:
      "Make a new immutable revision of a plan you (or your owner) own: the whole new graph, `parent` = the latest revision, a rationale and evidence references. Removing a node holds every successor that consumed its output unless you list it under `revalidated`.",
    input: ZRevise.extend({ plan_id: planId }),
    call: ({ db, who, clock }, { plan_id, ...body }) =>
      revisePlan(db, who, { id: plan_id, body }, new Date(clock())),
  }),
  tool({
    name: "post_outcome",
    description:
      "Report outcome records for nodes of the latest revision, as the orchestrator: status success, partial, failed, missing or untrusted, an evidence hash and provenance. Missing and partial are non-success. Records are appended, never replaced.",
    input: z.object({
      plan_id: planId,
      outcomes: z
        .array(ZOutcome)
        .min(1)
        .max(1_000)
        .describe("one record per node: {nodeId, status, evidenceHash, provenance?}"),
    }),
    call: ({ db, who, clock }, { plan_id, outcomes }) =>
      postOutcomes(db, who, { id: plan_id, body: { outcomes } }, new Date(clock())),
  }),
  tool({
    name: "assess_risk",
    description:
      "Assess or reassess a risk at the latest revision: severity low, medium, high or unknown (high and unknown hold the next wave), the nodes it affects and the evidence hash. Earlier assessments stay as history.",
    input: ZAssessRisk.extend({ plan_id: planId }),
    call: ({ db, who, clock }, { plan_id, ...body }) =>
      assessRisk(db, who, { id: plan_id, body }, new Date(clock())),
  }),
  tool({
    name: "approve",
    description:
      "Approve a proposed next wave (signed-in people only, never the wave's proposer). The approval binds to the plan, the revision and exactly these node ids; a superseding revision voids it.",
    input: ZApprove.extend({ plan_id: planId }),
    call: ({ db, who, clock }, { plan_id, ...body }) =>
      approve(db, who, { id: plan_id, body }, new Date(clock())),
  }),
  tool({
    name: "confirm_assignment",
    description:
      "Confirm the authority or the resources for a proposed next wave (signed-in people only), bound like an approval.",
    input: ZConfirm.extend({ plan_id: planId }),
    call: ({ db, who, clock }, { plan_id, ...body }) =>
      confirmAssignment(db, who, { id: plan_id, body }, new Date(clock())),
  }),
  tool({
    name: "read_audit",
    description:
      "A dry run of the checkpoint: the declaration built from the plan now (the exact JSON of the audit's schema) and its audit: pass, declarationValid, eligibleToAdmit, structuralBlocked, findings. Nothing is written.",
    input: ZAuditQuery.extend({ plan_id: planId }),
    call: ({ db, who }, { plan_id, ...query }) => readAudit(db, who, { id: plan_id, query }),
  }),
  tool({
    name: "run_checkpoint",
    description:
      "Run the checkpoint at the latest revision and record a decision: hold, revise (with newRevision, made in the same step), escalate (with council.seats, a Round Table on hold / revise / admit whose result is advice) or admit. Admit is refused unless the audit says eligibleToAdmit, and only a person admits; an agent may hold, revise or escalate.",
    input: ZCheckpoint.extend({ plan_id: planId }),
    call: ({ db, who, clock }, { plan_id, ...body }) =>
      runCheckpoint(db, who, { id: plan_id, body }, new Date(clock())),
  }),
];
