// The plans at the other doors, on a real database: an orchestrator over MCP with its token, the pages' tRPC
// procedures and their failure codes, and the demo's trace laid out once.
import { describe, expect, it } from "vitest";
import example from "../../rules/checkpoint/fixtures/checkpoint-valid.json" with { type: "json" };
import { seedCheckpointDemo } from "../../actions/checkpoint/demo";
import { ANON } from "../../identity";
import { audit } from "../../rules/checkpoint";
import { api, callTool, mcpClient } from "../../testing/doors";
import { makeUser } from "../../testing/db";
import { createCaller } from "../trpc";
import { fixedClock } from "../../clock";
import {
  agentOf as orchestratorOf,
  clock,
  db,
  usePlansDatabase,
  wireGraph as graph,
} from "../../testing/plans";

usePlansDatabase();

describe("MCP", () => {
  it("an orchestrator with a token reads the plan, posts outcomes, assesses a risk and holds; approve is for people", async () => {
    const planner = await makeUser(db, "mcp-planner");
    const id = (
      await api(db.prisma, planner, { clock })("POST", "/api/plans", { name: "Over MCP", ...graph })
    ).body.id as number;
    const client = await mcpClient(db.prisma, await orchestratorOf(planner, "mcp-orchestrator"), clock);
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const name of [
      "list_plans",
      "plan_state",
      "revise_plan",
      "post_outcome",
      "assess_risk",
      "run_checkpoint",
      "read_audit",
    ])
      expect(names).toContain(name);
    // The people-only tools are not listed to an agent, which could never use them.
    for (const name of ["create_plan", "approve", "confirm_assignment"]) expect(names).not.toContain(name);
    expect(
      await callTool(client, "post_outcome", {
        plan_id: id,
        outcomes: [{ node_id: "scan", status: "success", evidence_hash: "h1", provenance: "ci 9" }],
      }),
    ).toMatchObject({ isError: false, json: { revision: 1, recorded: 1 } });
    expect(
      await callTool(client, "assess_risk", {
        plan_id: id,
        risk_id: "R7",
        severity: "high",
        affected_nodes: ["scan"],
        evidence_hash: "h1",
      }),
    ).toMatchObject({ isError: false, json: { risk_id: "R7", severity: "high", previous: null } });
    const read = await callTool(client, "read_audit", { plan_id: id });
    expect(read.json.audit.findings.map((f: { id: string }) => f.id)).toEqual([
      "assignment-gate-unsatisfied",
      "unresolved-risk",
    ]);
    expect(read.json.declaration.risks[0]).toMatchObject({ id: "R7", affectedNodes: ["scan"] });
    const state = await callTool(client, "plan_state", { plan_id: id });
    expect(state.json.risks[0]).toMatchObject({ id: "R7", to_reassess: false, unresolved: true });
    expect(state.json.audit).toMatchObject({ eligibleToAdmit: false, source: "now" });
    expect(
      await callTool(client, "run_checkpoint", {
        plan_id: id,
        revision: 1,
        decision: "admit",
        rationale: "go",
      }),
    ).toMatchObject({ isError: true, text: expect.stringContaining("forbidden") });
    expect(
      await callTool(client, "run_checkpoint", {
        plan_id: id,
        revision: 1,
        decision: "hold",
        rationale: "R7 high",
      }),
    ).toMatchObject({ isError: false, json: { decision: "hold", new_revision: null, escalation: null } });
    expect(
      await callTool(client, "approve", { plan_id: id, revision: 1, next_wave: ["patch-X"] }),
    ).toMatchObject({ isError: true, text: expect.stringMatching(/^forbidden: Only a signed-in person/) });
    const revised = await callTool(client, "revise_plan", {
      plan_id: id,
      parent: 1,
      nodes: [...graph.nodes, { id: "notify", depends_on: ["publish"] }],
      rationale: "tell people",
      evidence_refs: ["h1"],
    });
    expect(revised).toMatchObject({ isError: false, json: { number: 2, changes: { added: ["notify"] } } });
    expect(revised.json.validator_result.prune).toEqual({
      removed: [],
      impacted: [],
      revalidated: [],
      held: [],
    });
    expect(await callTool(client, "create_plan", { name: "mine", ...graph })).toMatchObject({
      isError: true,
    });
    expect(
      await callTool(client, "post_outcome", { plan_id: id, outcomes: [{ node_id: "scan" }] }),
    ).toMatchObject({
      isError: true,
      text: expect.stringContaining("status"),
    });
    expect(await callTool(client, "plan_state", { plan_id: id, colour: 1 })).toMatchObject({
      isError: true,
      text: expect.stringContaining("colour"),
    });
    await client.close();
  });
});

describe("tRPC", () => {
  it("the pages' procedures map failures to tRPC codes", async () => {
    const planner = await makeUser(db, "trpc-planner");
    const caller = createCaller({ db: db.prisma, who: planner, clock });
    const { id } = await caller.plans.create({ name: "tRPC", declaration: example });
    const view = await caller.plans.view({ planId: id });
    expect(view.nodes.map((n) => n.id)).toEqual(example.nodes.map((n) => n.id));
    await expect(caller.plans.view({ planId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      caller.plans.checkpoint({ planId: id, revision: 1, decision: "admit", rationale: "x" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // Every door gets every operation: tRPC reports a batch too, and reads the declaration alone.
    expect(
      await caller.plans.postOutcomes({
        planId: id,
        outcomes: [{ nodeId: example.nodes[0]!.id, status: "success", evidenceHash: "t1" }],
      }),
    ).toEqual({ revision: 1, recorded: 1 });
    const declaration = await caller.plans.declaration({ planId: id });
    expect(audit(declaration)).toEqual((await caller.plans.audit({ planId: id })).audit);
    await expect(
      createCaller({ db: db.prisma, who: ANON, clock }).plans.create({ name: "x" }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("the demo", () => {
  it("lays out the original's trace once: revision 4 held on R7, revision 5 with inspect-call-sites, publish gated", async () => {
    const now = Date.parse("2026-11-30T12:00:00Z");
    await seedCheckpointDemo(db.prisma, now);
    await seedCheckpointDemo(db.prisma, now);
    const plans = await db.prisma.plan.findMany({ where: { demo: { not: null } } });
    expect(plans).toHaveLength(1);
    const caller = createCaller({ db: db.prisma, who: ANON, clock: fixedClock(now) });
    const v = await caller.plans.view({ planId: plans[0]!.id });
    expect(v.revision).toMatchObject({ number: 5, parentNumber: 4 });
    expect(v.revision.changes).toMatchObject({
      added: ["inspect-call-sites"],
      rewired: [{ id: "patch-X", before: ["scan"], after: ["inspect-call-sites"] }],
    });
    expect(v.revisions.filter((r) => r.superseded)).toHaveLength(4);
    expect(v.proposal).toMatchObject({ justFinished: ["inspect-call-sites"], nextWave: ["patch-X"] });
    expect(v.risks[0]).toMatchObject({ id: "R7", severity: "high", toReassess: true });
    expect(v.findings.map((f) => f.id)).toEqual(["assignment-gate-unsatisfied", "unresolved-risk"]);
    expect(v.nodes.find((n) => n.id === "publish")).toMatchObject({ needsApproval: true });
    const old = await caller.plans.view({ planId: plans[0]!.id, revision: 4 });
    expect(old.checkpoints.find((c) => c.revision === 4)).toMatchObject({
      decision: "hold",
      eligibleToAdmit: false,
    });
    expect(old.audit?.findings.map((f) => f.id)).toEqual(["unresolved-risk"]);
  });
});
