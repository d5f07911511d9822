// The answers of Wave checkpoints, as schemas: what every door returns, in TypeScript's names (snake_case on the
// JSON API and MCP). The declaration and the audit's result are the original script's formats: they cross every
// door verbatim, keeping their own field names (eligibleToAdmit, justFinished), so a saved declaration is
// exactly what `npx parley checkpoint audit --input FILE` checks.
import { z } from "zod";
import {
  ASSIGNABLE_ROLES,
  AUDIT_SCOPE,
  DECISIONS,
  OUTCOME_STATUSES,
  RISK_SEVERITIES,
} from "../rules/checkpoint";
import { ZInstant, ZMay } from "./common";
import { verbatim } from "./wire";
import { ZMembers, ZTtl, ZVisibility } from "./checkpoint.members.schemas";

const ZIds = z.array(z.string());
const ZStatus = z.enum(OUTCOME_STATUSES);
const ZSeverity = z.enum(RISK_SEVERITIES);
/** Who did something: a person, or an agent with the person who owns it. */
const ZActor = z.object({
  kind: z.enum(["person", "agent"]),
  name: z.string(),
  owner: z.string().optional().describe("an agent's owner"),
});

// The original script's formats: the declaration the audit reads, and the audit's answer.
const ZDeclarationShape = z.object({
  graphRevision: z.number(),
  justFinished: ZIds,
  nodes: z.array(z.object({ id: z.string(), dependsOn: ZIds })),
  outcomes: z.array(
    z.object({ nodeId: z.string(), revision: z.number(), status: ZStatus, evidenceHash: z.string() }),
  ),
  risks: z.array(
    z.object({
      id: z.string(),
      revision: z.number(),
      severity: ZSeverity,
      affectedNodes: ZIds,
      evidenceHash: z.string(),
    }),
  ),
  nextWave: ZIds,
  approval: z.object({ required: z.boolean(), present: z.boolean() }),
  assignment: z.object({ authority: z.boolean(), resources: z.boolean() }),
});
export const ZDeclaration = verbatim(
  ZDeclarationShape.describe(
    "the checkpoint declaration, in the original format (field names as the audit's schema spells them)",
  ),
);

const ZAuditShape = z.object({
  pass: z.boolean(),
  declarationValid: z.boolean(),
  eligibleToAdmit: z.boolean(),
  structuralBlocked: z.boolean(),
  findings: z.array(
    z.object({
      severity: z.literal("critical"),
      id: z.string(),
      message: z.string(),
      nodeId: z.string().optional(),
      prerequisiteId: z.string().optional(),
      riskId: z.string().optional(),
    }),
  ),
  scope: z.literal(AUDIT_SCOPE),
});
export const ZAuditResult = verbatim(
  ZAuditShape.describe("the audit's answer, in the original format (eligibleToAdmit, findings…)"),
);

// A revision's record of what changed and what its validator checked.
const ZChanges = z.object({
  added: ZIds,
  removed: ZIds,
  rewired: z.array(z.object({ id: z.string(), before: ZIds, after: ZIds })),
  retitled: z.array(
    z.object({ id: z.string(), before: z.string().optional(), after: z.string().optional() }),
  ),
  impacted: ZIds.describe("successors that consumed a removed node's output"),
});
const ZValidatorResult = z.object({
  ok: z.literal(true),
  checks: z.array(z.string()),
  waves: z.number(),
  prune: z.object({ removed: ZIds, impacted: ZIds, revalidated: ZIds, held: ZIds }),
  carried: ZIds.describe("nodes whose outcome records were carried to this revision"),
  notes: z.array(z.string()),
});

export const ZWritten = z.object({
  number: z.number().describe("the new revision's number"),
  changes: ZChanges,
  validatorResult: ZValidatorResult,
  holds: ZIds,
});

