// The original's story through the actions, on a real database, from its held wave on: revision 2 adds
// inspect-call-sites, R7 is reassessed low, patch-X is admitted, publish is approved; each step announced.
import { beforeAll, describe, expect, it } from "vitest";
import example from "../../rules/checkpoint/fixtures/checkpoint-valid.json" with { type: "json" };
import { ANON, type Who } from "../../identity";
import { makeUser } from "../../testing/db";
import { readAudit } from "./index";

import {
  at,
  db,
  give,
  heldOnR7,
  NOW,
  story,
  usePlansDatabase,
  value,
  view,
  withInspection,
  type Person,
  plan,
} from "../../testing/plans";

usePlansDatabase();

describe("the original's story, revision 5 adds inspect-call-sites", () => {
  let planner: Person;
  let orchestrator: Who;
  let id: number;

  beforeAll(async () => {
    ({ planner, orchestrator, id } = await heldOnR7());
  });

  it("revision 2 adds inspect-call-sites: scan's evidence and R7 carry over, revision 1 is kept as superseded", async () => {
    expect(
      await plan.revise(planner, id, { parent: 1, nodes: withInspection, rationale: "R7", evidenceRefs: [] }),
    ).toMatchObject({ code: "invalid", message: expect.stringContaining("evidence") });
    const revised = value(
      await plan.revise(
        orchestrator,
        id,
        {
          parent: 1,
          nodes: withInspection,
          rationale: "R7 high: inspect the call sites before patching X",
          evidenceRefs: ["h1"],
        },
        at(4),
      ),
    );
    expect(revised.number).toBe(2);
    expect(revised.changes).toMatchObject({
      added: ["inspect-call-sites"],
      removed: [],
      rewired: [{ id: "patch-X", before: ["scan"], after: ["inspect-call-sites"] }],
    });
    expect(revised.validatorResult).toMatchObject({ ok: true, waves: 4, carried: ["scan"] });
    // Immutable history: a second revision from the same parent is refused, never merged.
    expect(
      await plan.revise(planner, id, { parent: 1, nodes: story, rationale: "again", evidenceRefs: ["h1"] }),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("Revision 2 is the latest") });

    const old = await view(id, ANON, 1);
    expect(old.revision).toMatchObject({ number: 1, superseded: true, supersededBy: 2 });
    expect(old.audit).toMatchObject({ eligibleToAdmit: false, source: { checkpointId: expect.any(Number) } });
    expect(old.nodes.map((n) => n.id)).toEqual(["scan", "patch-X", "publish"]);
    expect(old.may.write).toMatch(/superseded/);

    const v = await view(id);
    expect(v.revisions.map((r) => [r.number, r.superseded])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(v.nodes.find((n) => n.id === "scan")).toMatchObject({ status: "success", evidenceHash: "h1" });
    expect(v.nodes.find((n) => n.id === "inspect-call-sites")).toMatchObject({
      change: "added",
      role: "next",
    });
    expect(v.nodes.find((n) => n.id === "patch-X")).toMatchObject({ change: "rewired" });
    expect(v.outcomes[0]!.provenance).toMatch(/^carried from revision 1/);
    // R7 touches scan, the wave just finished, but was assessed on scan's evidence: a carry keeps that time.
    expect(v.risks[0]).toMatchObject({ id: "R7", revision: 2, severity: "high", toReassess: false });
    expect(v.risks[0]!.history.map((h) => [h.revision, h.severity])).toEqual([
      [1, "high"],
      [2, "high"],
    ]);
    // Gates bind to a revision: the checks confirmed at revision 1 count for nothing now.
    expect(v.gates).toMatchObject({ authority: null, resources: null });
    expect(
      await plan.report(orchestrator, id, {
        nodeId: "scan",
        status: "success",
        evidenceHash: "h1",
        revision: 1,
      }),
    ).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("superseded by revision 2"),
    });
  });

  it("inspect-call-sites reports; R7 is reassessed low on its evidence, its history kept; patch-X is admitted", async () => {
    value(
      await plan.report(
        orchestrator,
        id,
        { nodeId: "inspect-call-sites", status: "success", evidenceHash: "h2" },
        at(5),
      ),
    );
    let v = await view(id);
    expect(v.proposal).toMatchObject({ justFinished: ["inspect-call-sites"], nextWave: ["patch-X"] });
    // R7 as carried names scan and patch-X, not the wave just finished: the spec flags only what touches it.
    expect(v.risks[0]).toMatchObject({ severity: "high", toReassess: false });
    value(
      await plan.assess(
        orchestrator,
        id,
        {
          riskId: "R7",
          severity: "low",
          affectedNodes: ["scan", "inspect-call-sites"],
          evidenceHash: "h2",
        },
        at(6),
      ),
    );
    const reviewer = await makeUser(db, "story-reviewer");
    await give(id, planner, reviewer.name, "authority", "resources");
    for (const kind of ["authority", "resources"])
      value(await plan.confirm(reviewer, id, { kind, revision: 2, nextWave: ["patch-X"] }));
    expect(
      await plan.confirm(planner, id, { kind: "authority", revision: 2, nextWave: ["patch-X"] }),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("story-reviewer") });
    v = await view(id, planner);
    expect(v.risks[0]).toMatchObject({ severity: "low", toReassess: false });
    expect(v.risks[0]!.history.map((h) => h.severity)).toEqual(["high", "high", "low"]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: true, findings: [] });
    // The declaration built from the database is the original's worked example, revision aside.
    const audit = value(await readAudit(db.prisma, ANON, { planId: id }, NOW));
    expect(audit.declaration).toEqual({
      ...example,
      graphRevision: 2,
      outcomes: example.outcomes.map((o) => ({ ...o, revision: 2 })),
      risks: example.risks.map((r) => ({ ...r, revision: 2 })),
    });
    expect(v.may.admit).toBe(true);
    expect(
      await plan.decide(orchestrator, id, { revision: 2, decision: "admit", rationale: "go" }),
    ).toMatchObject({ code: "forbidden", message: expect.stringContaining("A person admits") });
    const admitted = value(
      await plan.decide(planner, id, { revision: 2, decision: "admit", rationale: "R7 resolved by h2" }),
    );
    expect(admitted).toMatchObject({
      decision: "admit",
      nextWave: ["patch-X"],
      audit: { eligibleToAdmit: true },
    });
    expect(
      await plan.decide(planner, id, { revision: 2, decision: "admit", rationale: "again" }),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("already admitted") });
    expect((await view(id, planner)).proposal).toMatchObject({ admitted: true });
  });

  it("publish still needs approval: never from its proposer, nor an agent; one approval admits it", async () => {
    value(
      await plan.report(
        orchestrator,
        id,
        { nodeId: "patch-X", status: "success", evidenceHash: "h3" },
        at(7),
      ),
    );
    const body = { revision: 2, nextWave: ["publish"] };
    // Revision 2 was written by the planner's agent: the planner proposed it.
    expect(await plan.approve(planner, id, body)).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("You proposed this wave"),
    });
    expect(await plan.approve(orchestrator, id, body)).toMatchObject({
      code: "forbidden",
    });
    expect(await plan.approve(ANON, id, body)).toMatchObject({
      code: "signin_required",
    });
    const reviewer = await makeUser(db, "story-approver");
    // Not an approver yet: anyone else's approval is refused, with one sentence.
    expect(await plan.approve(reviewer, id, body)).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("Only the plan's approvers approve its waves"),
    });
    await give(id, planner, reviewer.name, "approver", "authority", "resources");
    expect(await plan.approve(reviewer, id, { revision: 2, nextWave: ["patch-X"] })).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("nothing to approve"),
    });
    for (const kind of ["authority", "resources"]) value(await plan.confirm(reviewer, id, { kind, ...body }));
    let v = await view(id, reviewer);
    expect(v.findings.map((f) => [f.id, f.targets])).toEqual([["approval-required", ["gate:approval"]]]);
    expect(v.may.approve).toBe(true);
    expect(value(await plan.approve(reviewer, id, body))).toEqual({
      revision: 2,
      nextWave: ["publish"],
      approvals: 1,
      needed: 1,
    });
    expect(await plan.approve(reviewer, id, body)).toMatchObject({
      code: "conflict",
    });
    v = await view(id, reviewer);
    expect(v.gates!.approvals).toEqual([{ by: "story-approver", at: expect.any(String), expiresAt: null }]);
    expect(v.gates!.stillNeeded).toEqual([]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: true });
    value(await plan.decide(planner, id, { revision: 2, decision: "admit", rationale: "approved" }));
  });

  it("every change was announced on the plan's topic and the lobby", async () => {
    const events = await db.prisma.event.findMany({ where: { topic: `plan:${id}` }, orderBy: { id: "asc" } });
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      "plan.created",
      "plan.outcome",
      "plan.risk",
      "plan.assignment",
      "plan.checkpoint",
      "plan.revised",
      "plan.approval",
    ])
      expect(types).toContain(type);
    const lobby = await db.prisma.event.count({ where: { topic: "lobby", type: { startsWith: "plan." } } });
    expect(lobby).toBeGreaterThanOrEqual(events.length);
  });
});
