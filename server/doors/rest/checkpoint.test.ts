// The Wave checkpoint JSON API in-process, under /api/plans: it speaks snake_case; the declaration and the audit keep
// the original script's names (MCP, tRPC and the demo: checkpoint.mcp.test.ts).
import { describe, expect, it } from "vitest";
import { ANON } from "../../identity";
import { audit } from "../../rules/checkpoint";
import { api } from "../../testing/doors";
import { makeUser } from "../../testing/db";
import { createCaller } from "../trpc";
import { checkpointCli } from "../cli/checkpoint";
import { openApiDocument } from "./openapi";
import {
  agentOf as orchestratorOf,
  clock,
  db,
  scriptedSeat,
  usePlansDatabase,
  wireGraph as graph,
} from "../../testing/plans";

usePlansDatabase();

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
    const r = await as("POST", `/api/plans/${id}/checkpoints`, {
      revision: 1,
      decision: "escalate",
      rationale: "ask the table",
      council: { seats: ["a", "b", "c"].map(scriptedSeat), round_deadline_ms: 600_000 },
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
