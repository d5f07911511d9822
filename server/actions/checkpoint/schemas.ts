// The checkpoint actions' inputs, one zod schema each; their .describe() texts document the JSON API and MCP, so
// they name fields as those doors spell them (snake_case); a declaration keeps its own names (graphRevision…).
import { z } from "zod";
import {
  APPROVAL_TTL_MAX_MS,
  APPROVAL_TTL_MIN_MS,
  ASSIGNABLE_ROLES,
  DECISIONS,
  MAX_DEPENDS_ON,
  MAX_EDGES,
  MAX_NODES,
  MAX_RISKS,
  OUTCOME_STATUSES,
  PLAN_VISIBILITIES,
  RISK_SEVERITIES,
} from "../../rules/checkpoint";
import { ZConvene } from "../council";
import { INSTEAD_OF, LARGEST_AS, TOTAL_ITEMS, ZOneLine } from "../input";

/** A plan operation's input as the operation parsed it, handed to its action: the plan's id beside the fields. */
export type OnPlan<S extends z.ZodType> = z.output<S> & { planId: number };

/** Node and risk ids are exact strings with a non-space character, as in the declaration's schema. */
export const ZNodeId = z
  .string()
  .min(1, "use a non-empty id")
  .max(120, "use at most 120 characters")
  .regex(/\S/, "use an id with a non-space character");

export const ZNode = z
  .object({
    id: ZNodeId.describe("the node's id, unique in the revision (e.g. scan)"),
    title: ZOneLine.max(200).optional().describe("a short title for people, one line"),
    dependsOn: z
      .array(ZNodeId)
      .max(MAX_DEPENDS_ON)
      .default([])
      .describe("the ids of the nodes whose outputs this node consumes")
      // All nodes' together are within MAX_EDGES (ZNodes' refinement): the body cap counts them once.
      .meta({ [TOTAL_ITEMS]: MAX_EDGES }),
    needsApproval: z
      .boolean()
      .optional()
      .describe("true: a wave with this node needs the plan's N approvals before it is admitted"),
  })
  // A misspelt key ("approval" for needsApproval) is refused by name, never silently dropped.
  .strict();
export type NodeInput = z.infer<typeof ZNode>;

/** At most `max` items in all the inner arrays together (a graph's edges, a plan's waves). */
const totalAtMost =
  <T>(max: number, what: string, of: (item: T) => readonly unknown[]) =>
  (items: readonly T[], ctx: z.RefinementCtx) => {
    let total = 0;
    for (const item of items) total += of(item).length;
    if (total > max)
      ctx.addIssue({ code: "custom", message: `use at most ${max.toLocaleString("en")} ${what}` });
  };

const ZNodes = z
  .array(ZNode)
  .min(1, "give at least one node")
  .max(MAX_NODES, `use at most ${MAX_NODES.toLocaleString("en")} nodes`)
  .superRefine(totalAtMost(MAX_EDGES, "dependencies in all", (n: NodeInput) => n.dependsOn));
const ZWaves = z
  .array(z.array(ZNodeId).meta({ [TOTAL_ITEMS]: MAX_NODES }))
  .max(MAX_NODES)
  .superRefine(totalAtMost(MAX_NODES, "node ids in all the waves", (w: string[]) => w))
  .optional()
  .describe("declared waves, each a list of node ids, first to last; omit to derive them (longest path)");
const ZHash = z
  .string()
  .min(1, "give an evidence hash")
  .max(200, "use at most 200 characters")
  .regex(/\S/, "use a hash with a non-space character");
const ZRevision = z.number().int().min(1).max(1_000_000);
const ZWave = z.array(ZNodeId).min(1, "name at least one node").max(MAX_NODES);

const ZRequiredApprovers = z
  .number()
  .int()
  .min(1)
  .max(9)
  .describe(
    "N: how many distinct approvers (people holding the plan's approver role, never the wave's proposer) must approve a wave with a needs_approval node (default 1)",
  );
const ZApprovalTtl = z
  .number()
  .int()
  .min(APPROVAL_TTL_MIN_MS, `an approval lives at least ${APPROVAL_TTL_MIN_MS} ms`)
  .max(APPROVAL_TTL_MAX_MS, `an approval lives at most ${APPROVAL_TTL_MAX_MS} ms (a year)`)
  .nullable()
  .describe(
    "how long an approval counts after it is given, in ms (the gate's approvalTtl), fixed on each approval when it is given; null or omitted: until a superseding revision voids it",
  );