export const ZPlanSummary = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  visibility: ZVisibility,
  createdAt: z.date(),
  revision: z.number(),
  nodes: z.number(),
  outcomes: z.number(),
  lastCheckpoint: z.object({ decision: z.string(), revision: z.number(), at: z.date() }).nullable(),
  yours: z.boolean(),
});

const ZCheckRecord = z.object({ by: z.string(), at: ZInstant, note: z.string() });
const ZAdvice = z.object({
  councilId: z.number(),
  status: z.string(),
  option: z.string().nullable(),
  lines: z.array(z.string()),
  ruling: z.object({ choice: z.string(), reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});

export const ZPlanView = z.object({
  plan: z.object({
    id: z.number(),
    name: z.string(),
    owner: z.string(),
    requiredApprovers: z.number(),
    approvalTtlMs: ZTtl,
    visibility: ZVisibility,
    createdAt: ZInstant,
  }),
  members: ZMembers,
  latest: z.number().describe("the latest revision's number"),
  revision: z.object({
    number: z.number(),
    parentNumber: z.number().nullable(),
    superseded: z.boolean(),
    supersededBy: z.number().nullable(),
    author: ZActor,
    createdAt: ZInstant,
    rationale: z.string(),
    evidenceRefs: z.array(z.string()),
    changes: ZChanges,
    validatorResult: ZValidatorResult,
    holds: ZIds,
  }),
  revisions: z.array(
    z.object({
      number: z.number(),
      parentNumber: z.number().nullable(),
      author: ZActor,
      createdAt: ZInstant,
      rationale: z.string(),
      superseded: z.boolean(),
      counts: z.object({ added: z.number(), removed: z.number(), rewired: z.number(), held: z.number() }),
    }),
  ),
  lanes: z.array(z.object({ wave: z.number(), nodeIds: ZIds })),
  nodes: z.array(
    z.object({
      id: z.string(),
      title: z.string().nullable(),
      dependsOn: ZIds,
      wave: z.number(),
      needsApproval: z.boolean(),
      held: z.boolean().describe("held by a prune until a later revision revalidates it"),
      change: z.enum(["added", "rewired"]).nullable(),
      status: ZStatus.nullable(),
      evidenceHash: z.string().nullable(),
      reportedBy: z.string().nullable(),
      role: z.enum(["justFinished", "next"]).nullable(),
      findings: z.array(
        z.object({ id: z.string(), message: z.string(), prerequisiteId: z.string().optional() }),
      ),
      risks: z.array(
        z.object({ id: z.string(), severity: ZSeverity, unresolved: z.boolean(), toReassess: z.boolean() }),
      ),
    }),
  ),
  removed: z
    .array(z.object({ id: z.string(), title: z.string().nullable(), dependsOn: ZIds }))
    .describe("nodes the parent revision had and this one removed"),
  proposal: z
    .union([
      z.object({
        justFinished: ZIds,
        nextWave: ZIds,
        wave: z.number(),
        proposer: z.string(),
        admitted: z.boolean(),
      }),
      z.object({ reason: z.string() }),
    ])
    .describe("the checkpoint the plan is at (latest revision only), or why there is none"),
  // The audit's own answer, verbatim, and beside it in this door's names where it comes from.
  audit: z
    .intersection(
      verbatim(ZAuditShape.loose()),
      z.looseObject({
        source: z.union([z.literal("now"), z.object({ checkpointId: z.number() })]),
      }),
    )
    .nullable()
    .describe("latest revision: the audit of the proposal now; superseded: the audit of its last checkpoint"),
  findings: z.array(z.object({ id: z.string(), message: z.string(), targets: ZIds })),
  gates: z
    .object({
      waveKey: z.string(),
      approvalRequired: z.boolean(),
      needed: z.number(),
      approvals: z
        .array(z.object({ by: z.string(), at: ZInstant, expiresAt: ZInstant.nullable() }))
        .describe("the approvals that count now, one per approver"),
      lapsed: z.array(z.string()).describe("approvals and confirmations given that no longer count, and why"),
      stillNeeded: z.array(z.string()).describe('who is still needed ("needs 1 more approver: ana or ben")'),
      authority: ZCheckRecord.nullable(),
      resources: ZCheckRecord.nullable(),
    })
    .nullable(),
  outcomes: z.array(
    z.object({
      nodeId: z.string(),
      revision: z.number(),
      status: ZStatus,
      evidenceHash: z.string(),
      provenance: z.string(),
      by: ZActor.nullable(),
      at: ZInstant,
    }),
  ),
  risks: z.array(
    z.object({
      id: z.string(),
      severity: ZSeverity,
      revision: z.number(),
      affectedNodes: ZIds,
      evidenceHash: z.string(),
      unresolved: z.boolean(),
      toReassess: z.boolean(),
      history: z.array(
        z.object({
          revision: z.number(),
          severity: ZSeverity,
          affectedNodes: ZIds,
          evidenceHash: z.string(),
          note: z.string(),
          by: ZActor.nullable(),
          at: ZInstant,
        }),
      ),
    }),
  ),
  checkpoints: z.array(
    z.object({
      id: z.number(),
      revision: z.number(),
      decision: z.string(),
      justFinished: ZIds,
      nextWave: ZIds,
      rationale: z.string(),
      by: ZActor.nullable(),
      at: ZInstant,
      declarationValid: z.boolean(),
      eligibleToAdmit: z.boolean(),
      findings: z.array(z.object({ id: z.string(), message: z.string() })),
      councilId: z.number().nullable(),
      advice: ZAdvice.nullable().describe("the Round Table's result, once it closed: advice, not a decision"),
    }),
  ),
  may: z
    .object({
      write: ZMay.describe("post outcomes and assess risks"),
      decide: ZMay.describe("revise the plan and record checkpoint decisions"),
      approve: ZMay,
      withdraw: ZMay.describe("withdraw your own approval of this wave, while it counts"),
      confirm: z.object({ authority: ZMay, resources: ZMay }),
      admit: ZMay,
      manage: ZMay.describe("assign roles and change the visibility and approval terms"),
    })
    .describe("what you may do now, or why not"),
  invitedAs: z
    .array(z.enum(ASSIGNABLE_ROLES))
    .describe(
      "the roles on this plan you are invited to and have not answered (invitations.accept with kind plan); they count for nothing until you accept",
    ),
  agentsInvited: z
    .array(
      z.object({ role: z.enum(ASSIGNABLE_ROLES), agent: z.object({ id: z.number(), name: z.string() }) }),
    )
    .describe(
      "your agents invited to a role on this plan, which you answer for (invitations.accept with kind plan and agent_id)",
    ),
  words: z.object({
    statuses: z.array(ZStatus).readonly(),
    severities: z.array(ZSeverity).readonly(),
    decisions: z.array(z.enum(DECISIONS)).readonly(),
  }),
});

export const ZAuditAnswer = z.object({
  revision: z.number(),
  justFinished: ZIds,
  nextWave: ZIds,
  declaration: ZDeclaration,
  audit: ZAuditResult,
  stillNeeded: z.array(z.string()).describe('who the gates still need ("needs 1 more approver: ana or ben")'),
  lapsed: z.array(z.string()).describe("approvals and confirmations given that no longer count, and why"),
});

export const ZCheckpointAnswer = z.object({
  id: z.number(),
  revision: z.number(),
  decision: z.enum(DECISIONS),
  justFinished: ZIds,
  nextWave: ZIds,
  declaration: ZDeclaration,
  audit: ZAuditResult,
  newRevision: z.number().nullable().describe("revise with a new graph: the revision it made"),
  escalation: z
    .object({ councilId: z.number().nullable(), note: z.string() })
    .nullable()
    .describe("escalate: the Round Table convened, or why none was"),
});

export const ZRecorded = z.object({ revision: z.number(), recorded: z.number() });
