// Creating and reading plans through the actions, on a real database: a form's graph, an imported declaration, and
// what is refused or not found.
import { describe, expect, it } from "vitest";
import example from "../../rules/checkpoint/fixtures/checkpoint-valid.json" with { type: "json" };
import { ANON } from "../../identity";
import { makeUser } from "../../testing/db";
import { createPlan, listPlans, planView, readAudit } from "./index";

import {
  agentOf,
  db,
  NOW,
  story,
  usePlansDatabase,
  value,
  view,
  when,
  newPlan,
  viaOperation,
} from "../../testing/plans";
import { OPERATIONS } from "../../operations";

/** What only the schema refuses is refused at the door, once: these go through the operation as a door calls it. */
const P = OPERATIONS.plans;

usePlansDatabase();

describe("creating plans", () => {
  it("a person creates a plan from a form's graph; its lanes are the longest-path waves", async () => {
    const planner = await makeUser(db, "planner-a");
    const created = value(await viaOperation(P.create, planner, { name: "  Patch X  ", nodes: story }));
    expect(created.revision).toBe(1);
    const v = await view(created.id, planner);
    expect(v.plan).toMatchObject({ name: "Patch X", owner: "planner-a", requiredApprovers: 1 });
    expect(v.lanes).toEqual([
      { wave: 0, nodeIds: ["scan"] },
      { wave: 1, nodeIds: ["patch-X"] },
      { wave: 2, nodeIds: ["publish"] },
    ]);
    expect(v.revision).toMatchObject({ number: 1, parentNumber: null, superseded: false });
    expect(v.revision.validatorResult.checks).toContain("every dependency names a node of this revision");
    expect(v.proposal).toEqual({ reason: expect.stringMatching(/Wave 1 has not reported/) });
    expect(v.may).toMatchObject({ write: true, approve: expect.any(String) });
    const list = value(await listPlans(db.prisma, planner));
    expect(list.find((p) => p.id === created.id)).toMatchObject({ revision: 1, nodes: 3, yours: true });
  });

  it("imports a whole declaration: nodes, outcomes and risks at revision 1, gates left to people", async () => {
    const planner = await makeUser(db, "planner-b");
    const created = value(
      await createPlan(db.prisma, planner, { name: "Imported", declaration: example }, when),
    );
    expect(created.notes).toContain("Imported from a declaration at its graphRevision 5, as revision 1.");
    const audit = value(await readAudit(db.prisma, planner, { planId: created.id }, NOW));
    expect(audit).toMatchObject({ revision: 1, justFinished: ["inspect-call-sites"], nextWave: ["patch-X"] });
    expect(audit.declaration.outcomes).toEqual(example.outcomes.map((o) => ({ ...o, revision: 1 })));
    // Only the assignment gate holds it: nobody has confirmed authority or resources here yet.
    expect(audit.audit).toMatchObject({ declarationValid: true, eligibleToAdmit: false });
    expect(audit.audit.findings.map((f) => f.id)).toEqual(["assignment-gate-unsatisfied"]);
  });

  it("refuses a guest, an agent, a cycle, an unknown dependency, bad waves and a declaration off the schema", async () => {
    const planner = await makeUser(db, "planner-c");
    const agent = await agentOf(planner, "c-orchestrator");
    expect(await createPlan(db.prisma, ANON, { name: "x", nodes: story }, when)).toMatchObject({
      code: "signin_required",
    });
    expect(await createPlan(db.prisma, agent, { name: "x", nodes: story }, when)).toMatchObject({
      code: "forbidden",
    });
    const refusals = [
      { name: "x" },
      { name: "x", nodes: story, declaration: example },
      { name: "", nodes: story },
      {
        name: "x",
        nodes: [
          { id: "a", dependsOn: ["b"] },
          { id: "b", dependsOn: ["a"] },
        ],
      },
      { name: "x", nodes: [{ id: "a", dependsOn: ["ghost"] }] },
      { name: "x", nodes: [{ id: "a" }, { id: "a" }] },
      { name: "x", nodes: story, waves: [["scan", "patch-X"], ["publish"]] },
      { name: "x", declaration: { ...example, graphRevision: 0 } },
      { name: "x", nodes: [{ id: "   ", dependsOn: [] }] },
      { name: "x", nodes: story, colour: "red" },
    ];
    for (const input of refusals)
      expect(await viaOperation(P.create, planner, input), JSON.stringify(input)).toMatchObject({
        ok: false,
        code: "invalid",
        message: expect.stringMatching(/\S/),
      });
  });
});

describe("reading", () => {
  it("unknown plans and revisions are not_found", async () => {
    // An id that is not plain digits never reaches the action: every door parses it first
    // (server/doors/rest/checkpoint.test.ts asks for /api/plans/1e3, 1.0 and 0).
    expect(await planView(db.prisma, ANON, { id: 999_999 }, NOW)).toMatchObject({ code: "not_found" });
    const planner = await makeUser(db, "r-planner");
    const id = await newPlan(planner, { name: "R", nodes: [{ id: "a", dependsOn: [] }] });
    expect(await planView(db.prisma, planner, { id, revision: 2 }, NOW)).toMatchObject({ code: "not_found" });
    expect(await readAudit(db.prisma, planner, { planId: id }, NOW)).toMatchObject({ code: "conflict" });
    expect(await viaOperation(P.audit, planner, { planId: id, nextWave: "a" })).toMatchObject({
      code: "invalid",
    });
    expect(await viaOperation(P.postOutcomes, planner, { planId: id, outcomes: [] })).toMatchObject({
      code: "invalid",
    });
  });
});
