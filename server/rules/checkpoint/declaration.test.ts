// From a plan's state to the declaration, and back through the audit.
import { describe, expect, it } from "vitest";
import example from "./fixtures/checkpoint-valid.json" with { type: "json" };
import { audit, buildDeclaration, risksToReassess, type PlanState } from "@/server/rules/checkpoint";

/** The worked example as the store would hold it: history included, titles, stale records and all. */
function planState(): PlanState {
  return {
    revision: 5,
    nodes: [
      { id: "scan", title: "Scan for API breaks", dependsOn: [] },
      { id: "inspect-call-sites", dependsOn: ["scan"] },
      { id: "patch-X", dependsOn: ["inspect-call-sites"] },
      { id: "publish", dependsOn: ["patch-X"] },
    ],
    outcomes: [
      { nodeId: "scan", revision: 4, status: "success", evidenceHash: "h0" },
      { nodeId: "inspect-call-sites", revision: 5, status: "partial", evidenceHash: "h1b" },
      { nodeId: "scan", revision: 5, status: "success", evidenceHash: "h1" },
      { nodeId: "dropped-node", revision: 4, status: "failed", evidenceHash: "hx" },
      { nodeId: "inspect-call-sites", revision: 5, status: "success", evidenceHash: "h2" },
    ],
    risks: [
      {
        id: "R7",
        severity: "low",
        revision: 5,
        affectedNodes: ["scan", "inspect-call-sites"],
        evidenceHash: "h2",
      },
    ],
    justFinished: ["inspect-call-sites"],
    nextWave: ["patch-X"],
    approval: { requiredApprovers: 0, approvals: 0 },
    assignment: { authority: true, resources: true },
  };
}

describe("buildDeclaration", () => {
  it("builds the worked example byte for byte: latest outcome per node, no stray records, schema key order", () => {
    expect(JSON.stringify(buildDeclaration(planState()))).toBe(JSON.stringify(example));
  });

  it("round-trips through the audit: built from the state, then audited, it is valid and eligible", () => {
    expect(audit(buildDeclaration(planState()))).toMatchObject({
      declarationValid: true,
      eligibleToAdmit: true,
    });
  });

  it("keeps a stale latest record, so the audit names it", () => {
    const state = { ...planState(), revision: 6 };
    const result = audit(buildDeclaration(state));
    expect(result.declarationValid).toBe(false);
    expect(result.findings.map((f) => f.id)).toContain("outcome-revision-mismatch");
  });

  it("prefers a record of a higher revision even when an older one was reported after it", () => {
    const state = planState();
    const outcomes = [
      ...state.outcomes,
      { nodeId: "scan", revision: 4, status: "failed" as const, evidenceHash: "late" },
    ];
    expect(buildDeclaration({ ...state, outcomes }).outcomes[0]).toEqual({
      nodeId: "scan",
      revision: 5,
      status: "success",
      evidenceHash: "h1",
    });
  });

  it.each([
    [0, 0, { required: false, present: false }, true],
    [0, 1, { required: false, present: true }, true],
    [2, 1, { required: true, present: false }, false],
    [2, 2, { required: true, present: true }, true],
  ])(
    "needs %i approvers, has %i: approval %o, eligible %s",
    (requiredApprovers, approvals, approval, eligible) => {
      const declaration = buildDeclaration({ ...planState(), approval: { requiredApprovers, approvals } });
      expect(declaration.approval).toEqual(approval);
      expect(audit(declaration).eligibleToAdmit).toBe(eligible);
    },
  );

  it("is a fresh copy: auditing or changing it never touches the state", () => {
    const state = planState();
    const declaration = buildDeclaration(state);
    declaration.nodes[0]!.dependsOn.push("publish");
    declaration.justFinished.push("scan");
    expect(state.nodes[0]!.dependsOn).toEqual([]);
    expect(state.justFinished).toEqual(["inspect-call-sites"]);
  });

  it("hands the audit the latest outcome: a failure reported after a success is what counts", () => {
    const state = planState();
    const outcomes = [
      ...state.outcomes,
      { nodeId: "inspect-call-sites", revision: 5, status: "failed" as const, evidenceHash: "h3" },
    ];
    const result = audit(buildDeclaration({ ...state, outcomes }));
    expect(result.findings.map((f) => f.id)).toEqual(["next-wave-dependency-not-success"]);
  });
});

describe("risksToReassess", () => {
  const risks = [
    { id: "R7", affectedNodes: ["scan", "inspect-call-sites"] },
    { id: "R8", affectedNodes: ["publish"] },
    { id: "R9", affectedNodes: [] },
    { id: "R7", affectedNodes: ["inspect-call-sites"] },
  ];

  it("names the risks whose affected nodes meet the wave just finished, once each, in order", () => {
    expect(risksToReassess(risks, ["inspect-call-sites"])).toEqual(["R7"]);
    expect(risksToReassess(risks, ["publish", "scan"])).toEqual(["R7", "R8"]);
    expect(risksToReassess(risks, ["patch-X"])).toEqual([]);
  });
});