const ZVisibility = z
  .enum(PLAN_VISIBILITIES)
  .describe(
    "who reads the plan: public (anyone, guests included), signed_in (anyone signed in) or invited (its owner, its members and admins; the default)",
  );

/**
 * The sizes an imported declaration keeps to, on top of the audit's schema (which sets none): a revision's own
 * limits, so an import is no larger than the same graph given as nodes. Extra keys pass, as the schema allows.
 */
export const ZDeclarationBounds = z.object({
  graphRevision: z.number(),
  justFinished: z.array(ZNodeId).max(MAX_NODES),
  nodes: z
    .array(
      z.object({
        id: ZNodeId,
        title: z.string().max(200).optional(),
        dependsOn: z
          .array(ZNodeId)
          .max(MAX_DEPENDS_ON)
          .meta({ [TOTAL_ITEMS]: MAX_EDGES }),
      }),
    )
    .max(MAX_NODES, `use at most ${MAX_NODES.toLocaleString("en")} nodes`)
    .superRefine(totalAtMost(MAX_EDGES, "dependencies in all", (n: { dependsOn: string[] }) => n.dependsOn)),
  outcomes: z
    .array(
      z.object({
        nodeId: ZNodeId,
        revision: z.number(),
        status: z.enum(OUTCOME_STATUSES),
        evidenceHash: ZHash,
      }),
    )
    .max(MAX_NODES),
  risks: z
    .array(
      z.object({
        id: ZNodeId,
        revision: z.number(),
        severity: z.enum(RISK_SEVERITIES),
        affectedNodes: z
          .array(ZNodeId)
          .max(MAX_NODES)
          .meta({ [TOTAL_ITEMS]: MAX_NODES }),
        evidenceHash: ZHash,
      }),
    )
    .max(MAX_RISKS)
    .superRefine(
      totalAtMost(
        MAX_NODES,
        "affected nodes in all the risks",
        (r: { affectedNodes: string[] }) => r.affectedNodes,
      ),
    ),
  nextWave: z.array(ZNodeId).max(MAX_NODES),
  approval: z.object({ required: z.boolean(), present: z.boolean() }),
  assignment: z.object({ authority: z.boolean(), resources: z.boolean() }),
});

export const ZCreatePlan = z
  .object({
    name: ZOneLine.min(1, "give the plan a name").max(120).describe("the plan's name, one line"),
    requiredApprovers: ZRequiredApprovers.optional(),
    approvalTtlMs: ZApprovalTtl.optional(),
    visibility: ZVisibility.optional(),
    nodes: ZNodes.optional().describe(
      "the graph: [{id, title?, depends_on[], needs_approval?}] (or give declaration)",
    ),
    waves: ZWaves,
    declaration: z
      .unknown()
      .optional()
      .describe(
        "instead of nodes: a whole checkpoint declaration (the audit's JSON); its nodes, outcomes and risks are imported at revision 1",
      )
      // Taken as it stands (the audit reads it); its largest accepted form is ZDeclarationBounds'.
      .meta({
        [LARGEST_AS]: z.toJSONSchema(ZDeclarationBounds, { io: "input", unrepresentable: "any" }),
        [INSTEAD_OF]: "nodes",
      }),
    rationale: z.string().trim().max(2_000).optional().describe("why this plan, in a sentence"),
  })
  .strict();

export const ZRevise = z
  .object({
    parent: ZRevision.describe("the revision you revise: it must still be the latest"),
    nodes: ZNodes.describe("the whole new graph: [{id, title?, depends_on[], needs_approval?}]"),
    waves: ZWaves,
    rationale: z
      .string()
      .trim()
      .min(1, "say why the graph changes")
      .max(2_000)
      .describe("the decision's rationale"),
    evidenceRefs: z
      .array(ZOneLine.min(1).max(300))
      .min(1, "cite at least one piece of evidence")
      .max(50)
      .describe("evidence references (hashes, links) that motivate the change"),
    revalidated: z
      .array(ZNodeId)
      .max(MAX_NODES)
      .optional()
      .describe(
        "successors of a pruned node whose replacement contract you revalidated; every other successor that consumed a removed output is held",
      ),
  })
  .strict();

