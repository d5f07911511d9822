// Risks, approvals and prunes across revisions, through the actions on a real database: a risk to reassess, approvals
// a superseding revision voids, successors a prune holds.
import { describe, expect, it } from "vitest";
import { makeUser } from "../../testing/db";

import { at, db, give, usePlansDatabase, value, view, newPlan, plan } from "../../testing/plans";

usePlansDatabase();

describe("risks", () => {
  it("a risk touching the wave just finished is to reassess until reassessed after it reported; history is kept", async () => {
    const planner = await makeUser(db, "risk-planner");
    const id = await newPlan(planner, {
      name: "Risky",
      nodes: [
        { id: "migrate", dependsOn: [] },
        { id: "backfill", dependsOn: ["migrate"] },
      ],
    });
    const r9 = { riskId: "R9", severity: "unknown", affectedNodes: ["migrate"], evidenceHash: "r0" };
    value(await plan.assess(planner, id, r9, at(10)));
    value(
      await plan.report(planner, id, { nodeId: "migrate", status: "success", evidenceHash: "m1" }, at(11)),
    );
    let v = await view(id);
    expect(v.risks).toMatchObject([{ id: "R9", severity: "unknown", unresolved: true, toReassess: true }]);
    expect(v.nodes[0]!.risks).toEqual([
      { id: "R9", severity: "unknown", unresolved: true, toReassess: true },
    ]);
    expect(await plan.assess(planner, id, { ...r9, affectedNodes: ["ghost"] })).toMatchObject({
      code: "invalid",
      message: expect.stringContaining('"ghost"'),
    });
    value(
      await plan.assess(
        planner,
        id,
        { ...r9, severity: "medium", evidenceHash: "m1", note: "rows checked" },
        at(12),
      ),
    );
    v = await view(id);
    expect(v.risks[0]).toMatchObject({ severity: "medium", unresolved: false, toReassess: false });
    expect(v.risks[0]!.history.map((h) => [h.severity, h.evidenceHash, h.by?.name])).toEqual([
      ["unknown", "r0", "risk-planner"],
      ["medium", "m1", "risk-planner"],
    ]);
  });
});

describe("approvals bind to a revision and a wave", () => {
  it("N approvers are needed, and a superseding revision voids the approvals given", async () => {
    const planner = await makeUser(db, "n-planner");
    const [ann, bob, cy] = [
      await makeUser(db, "n-ann"),
      await makeUser(db, "n-bob"),
      await makeUser(db, "n-cy"),
    ];
    const id = await newPlan(planner, {
      name: "Two approvers",
      requiredApprovers: 2,
      nodes: [
        { id: "build", dependsOn: [] },
        { id: "deploy", dependsOn: ["build"], needsApproval: true },
      ],
    });
    await give(id, planner, ann.name, "approver", "authority", "resources");
    await give(id, planner, bob.name, "approver");
    await give(id, planner, cy.name, "approver");
    value(await plan.report(planner, id, { nodeId: "build", status: "success", evidenceHash: "b1" }));
    for (const kind of ["authority", "resources"])
      value(await plan.confirm(ann, id, { kind, revision: 1, nextWave: ["deploy"] }));
    const body = { revision: 1, nextWave: ["deploy"] };
    expect(value(await plan.approve(ann, id, body))).toMatchObject({
      approvals: 1,
      needed: 2,
    });
    const one = await view(id);
    expect(one.findings.map((f) => f.id)).toEqual(["approval-required"]);
    expect(one.gates!.stillNeeded).toEqual(["needs 1 more approver: n-bob or n-cy"]);
    expect(one.findings[0]!.message).toContain("Needs 1 more approver: n-bob or n-cy.");
    expect(value(await plan.approve(bob, id, body))).toMatchObject({
      approvals: 2,
      needed: 2,
    });
    expect((await view(id)).audit).toMatchObject({ eligibleToAdmit: true });

    // A new revision (a title changed) supersedes revision 1: the approvals and checks stay, void.
    value(
      await plan.revise(planner, id, {
        parent: 1,
        nodes: [
          { id: "build", dependsOn: [] },
          { id: "deploy", title: "Deploy to production", dependsOn: ["build"], needsApproval: true },
        ],
        rationale: "name the target",
        evidenceRefs: ["ticket 12"],
      }),
    );
    const v = await view(id);
    expect(v.gates).toMatchObject({ approvals: [], authority: null });
    expect(v.findings.map((f) => f.id)).toEqual(["approval-required", "assignment-gate-unsatisfied"]);
    expect(await plan.approve(cy, id, body)).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("superseded by revision 2"),
    });
    expect(await plan.approve(cy, id, { revision: 9, nextWave: ["deploy"] })).toMatchObject({
      code: "not_found",
    });
    expect(await plan.approve(cy, id, { revision: 2, nextWave: ["nope"] })).toMatchObject({
      code: "invalid",
    });
    expect(await db.prisma.approval.count({ where: { planId: id } })).toBe(2);
  });
});

describe("a prune holds every successor that consumed the removed output", () => {
  const graph = [
    { id: "fetch", dependsOn: [] },
    { id: "parse", dependsOn: ["fetch"] },
    { id: "index", dependsOn: ["parse"] },
    { id: "report", dependsOn: ["index"] },
    { id: "lint", dependsOn: ["fetch"] },
  ];

  it("holds index and report when parse is pruned, leaves them out of the next wave, and revalidates on request", async () => {
    const planner = await makeUser(db, "prune-planner");
    const id = await newPlan(planner, { name: "Prune", nodes: graph });
    value(await plan.report(planner, id, { nodeId: "fetch", status: "success", evidenceHash: "f1" }));
    const pruned = graph
      .filter((n) => n.id !== "parse")
      .map((n) => (n.id === "index" ? { ...n, dependsOn: ["fetch"] } : n));
    expect(
      await plan.revise(planner, id, {
        parent: 1,
        nodes: pruned,
        rationale: "parse is gone",
        evidenceRefs: ["e1"],
        revalidated: ["lint"],
      }),
    ).toMatchObject({ code: "invalid", message: expect.stringContaining('"lint"') });
    const r2 = value(
      await plan.revise(planner, id, {
        parent: 1,
        nodes: pruned,
        rationale: "parse is gone",
        evidenceRefs: ["e1"],
      }),
    );
    expect(r2.changes.impacted).toEqual(["index", "report"]);
    expect(r2.holds).toEqual(["index", "report"]);
    expect(r2.validatorResult.prune).toMatchObject({ removed: ["parse"], held: ["index", "report"] });
    let v = await view(id);
    expect(v.removed).toEqual([{ id: "parse", title: null, dependsOn: ["fetch"] }]);
    expect(v.nodes.filter((n) => n.held).map((n) => n.id)).toEqual(["index", "report"]);
    // fetch is carried; wave 2 is index and lint, and index is held, so only lint is proposed.
    expect(v.proposal).toMatchObject({ justFinished: ["fetch"], nextWave: ["lint"] });
    expect(
      await plan.decide(planner, id, {
        revision: 2,
        decision: "hold",
        rationale: "x",
        justFinished: ["fetch"],
        nextWave: ["index"],
      }),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("held by a prune") });

    // The hold carries over until a revision revalidates index's replacement contract.
    const r3 = value(
      await plan.revise(planner, id, {
        parent: 2,
        nodes: pruned,
        rationale: "index reads fetch directly",
        evidenceRefs: ["e2"],
        revalidated: ["index"],
      }),
    );
    expect(r3.holds).toEqual(["report"]);
    v = await view(id);
    expect(v.proposal).toMatchObject({ nextWave: ["index", "lint"] });
  });
});
