// The Wave checkpoint module: the sweeper (an escalation's advice), the demo plan and the ledgers' invariants.
import { sweepCheckpoints } from "../actions/checkpoint";
import { seedCheckpointDemo } from "../actions/checkpoint";
import type { Invariant } from "../actions/dbcheck";
import type { Module } from "./module";

const INVARIANTS: Invariant[] = [];

INVARIANTS.push({
  name: "each plan's revisions run 1, 2, 3, … and each names the one before as its parent",
  sql: `SELECT "planId" AS id FROM "GraphRevision" GROUP BY "planId" HAVING min(number) <> 1 OR max(number) <> count(*)
        UNION ALL SELECT id FROM "GraphRevision" WHERE (number = 1 AND "parentNumber" IS NOT NULL) OR (number > 1 AND "parentNumber" IS DISTINCT FROM number - 1)`,
  explain: "revisions are appended, never edited or removed; a newer one supersedes its parent",
});
INVARIANTS.push({
  name: "no approval by the proposer of the revision it approves",
  sql: `SELECT a.id FROM "Approval" a JOIN "GraphRevision" r ON r."planId" = a."planId" AND r.number = a.revision
        LEFT JOIN "Agent" g ON g.id = r."createdByAgentId" WHERE a."approverId" = COALESCE(r."createdById", g."ownerId")`,
  explain: "an approver may not approve a wave they proposed",
});
INVARIANTS.push({
  name: "every admitted wave's audit said eligibleToAdmit",
  sql: `SELECT id FROM "Checkpoint" WHERE decision = 'admit' AND (audit->>'eligibleToAdmit')::boolean IS NOT TRUE`,
  explain: "admit is refused unless the audit finds the next wave eligible",
});
INVARIANTS.push({
  name: "outcome records, approvals and checkpoints name a revision of their plan",
  sql: `SELECT o.id FROM "OutcomeRecord" o WHERE NOT EXISTS (SELECT 1 FROM "GraphRevision" r WHERE r."planId" = o."planId" AND r.number = o.revision)
        UNION ALL SELECT a.id FROM "Approval" a WHERE NOT EXISTS (SELECT 1 FROM "GraphRevision" r WHERE r."planId" = a."planId" AND r.number = a.revision)
        UNION ALL SELECT c.id FROM "Checkpoint" c WHERE NOT EXISTS (SELECT 1 FROM "GraphRevision" r WHERE r."planId" = c."planId" AND r.number = c.revision)`,
  explain: "evidence and decisions are bound to a graph revision that exists",
});

INVARIANTS.push({
  name: "each plan's roles are given and taken by its owner, each to one person or one agent",
  sql: `SELECT c.id FROM "PlanRoleChange" c JOIN "Plan" p ON p.id = c."planId"
        WHERE c."byId" <> p."ownerId" OR (c."userId" IS NULL) = (c."agentId" IS NULL)`,
  explain: "the owner assigns the roles, and the role log is the record of who did",
});
INVARIANTS.push({
  name: "an agent holds only the operator role, and only on its owner's plans",
  sql: `SELECT c.id FROM "PlanRoleChange" c JOIN "Plan" p ON p.id = c."planId" JOIN "Agent" a ON a.id = c."agentId"
        WHERE c.role <> 'operator' OR a."ownerId" <> p."ownerId"`,
  explain: "approving and confirming are a person's judgement; an owner gives roles only to her own agents",
});

export const CHECKPOINT_MODULE: Module = {
  name: "plans",
  // Listed after the councils (server/modules.ts): a table the council sweeper closes has its advice in the same tick.
  sweep: (db, now) => sweepCheckpoints(db, now).then(() => {}),
  seedDemo: (db, now) => seedCheckpointDemo(db.prisma, now),
  invariants: INVARIANTS,
};