export const ZOutcome = z
  .object({
    nodeId: ZNodeId.describe("the node reported on"),
    status: z.enum(OUTCOME_STATUSES).describe("success, partial, failed, missing or untrusted"),
    evidenceHash: ZHash.describe("the hash of the evidence (e.g. a sha256 of the run's output)"),
    provenance: z
      .string()
      .trim()
      .max(300)
      .optional()
      .describe("who or what produced the evidence (e.g. ci run 4411); the reporter is recorded anyway"),
    revision: ZRevision.optional().describe("the revision reported against (default: the latest)"),
  })
  .strict();

export const ZPostOutcomes = z
  .object({ outcomes: z.array(ZOutcome).min(1).max(1_000).describe("one record per node") })
  .strict();

export const ZAssessRisk = z
  .object({
    riskId: ZNodeId.describe("the risk's id (e.g. R7); a new id starts a risk, a known one is reassessed"),
    severity: z
      .enum(RISK_SEVERITIES)
      .describe("low, medium, high or unknown (high and unknown hold the next wave)"),
    affectedNodes: z.array(ZNodeId).max(MAX_NODES).describe("the node ids the risk touches"),
    evidenceHash: ZHash.describe("the hash of the evidence the assessment rests on"),
    note: z.string().trim().max(1_000).optional().describe("what changed, in a sentence"),
    revision: ZRevision.optional().describe("the revision assessed at (default: the latest)"),
  })
  .strict();

export const ZApprove = z
  .object({
    revision: ZRevision.describe("the revision you approve (the latest)"),
    nextWave: ZWave.describe("exactly the proposed next wave's node ids: the approval binds to them"),
  })
  .strict();

export const ZConfirm = z
  .object({
    kind: z.enum(["authority", "resources"]).describe("which assignment check you confirm"),
    revision: ZRevision.describe("the revision (the latest)"),
    nextWave: ZWave.describe("exactly the proposed next wave's node ids"),
    note: z.string().trim().max(1_000).optional().describe("on what grounds"),
  })
  .strict();

/** The seats exactly as convening a Round Table takes them, so every door names their fields as convene's do. */
export const ZCouncilSeats = ZConvene.shape.seats.describe(
  "escalate only: the Round Table's 3–8 seats, as convene takes them",
);

export const ZCheckpoint = z
  .object({
    revision: ZRevision.describe("the revision the checkpoint is held at (the latest)"),
    justFinished: ZWave.optional().describe("wave N's node ids (default: the plan's proposal)"),
    nextWave: ZWave.optional().describe("the proposed wave N+1's node ids (default: the plan's proposal)"),
    decision: z.enum(DECISIONS).describe("hold, revise, escalate or admit (admit only when eligibleToAdmit)"),
    rationale: z.string().trim().min(1, "say why").max(2_000).describe("why this decision"),
    newRevision: ZRevise.omit({ parent: true, rationale: true })
      .optional()
      .describe("revise only: the new graph, made a revision in the same step (rationale = this rationale)"),
    council: z
      .object({ seats: ZCouncilSeats, round_deadline_ms: z.number().int().optional() })
      .strict()
      .optional()
      .describe("escalate only: seat a Round Table on hold / revise / admit; its result is advice"),
  })
  .strict();

export const ZAuditQuery = z.object({ justFinished: ZWave.optional(), nextWave: ZWave.optional() }).strict();

/** Whom a role is given to (or taken from): a person by account name, or an agent by id (operator only). */
const ZRoleTarget = {
  role: z.enum(ASSIGNABLE_ROLES).describe("approver, authority, resources, operator or viewer"),
  person: z
    .string()
    .trim()
    .min(1, "name the person (their account name)")
    .max(120)
    .optional()
    .describe("the person's account name (or give agent)"),
  agent: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe(
      "instead of person: an agent's id (operator only): yours holds it at once, another person's is invited and its owner answers",
    ),
};

export const ZAssignRole = z.object(ZRoleTarget).strict();
export const ZRemoveRole = z.object(ZRoleTarget).strict();

export const ZPlanSettings = z
  .object({
    visibility: ZVisibility.optional(),
    requiredApprovers: ZRequiredApprovers.optional(),
    approvalTtlMs: ZApprovalTtl.optional(),
  })
  .strict();
