// The Wave checkpoint doors in-process: the JSON API under /api/plans, MCP with an orchestrator's token, tRPC.
// The JSON API and MCP speak snake_case; the declaration and the audit keep the original script's names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import example from "../../rules/checkpoint/fixtures/checkpoint-valid.json" with { type: "json" };
import { createAgent, whoForToken } from "../../actions/agents";
import { seedCheckpointDemo } from "../../actions/checkpoint";
import { ANON, type Who } from "../../identity";
import { audit } from "../../rules/checkpoint";
import { api, callTool, mcpClient } from "../../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { createCaller } from "../trpc";
import { checkpointCli } from "../cli/checkpoint";
import { openApiDocument } from "./openapi";
import { fixedClock } from "../../clock";
/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

async function orchestratorOf(owner: Who & { kind: "user" }, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token))!;
}

/** The graph as the JSON API and MCP take it. */
const graph = {
  nodes: [
    { id: "scan", depends_on: [] },
    { id: "patch-X", depends_on: ["scan"] },
    { id: "publish", depends_on: ["patch-X"], needs_approval: true },
  ],
};

describe("the JSON API", () => {
  it("a planner imports a graph, the orchestrator reports with its token, a reviewer approves, the planner admits", async () => {
    const planner = await makeUser(db, "api-planner");
    const as = api(db.prisma, planner, { clock });
    const created = await as("POST", "/api/plans", { name: "Over the API", visibility: "public", ...graph });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), revision: 1 } });
    const id = created.body.id as number;
    expect((await api(db.prisma, ANON, { clock })("GET", "/api/plans")).body).toContainEqual(
      expect.objectContaining({ id, name: "Over the API", owner: "api-planner" }),
    );

    const orchestrator = api(db.prisma, await orchestratorOf(planner, "api-orchestrator"), { clock });
    expect(
      await orchestrator("POST", `/api/plans/${id}/outcomes`, {
        node_id: "scan",
        status: "success",
        evidence_hash: "h1",
      }),
    ).toMatchObject({ status: 201, body: { revision: 1, recorded: 1 } });
    expect(
      await orchestrator("POST", `/api/plans/${id}/outcomes/batch`, {
        outcomes: [{ node_id: "nope", status: "success", evidence_hash: "h" }],
      }),
    ).toMatchObject({
      status: 422,
      body: { error: { code: "invalid", message: expect.stringContaining('"nope"') } },
    });

    const state = await api(db.prisma, ANON, { clock })("GET", `/api/plans/${id}`);
    expect(state.status).toBe(200);
    expect(state.body.proposal).toMatchObject({ just_finished: ["scan"], next_wave: ["patch-X"] });
    expect(state.body.nodes[2]).toMatchObject({
      id: "publish",
      depends_on: ["patch-X"],
      needs_approval: true,
    });
    expect(state.body.may.write).toMatch(/Sign in/);

    // The declaration alone is what the CLI audits, in the original format: the same answer as the API's audit.
    const declaration = await api(db.prisma, ANON, { clock })("GET", `/api/plans/${id}/declaration`);
    const dry = await api(db.prisma, ANON, { clock })("GET", `/api/plans/${id}/audit`);
    expect(declaration.body).toMatchObject({
      graphRevision: 1,
      justFinished: ["scan"],
      nextWave: ["patch-X"],
    });
    expect(declaration.body.nodes[1]).toEqual({ id: "patch-X", dependsOn: ["scan"] });
    expect(dry.body).toMatchObject({ just_finished: ["scan"], next_wave: ["patch-X"] });
    expect(dry.body.declaration).toEqual(declaration.body);
    expect(audit(declaration.body)).toEqual(dry.body.audit);
    const cli = checkpointCli(["audit", "--input", "declaration.json"], {
      readFile: () => JSON.stringify(declaration.body),
    });
    expect(JSON.parse(cli.stdout)).toEqual(dry.body.audit);
    expect(dry.body.audit).toMatchObject({ declarationValid: true, eligibleToAdmit: false });
    expect(dry.body.audit.findings.map((f: { id: string }) => f.id)).toEqual(["assignment-gate-unsatisfied"]);
    const other = await api(db.prisma, ANON, { clock })(
      "GET",
      `/api/plans/${id}/audit?just_finished=scan&next_wave=publish`,
    );
    expect(other.body.audit.findings.map((f: { id: string }) => f.id)).toContain(
      "next-wave-dependency-not-success",
    );

    // Authority and resources are confirmed only by their holders: the planner gives herself both, on the record.
    for (const role of ["authority", "resources"])
      expect(await as("POST", `/api/plans/${id}/roles`, { role, person: "api-planner" })).toMatchObject({
        status: 201,
        body: { role, name: "api-planner", action: "assign" },
      });
    for (const kind of ["authority", "resources"])
      expect(
        await as("POST", `/api/plans/${id}/assignment`, { kind, revision: 1, next_wave: ["patch-X"] }),
      ).toMatchObject({ status: 201 });
    expect(
      await as("POST", `/api/plans/${id}/checkpoints`, {
        revision: 1,
        decision: "admit",
        rationale: "scan is clean",
      }),
    ).toMatchObject({ status: 201, body: { decision: "admit", audit: { eligibleToAdmit: true } } });

    expect(
      await orchestrator("POST", `/api/plans/${id}/outcomes`, {
        node_id: "patch-X",
        status: "success",
        evidence_hash: "h2",
      }),
    ).toMatchObject({ status: 201 });
    expect(
      await as("POST", `/api/plans/${id}/approvals`, { revision: 1, next_wave: ["publish"] }),
    ).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const reviewer = api(db.prisma, await makeUser(db, "api-reviewer"), { clock });
    expect(
      await reviewer("POST", `/api/plans/${id}/approvals`, { revision: 1, next_wave: ["publish"] }),
    ).toMatchObject({ status: 403, body: { error: { message: expect.stringContaining("approvers") } } });
    for (const role of ["approver", "authority", "resources"])
      expect(await as("POST", `/api/plans/${id}/roles`, { role, person: "api-reviewer" })).toMatchObject({
        status: 201,
        body: { action: "invite", invited: expect.arrayContaining([expect.objectContaining({ role })]) },
      });
    // Invited, not yet answered: the gates count nothing of his, and say he has not answered.
    const waiting = (await as("GET", `/api/plans/${id}/audit?just_finished=patch-X&next_wave=publish`)).body;
    expect(waiting.still_needed).toEqual([
      "needs 1 more approver, and no approver of this plan can give it: its owner assigns the approver role; invited, no answer yet: api-reviewer",
      "needs authority: api-planner; invited, no answer yet: api-reviewer",
      "needs resources: api-planner; invited, no answer yet: api-reviewer",
    ]);
    expect(
      (await reviewer("GET", "/api/invitations")).body.invitations.filter((i: { id: number }) => i.id === id),
    ).toHaveLength(3);
    for (const role of ["approver", "authority", "resources"])
      expect(await reviewer("POST", "/api/invitations/accept", { kind: "plan", id, role })).toMatchObject({
        status: 200,
        body: { kind: "plan", seat: role, accepted: true },
      });
    const gated = (await as("GET", `/api/plans/${id}/audit?just_finished=patch-X&next_wave=publish`)).body;
    expect(gated.still_needed).toEqual([
      "needs 1 more approver: api-reviewer",
      "needs authority: api-planner or api-reviewer",
      "needs resources: api-planner or api-reviewer",
    ]);
    expect(
      await reviewer("POST", `/api/plans/${id}/approvals`, { revision: 1, next_wave: ["publish"] }),
    ).toMatchObject({
      status: 201,
      body: { approvals: 1, needed: 1 },
    });
    for (const kind of ["authority", "resources"])
      await reviewer("POST", `/api/plans/${id}/assignment`, { kind, revision: 1, next_wave: ["publish"] });
    expect(
      await orchestrator("POST", `/api/plans/${id}/checkpoints`, {
        revision: 1,
        decision: "admit",
        rationale: "go",
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await as("POST", `/api/plans/${id}/checkpoints`, {
        revision: 1,
        decision: "admit",
        rationale: "approved",
      }),
    ).toMatchObject({ status: 201, body: { next_wave: ["publish"], new_revision: null } });
  });

  it("an escalation seats its Round Table with the seats in convene's own wire names", async () => {
    const planner = await makeUser(db, "api-escalator");
    const as = api(db.prisma, planner, { clock });
    const id = (await as("POST", "/api/plans", { name: "Escalated", ...graph })).body.id as number;
    await as("POST", `/api/plans/${id}/outcomes`, { node_id: "scan", status: "success", evidence_hash: "h" });
    const seat = (name: string) => ({
      name,
      soul: "Careful about releases.",
      source: "pasted",
      source_label: "a note",
      wearer: "model",
      provider: "scripted",
      script: { after_ms: 60_000 },
    });
    const r = await as("POST", `/api/plans/${id}/checkpoints`, {
      revision: 1,
      decision: "escalate",
      rationale: "ask the table",
      council: { seats: ["a", "b", "c"].map(seat), round_deadline_ms: 600_000 },
    });
    expect(r, JSON.stringify(r.body)).toMatchObject({
      status: 201,
      body: { decision: "escalate", escalation: { council_id: expect.any(Number) } },
    });
  });

  it("refuses with named failures: 401 without identity, 404 for odd ids, 422 for bad bodies, 409 when held", async () => {
    const planner = await makeUser(db, "api-refused");
    const as = api(db.prisma, planner, { clock });
    expect(
      await api(db.prisma, ANON, { clock })("POST", "/api/plans", { name: "x", ...graph }),
    ).toMatchObject({
      status: 401,
    });
    for (const path of ["/api/plans/1e3", "/api/plans/1.0", "/api/plans/0", "/api/plans/999999/audit"])
      expect(await as("GET", path)).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    expect(await as("POST", "/api/plans", "{nope")).toMatchObject({ status: 422 });
    expect(
      await as("POST", "/api/plans", { name: "x", nodes: [{ id: "a", depends_on: ["a"] }] }),
    ).toMatchObject({
      status: 422,
      body: { error: { message: expect.stringContaining("cycle") } },
    });
    // A misspelt node key is refused by name, on the JSON API (wire names) and on tRPC (the pages' names),
    // never silently dropped: "approval" is not needs_approval.
    expect(
      await as("POST", "/api/plans", { name: "x", nodes: [{ id: "a", depends_on: [], approval: true }] }),
    ).toMatchObject({
      status: 422,
      body: { error: { message: '"nodes.0" has an unknown field: approval.' } },
    });
    await expect(
      createCaller({ db: db.prisma, who: planner, clock }).plans.create({
        name: "x",
        nodes: [{ id: "a", depends_on: [] } as never],
      }),
    ).rejects.toThrow('"nodes.0" has an unknown field: depends_on.');
    const id = (await as("POST", "/api/plans", { name: "Held", ...graph })).body.id as number;
    await as("POST", `/api/plans/${id}/outcomes`, { node_id: "scan", status: "partial", evidence_hash: "h" });
    expect(
      await as("POST", `/api/plans/${id}/checkpoints`, { revision: 1, decision: "admit", rationale: "x" }),
    ).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: expect.stringContaining("refused") } },
    });
    expect(
      await as("POST", `/api/plans/${id}/checkpoints`, { revision: 1, decision: "maybe", rationale: "x" }),
    ).toMatchObject({ status: 422, body: { error: { message: expect.stringContaining("decision") } } });
    expect(await as("GET", `/api/plans/${id}?revision=7`)).toMatchObject({ status: 404 });
    expect(await as("GET", `/api/plans/${id}/audit?next_wave=`)).toMatchObject({
      status: 422,
      body: { error: { message: expect.stringContaining('"next_wave"') } },
    });
  });

  it("documents every plan route in the OpenAPI document", () => {
    const paths = Object.keys(openApiDocument().paths);
    for (const p of [
      "/api/plans",
      "/api/plans/{plan_id}",
      "/api/plans/{plan_id}/outcomes",
      "/api/plans/{plan_id}/outcomes/batch",
      "/api/plans/{plan_id}/checkpoints",
      "/api/plans/{plan_id}/audit",
      "/api/plans/{plan_id}/declaration",
    ])
      expect(paths).toContain(p);
  });
});

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
