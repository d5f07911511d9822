// Creating a plan (from a form's graph, an imported JSON graph, or a whole declaration) and listing plans.
import type { z } from "zod";
import type { Db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import type { Who } from "../../identity";
import {
  audit,
  audienceOf,
  invitedNow,
  mayRead,
  rolesNow,
  type AssignableRole,
  type Declaration,
  type PlanVisibility,
  type RoleAction,
} from "../../rules/checkpoint";
import { fail, ok, type Result } from "../../rules/result";
import { person } from "../guard";
import { oneLine, parseInput } from "../input";
import { announcePlan } from "./events";
import { storedNodes, validateGraph } from "./graph";
import type { Changes, StoredNode, ValidatorResult } from "./loaded";
import { ZDeclarationBounds, type ZCreatePlan } from "./schemas";

type Imported = {
  nodes: StoredNode[];
  outcomes: Declaration["outcomes"];
  risks: Declaration["risks"];
  notes: string[];
  graphRevision: number;
};

/** A declaration is imported only if it matches the schema; its graph must then have waves like any revision. */
function importDeclaration(raw: unknown): Result<Imported> {
  const audited = audit(raw);
  const schemaFinding = audited.findings.find(
    (f) => f.id.startsWith("schema-") || f.id === "unreadable-input",
  );
  if (schemaFinding)
    return fail("invalid", `The declaration does not match the schema: ${schemaFinding.message}`);
  const bounded = parseInput(ZDeclarationBounds, raw);
  if (!bounded.ok) return fail("invalid", `The declaration is too large: ${bounded.message}`);
  const d = raw as Declaration;
  const gated = new Set(d.approval.required ? d.nextWave : []);
  const nodes: StoredNode[] = d.nodes.map((n) => ({
    id: n.id,
    // Extra keys are allowed in a declaration: a string title is kept for people.
    ...(typeof (n as { title?: unknown }).title === "string"
      ? { title: oneLine(String((n as { title?: unknown }).title)) }
      : {}),
    dependsOn: [...n.dependsOn],
    ...(gated.has(n.id) ? { needsApproval: true } : {}),
  }));
  const notes = [`Imported from a declaration at its graphRevision ${d.graphRevision}, as revision 1.`];
  const seen = new Set<string>();
  const outcomes = d.outcomes.filter((o) => {
    const keep = o.revision === d.graphRevision && !seen.has(o.nodeId);
    if (!keep) notes.push(`Skipped an outcome of "${o.nodeId}" (a repeat, or of revision ${o.revision}).`);
    seen.add(o.nodeId);
    return keep;
  });
  const riskIds = new Set<string>();
  const risks = d.risks.filter((r) => {
    const keep = r.revision === d.graphRevision && !riskIds.has(r.id);
    if (!keep) notes.push(`Skipped risk "${r.id}" (a repeat, or assessed at revision ${r.revision}).`);
    riskIds.add(r.id);
    return keep;
  });
  if (d.approval.required) notes.push(`The declaration's next wave is marked as needing approval.`);
  notes.push("Approvals and the assignment checks are given here by named people, never imported.");
  return ok({ nodes, outcomes, risks, notes, graphRevision: d.graphRevision });
}

/** A person creates a plan; revision 1 is its first graph. Who reads it is chosen now: invited unless said. */
export async function createPlan(
  db: Db,
  who: Who,
  input: z.output<typeof ZCreatePlan>,
  now: Date,
): Promise<Result<{ id: number; revision: number; notes: string[] }>> {
  const me = person(who);
  if (!me.ok) return me;
  const { name, nodes: given, declaration, waves, rationale } = input;
  if ((given === undefined) === (declaration === undefined))
    return fail("invalid", "Give the graph as nodes, or a whole declaration to import, and not both.");
  let imported: Imported | null = null;
  if (declaration !== undefined) {
    const d = importDeclaration(declaration);
    if (!d.ok) return d;
    imported = d.value;
  }
  const nodes = imported?.nodes ?? storedNodes(given!);
  const valid = validateGraph(nodes, waves);
  if (!valid.ok) return valid;
  const ids = new Set(nodes.map((n) => n.id));
  const unknownOutcome = imported?.outcomes.find((o) => !ids.has(o.nodeId));
  if (unknownOutcome)
    return fail("invalid", `An outcome names "${unknownOutcome.nodeId}", which is no node.`);
  const changes: Changes = {
    added: nodes.map((n) => n.id),
    removed: [],
    rewired: [],
    retitled: [],
    impacted: [],
  };
  const validatorResult: ValidatorResult = {
    ok: true,
    checks: valid.value.checks,
    waves: valid.value.count,
    prune: { removed: [], impacted: [], revalidated: [], held: [] },
    carried: [],
    notes: imported?.notes ?? [],
  };
  const provenance = imported ? `imported from a declaration at revision ${imported.graphRevision}` : "";
  const visibility: PlanVisibility = input.visibility ?? "invited";
  const plan = await db.$transaction(async (tx) => {
    const created = await tx.plan.create({
      data: {
        name,
        ownerId: me.value.userId,
        requiredApprovers: input.requiredApprovers ?? 1,
        approvalTtlMs: input.approvalTtlMs == null ? null : BigInt(input.approvalTtlMs),
        visibility,
        createdAt: now,
      },
      select: { id: true },
    });
    await tx.graphRevision.create({
      data: {
        planId: created.id,
        number: 1,
        nodes,
        waves: valid.value.waves ?? undefined,
        changes,
        evidenceRefs: imported ? [`declaration graphRevision ${imported.graphRevision}`] : [],
        rationale: rationale || (imported ? "Imported from a declaration." : "The first graph of the plan."),
        validatorResult,
        holds: [],
        createdById: me.value.userId,
        createdAt: now,
      },
    });
    if (imported?.outcomes.length)
      await tx.outcomeRecord.createMany({
        data: imported.outcomes.map((o) => ({
          planId: created.id,
          revision: 1,
          nodeId: o.nodeId,
          status: o.status,
          evidenceHash: o.evidenceHash,
          provenance,
          userId: me.value.userId,
          at: now,
        })),
      });
    for (const r of imported?.risks ?? []) {
      const risk = await tx.risk.create({ data: { planId: created.id, key: r.id }, select: { id: true } });
      await tx.riskAssessment.create({
        data: {
          riskId: risk.id,
          revision: 1,
          severity: r.severity,
          affectedNodes: r.affectedNodes,
          evidenceHash: r.evidenceHash,
          note: provenance,
          userId: me.value.userId,
          at: now,
        },
      });
    }
    const access = { ownerId: me.value.userId, owner: me.value.name, visibility, holders: [], invited: [] };
    await announcePlan(tx, { planId: created.id, audience: audienceOf(access) }, "created", {
      name,
      revision: 1,
    });
    return created;
  });
  return ok({ id: plan.id, revision: 1, notes: validatorResult.notes });
}

export type PlanSummary = {
  id: number;
  name: string;
  owner: string;
  visibility: PlanVisibility;
  createdAt: Date;
  revision: number;
  nodes: number;
  outcomes: number;
  lastCheckpoint: { decision: string; revision: number; at: Date } | null;
  yours: boolean;
};

/**
 * The plans `who` may read, newest first: public ones, signed_in ones for anyone signed in, invited ones for their
 * owner, their members and admins. The database narrows it (a role ever held, by id); the rules decide (one held now).
 */
export async function listPlans(db: Db, who: Who): Promise<Result<PlanSummary[]>> {
  const open: Prisma.PlanWhereInput[] = [{ visibility: "public" }];
  if (who.kind !== "anon") open.push({ visibility: "signed_in" });
  if (who.kind === "user")
    open.push(
      { ownerId: who.userId },
      { roleChanges: { some: { OR: [{ userId: who.userId }, { agent: { ownerId: who.userId } }] } } },
    );
  if (who.kind === "agent")
    open.push({ ownerId: who.ownerId }, { roleChanges: { some: { agentId: who.agentId } } });
  const plans = await db.plan.findMany({
    where: who.kind === "user" && who.admin ? {} : { OR: open },
    orderBy: { id: "desc" },
    take: 200,
    select: {
      id: true,
      name: true,
      ownerId: true,
      owner: { select: { name: true } },
      visibility: true,
      createdAt: true,
      roleChanges: {
        where:
          who.kind === "user"
            ? { OR: [{ userId: who.userId }, { agent: { ownerId: who.userId } }] }
            : who.kind === "agent"
              ? { agentId: who.agentId }
              : { id: -1 },
        orderBy: { id: "asc" },
        select: {
          action: true,
          role: true,
          userId: true,
          agentId: true,
          agent: { select: { ownerId: true } },
        },
      },
      revisions: { orderBy: { number: "desc" }, take: 1, select: { number: true, nodes: true } },
      checkpoints: { orderBy: { id: "desc" }, take: 1, select: { decision: true, revision: true, at: true } },
      _count: { select: { outcomes: true } },
    },
  });
  return ok(
    plans
      .filter((p) => {
        // Only `who`'s own rows (and her agents') were read: enough to say whether `who` is a member now.
        const mine = p.roleChanges.map(({ agent, ...r }) => ({
          ...r,
          agentOwnerId: agent?.ownerId ?? null,
          action: r.action as RoleAction,
          role: r.role as AssignableRole,
          name: "",
        }));
        return mayRead(
          {
            ownerId: p.ownerId,
            owner: p.owner.name,
            visibility: p.visibility as PlanVisibility,
            holders: rolesNow(mine),
            invited: invitedNow(mine),
          },
          who,
        );
      })
      .map((p) => ({
        id: p.id,
        name: p.name,
        owner: p.owner.name,
        visibility: p.visibility as PlanVisibility,
        createdAt: p.createdAt,
        revision: p.revisions[0]?.number ?? 0,
        nodes: (p.revisions[0]?.nodes as unknown[] | undefined)?.length ?? 0,
        outcomes: p._count.outcomes,
        lastCheckpoint: p.checkpoints[0] ?? null,
        yours: who.kind === "user" && who.userId === p.ownerId,
      })),
  );
}
