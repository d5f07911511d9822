// The original's story through the actions, on a real database, up to its first checkpoint: scan reported by the
// orchestrator's token, R7 assessed high, the next wave held.
import { beforeAll, describe, expect, it } from "vitest";
import { ANON, type Who } from "../../identity";
import { makeUser } from "../../testing/db";

import {
  agentOf,
  at,
  db,
  give,
  story,
  usePlansDatabase,
  value,
  view,
  type Person,
  newPlan,
  plan,
} from "../../testing/plans";

usePlansDatabase();

describe("the original's story: revision 4 held on R7, revision 5 adds inspect-call-sites", () => {
  let planner: Person;
  let orchestrator: Who;
  let id: number;

  beforeAll(async () => {
    planner = await makeUser(db, "story-planner");
    orchestrator = await agentOf(planner, "story-orchestrator");
    id = await newPlan(planner, { name: "Patch X safely", nodes: story, visibility: "public" }, at(0));
  });

  it("the orchestrator reports scan with its token; a stranger and a guest cannot", async () => {
    const stranger = await makeUser(db, "story-stranger");
    const record = { nodeId: "scan", status: "success", evidenceHash: "h1", provenance: "scanner run 17" };
    expect(await plan.report(ANON, id, record)).toMatchObject({
      code: "signin_required",
    });
    expect(await plan.report(stranger, id, record)).toMatchObject({
      code: "forbidden",
    });
    expect(await plan.report(orchestrator, id, { ...record, nodeId: "nope" })).toMatchObject({
      code: "invalid",
      message: expect.stringContaining('"nope"'),
    });
    expect(await plan.report(orchestrator, id, { ...record, status: "done" })).toMatchObject({
      code: "invalid",
    });
    expect(await plan.report(orchestrator, id, record, at(1))).toEqual({
      ok: true,
      value: { revision: 1, recorded: 1 },
    });
    const v = await view(id);
    expect(v.nodes.find((n) => n.id === "scan")).toMatchObject({
      status: "success",
      evidenceHash: "h1",
      reportedBy: "story-orchestrator",
      role: "justFinished",
    });
    expect(v.outcomes[0]).toMatchObject({
      provenance: "scanner run 17",
      by: { kind: "agent", owner: "story-planner" },
    });
    expect(v.proposal).toMatchObject({
      justFinished: ["scan"],
      nextWave: ["patch-X"],
      proposer: "story-planner",
    });
  });

  it("R7 is assessed high on scan's evidence: the audit holds the next wave and admit is refused", async () => {
    expect(
      value(
        await plan.assess(
          planner,
          id,
          {
            riskId: "R7",
            severity: "high",
            affectedNodes: ["scan", "patch-X"],
            evidenceHash: "h1",
            note: "API break in X",
          },
          at(2),
        ),
      ),
    ).toMatchObject({ riskId: "R7", severity: "high", previous: null });
    // The owner holds the authority and the resources here herself: she gave herself the roles, on the record.
    await give(id, planner, planner.name, "authority", "resources");
    for (const kind of ["authority", "resources"])
      value(await plan.confirm(planner, id, { kind, revision: 1, nextWave: ["patch-X"] }));
    const v = await view(id, planner);
    expect(v.audit).toMatchObject({ declarationValid: true, eligibleToAdmit: false });
    expect(v.findings).toEqual([
      { id: "unresolved-risk", message: expect.stringContaining('"R7"'), targets: ["scan", "patch-X"] },
    ]);
    expect(v.nodes.find((n) => n.id === "patch-X")!.risks).toEqual([
      { id: "R7", severity: "high", unresolved: true, toReassess: false },
    ]);
    expect(v.may.admit).toMatch(/unresolved-risk/);
    expect(await plan.decide(planner, id, { revision: 1, decision: "admit", rationale: "go" })).toMatchObject(
      { ok: false, code: "conflict", message: expect.stringContaining("unresolved-risk") },
    );
    const held = value(
      await plan.decide(
        planner,
        id,
        { revision: 1, decision: "hold", rationale: "R7 high: inspect call sites first" },
        at(3),
      ),
    );
    expect(held).toMatchObject({ decision: "hold", justFinished: ["scan"], nextWave: ["patch-X"] });
    expect(held.declaration).toMatchObject({
      graphRevision: 1,
      approval: { required: false, present: false },
    });
  });
});
