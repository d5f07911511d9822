// The audit on the worked example and its variations: every finding id, their order, the gates, the output keys.
import { describe, expect, it } from "vitest";
import example from "./fixtures/checkpoint-valid.json" with { type: "json" };
import {
  audit,
  AUDIT_SCOPE,
  DECLARATION_FINDING_IDS,
  GATE_FINDING_IDS,
  type AuditResult,
  type Declaration,
} from "@/server/rules/checkpoint";

/** The worked example (revision 5: scan → inspect-call-sites → patch-X → publish), changed by `change`. */
function variation(change: (d: Declaration) => void = () => {}): Declaration {
  const declaration = structuredClone(example) as Declaration;
  change(declaration);
  return declaration;
}
const ids = (result: AuditResult) => result.findings.map((f) => f.id);
const verdict = (r: AuditResult) => [r.pass, r.declarationValid, r.eligibleToAdmit, r.structuralBlocked];
const VALID_ELIGIBLE = [true, true, true, false];
const VALID_BLOCKED = [true, true, false, true];
const INVALID = [false, false, false, false];

/** An independent node in the wave just finished, reporting `status`. */
const addLint = (status: string) => (d: Declaration) => {
  d.nodes.push({ id: "lint", dependsOn: [] });
  d.outcomes.push({
    nodeId: "lint",
    revision: 5,
    status,
    evidenceHash: "h3",
  } as Declaration["outcomes"][number]);
  d.justFinished.push("lint");
};

describe("the worked example", () => {
  it("is valid and eligible to admit, with exactly the original's output", () => {
    expect(JSON.stringify(audit(example))).toBe(
      '{"pass":true,"declarationValid":true,"eligibleToAdmit":true,"structuralBlocked":false,"findings":[],"scope":"supplied-declaration-consistency-only"}',
    );
  });

  it("an inspect-call-sites outcome of partial makes it invalid: patch-X needs a success", () => {
    const result = audit(variation((d) => (d.outcomes[1]!.status = "partial")));
    expect(verdict(result)).toEqual(INVALID);
    expect(result.findings).toEqual([
      {
        severity: "critical",
        id: "next-wave-dependency-not-success",
        message: 'Next-wave node "patch-X" needs "inspect-call-sites", which reported partial.',
        nodeId: "patch-X",
        prerequisiteId: "inspect-call-sites",
      },
    ]);
  });

  it("an independent node of the wave that failed leaves it valid but blocked for recovery", () => {
    const result = audit(variation(addLint("failed")));
    expect(verdict(result)).toEqual(VALID_BLOCKED);
    expect(ids(result)).toEqual(["wave-recovery-required"]);
    expect(result.findings[0]!.message).toContain('"lint"');
  });

  it.each(["partial", "missing", "untrusted"])("a %s outcome in the wave also needs recovery", (status) => {
    expect(ids(audit(variation(addLint(status))))).toEqual(["wave-recovery-required"]);
  });

  it("approval required and absent: blocked", () => {
    const result = audit(variation((d) => (d.approval = { required: true, present: false })));
    expect(verdict(result)).toEqual(VALID_BLOCKED);
    expect(ids(result)).toEqual(["approval-required"]);
  });

  it("approval required and present, or not required: eligible", () => {
    expect(verdict(audit(variation((d) => (d.approval = { required: true, present: true }))))).toEqual(
      VALID_ELIGIBLE,
    );
  });

  it.each(["high", "unknown"] as const)("a %s risk blocks", (severity) => {
    const result = audit(variation((d) => (d.risks[0]!.severity = severity)));
    expect(verdict(result)).toEqual(VALID_BLOCKED);
    expect(result.findings.map((f) => [f.id, f.message])).toEqual([
      [
        "unresolved-risk",
        'Risk "R7" is high or unknown; a policy or a person must resolve it before admission.',
      ],
    ]);
  });

  it("a medium risk does not block", () => {
    expect(verdict(audit(variation((d) => (d.risks[0]!.severity = "medium"))))).toEqual(VALID_ELIGIBLE);
  });

  it.each([
    [false, true, "The authority check is not confirmed for the next wave; do not admit it yet."],
    [true, false, "The resources check is not confirmed for the next wave; do not admit it yet."],
    [
      false,
      false,
      "Neither the authority nor the resources check is confirmed for the next wave; do not admit it yet.",
    ],
  ])("authority %s, resources %s: blocked by the assignment gate", (authority, resources, message) => {
    const result = audit(variation((d) => (d.assignment = { authority, resources })));
    expect(verdict(result)).toEqual(VALID_BLOCKED);
    expect(result.findings.map((f) => [f.id, f.message])).toEqual([["assignment-gate-unsatisfied", message]]);
  });
});

describe("every finding of the graph-and-evidence stage", () => {
  const cases: [string, (d: Declaration) => void, string[]][] = [
    [
      "a repeated node id (the first one counts: the repeat's dependsOn makes no cycle)",
      (d) => d.nodes.push({ id: "scan", dependsOn: ["publish"] }),
      ["duplicate-node-id"],
    ],
    ["a dependency naming no node", (d) => d.nodes[3]!.dependsOn.push("ghost"), ["unknown-dependency"]],
    ["a self-dependency", (d) => d.nodes[0]!.dependsOn.push("scan"), ["cycle"]],
    [
      "a cycle reached twice along the same path is two findings",
      (d) => {
        d.nodes[0]!.dependsOn = ["inspect-call-sites"];
        d.nodes[1]!.dependsOn = ["scan", "scan"];
      },
      ["cycle", "cycle"],
    ],
    [
      "an outcome for no node (and its success is not walked)",
      (d) => d.outcomes.push({ nodeId: "ghost", revision: 5, status: "success", evidenceHash: "h9" }),
      ["outcome-unknown-node"],
    ],
    [
      "an outcome of another revision, which then counts as no evidence downstream",
      (d) => (d.outcomes[0]!.revision = 4),
      [
        "outcome-revision-mismatch",
        "success-missing-prerequisite-evidence",
        "next-wave-dependency-not-success",
      ],
    ],
    [
      "a second outcome for a node (the first is its outcome)",
      (d) => d.outcomes.push({ nodeId: "scan", revision: 5, status: "failed", evidenceHash: "h9" }),
      ["duplicate-outcome"],
    ],
    [
      "a success claimed over an absent prerequisite",
      (d) => d.outcomes.push({ nodeId: "publish", revision: 5, status: "success", evidenceHash: "h9" }),
      ["success-missing-prerequisite-evidence"],
    ],
    [
      "a just-finished id naming no node (which has no outcome either)",
      (d) => d.justFinished.push("ghost"),
      ["finished-unknown-node", "incomplete-wave-evidence"],
    ],
    [
      "a just-finished node with no outcome",
      (d) => {
        d.nodes.push({ id: "lint", dependsOn: [] });
        d.justFinished.push("lint");
      },
      ["incomplete-wave-evidence"],
    ],
    [
      "a just-finished node whose outcome is of another revision",
      (d) => (d.outcomes[1]!.revision = 6),
      ["outcome-revision-mismatch", "incomplete-wave-evidence", "next-wave-dependency-not-success"],
    ],
    [
      "a node and its prerequisite finished in one wave",
      (d) => d.justFinished.unshift("scan"),
      ["causal-same-wave"],
    ],
    ["a repeated risk id", (d) => d.risks.push({ ...d.risks[0]!, affectedNodes: [] }), ["duplicate-risk-id"]],
    ["a risk of another revision", (d) => (d.risks[0]!.revision = 4), ["risk-revision-mismatch"]],
    [
      "a risk on nodes that are not nodes, once per node",
      (d) => d.risks[0]!.affectedNodes.push("ghost", "phantom"),
      ["risk-unknown-node", "risk-unknown-node"],
    ],
    [
      "a next-wave id naming no node, and nothing else for it",
      (d) => d.nextWave.push("ghost"),
      ["unknown-next-node"],
    ],
    [
      "relaunching the node just finished",
      (d) => (d.nextWave = ["inspect-call-sites"]),
      ["already-completed-launch"],
    ],
    ["relaunching a node with any outcome", (d) => (d.nextWave = ["scan"]), ["already-completed-launch"]],
    [
      "launching a node whose transitive prerequisite has no outcome",
      (d) => (d.nextWave = ["publish"]),
      ["next-wave-dependency-not-success"],
    ],
  ];

  it.each(cases)("%s", (_, change, expected) => {
    const result = audit(variation(change));
    expect(verdict(result)).toEqual(INVALID);
    expect(ids(result)).toEqual(expected);
  });

  it("covers every declaration finding id the rules know", () => {
    const seen = new Set(cases.flatMap(([, change]) => ids(audit(variation(change)))));
    expect([...seen].sort()).toEqual([...DECLARATION_FINDING_IDS].sort());
  });

  it("names the node, the prerequisite and the risk where the canvas needs them, after the original three keys", () => {
    const result = audit(
      variation((d) => {
        d.outcomes[0]!.revision = 4;
        d.risks[0]!.affectedNodes.push("ghost");
      }),
    );
    expect(result.findings.map((f) => Object.keys(f))).toEqual([
      ["severity", "id", "message", "nodeId"],
      ["severity", "id", "message", "nodeId", "prerequisiteId"],
      ["severity", "id", "message", "nodeId", "riskId"],
      ["severity", "id", "message", "nodeId", "prerequisiteId"],
    ]);
    expect(result.findings.map((f) => f.message)).toEqual([
      'The outcome of "scan" is bound to revision 4, not this revision 5.',
      'Node "inspect-call-sites" reports success, but its prerequisite "scan" has an outcome for revision 4, not 5.',
      'Risk "R7" affects "ghost", which is no node here.',
      'Next-wave node "patch-X" needs "scan", which has an outcome for revision 4, not 5.',
    ]);
  });
});

describe("the order of findings", () => {
  it("follows the spec's stages, whatever order the problems appear in the declaration", () => {
    const result = audit(
      variation((d) => {
        d.nextWave.push("ghost-next");
        d.risks.push({
          id: "R7",
          revision: 4,
          severity: "low",
          affectedNodes: ["ghost-risk"],
          evidenceHash: "h",
        });
        d.justFinished.push("ghost-finished");
        d.outcomes.push({ nodeId: "ghost-outcome", revision: 3, status: "failed", evidenceHash: "h" });
        d.nodes.push({ id: "scan", dependsOn: [] }, { id: "loop", dependsOn: ["loop", "ghost-dep"] });
      }),
    );
    expect(ids(result)).toEqual([
      "duplicate-node-id",
      "unknown-dependency",
      "cycle",
      "outcome-unknown-node",
      "outcome-revision-mismatch",
      "finished-unknown-node",
      "incomplete-wave-evidence",
      "duplicate-risk-id",
      "risk-revision-mismatch",
      "risk-unknown-node",
      "unknown-next-node",
    ]);
  });

  it("walks the cycle from each node in declaration order, skipping finished ones", () => {
    // a → b → c → a, and d → b: one back edge (c → a), none from d since b is finished.
    const result = audit({
      ...variation(),
      nodes: [
        { id: "a", dependsOn: ["b"] },
        { id: "b", dependsOn: ["c"] },
        { id: "c", dependsOn: ["a"] },
        { id: "d", dependsOn: ["b"] },
        ...example.nodes,
      ],
    });
    expect(result.findings.filter((f) => f.id === "cycle").map((f) => [f.nodeId, f.prerequisiteId])).toEqual([
      ["c", "a"],
    ]);
  });

  it("counts each transitive prerequisite once, in the walk's order", () => {
    // A diamond: top → left, right; left → base; right → base. base is reached once.
    const result = audit({
      ...variation(),
      nodes: [
        { id: "base", dependsOn: [] },
        { id: "left", dependsOn: ["base"] },
        { id: "right", dependsOn: ["base"] },
        { id: "top", dependsOn: ["left", "right"] },
        ...example.nodes,
      ],
      nextWave: ["top"],
    });
    expect(result.findings.map((f) => [f.id, f.prerequisiteId])).toEqual([
      ["next-wave-dependency-not-success", "left"],
      ["next-wave-dependency-not-success", "base"],
      ["next-wave-dependency-not-success", "right"],
    ]);
  });

  it("adds the gates, only on a valid declaration, in the spec's order", () => {
    const blockedEverywhere = (d: Declaration) => {
      addLint("untrusted")(d);
      d.risks[0]!.severity = "unknown";
      d.assignment.resources = false;
      d.approval = { required: true, present: false };
    };
    const result = audit(variation(blockedEverywhere));
    expect(verdict(result)).toEqual(VALID_BLOCKED);
    expect(ids(result)).toEqual([...GATE_FINDING_IDS]);

    const invalidToo = audit(
      variation((d) => {
        blockedEverywhere(d);
        d.nextWave.push("ghost");
      }),
    );
    expect(verdict(invalidToo)).toEqual(INVALID);
    expect(ids(invalidToo)).toEqual(["unknown-next-node"]);
  });
});

describe("the schema stage", () => {
  it("returns at once, all verdicts false, one schema-<keyword> finding per validator error", () => {
    const result = audit({
      ...variation(),
      graphRevision: "5",
      nextWave: [],
      nodes: [{ id: " ", dependsOn: [1] }],
    });
    expect(verdict(result)).toEqual(INVALID);
    expect(result.findings).toEqual([
      { severity: "critical", id: "schema-type", message: "/graphRevision must be integer" },
      { severity: "critical", id: "schema-pattern", message: '/nodes/0/id must match pattern "\\S"' },
      { severity: "critical", id: "schema-type", message: "/nodes/0/dependsOn/0 must be string" },
      { severity: "critical", id: "schema-minItems", message: "/nextWave must NOT have fewer than 1 items" },
    ]);
  });

  it('speaks of the whole declaration as "/"', () => {
    expect(audit(null).findings).toEqual([
      { severity: "critical", id: "schema-type", message: "/ must be object" },
    ]);
    expect(ids(audit({}))).toEqual(Array(8).fill("schema-required"));
  });

  it("allows extra keys anywhere, as the schema does", () => {
    const result = audit(
      variation((d) => {
        Object.assign(d, { note: 1 });
        Object.assign(d.nodes[0]!, { title: "Scan" });
        Object.assign(d.approval, { by: ["ada"] });
      }),
    );
    expect(verdict(result)).toEqual(VALID_ELIGIBLE);
  });

  it("answers even when reading the input throws", () => {
    const hostile = {
      get graphRevision(): number {
        throw new Error("boom");
      },
    };
    const result = audit(hostile);
    expect(verdict(result)).toEqual(INVALID);
    expect(ids(result)).toEqual(["unreadable-input"]);
  });
});

describe("the output", () => {
  it("keeps the spec's key order on every path", () => {
    const keys = ["pass", "declarationValid", "eligibleToAdmit", "structuralBlocked", "findings", "scope"];
    for (const input of [
      example,
      null,
      variation((d) => (d.risks[0]!.severity = "high")),
      variation(addLint("failed")),
    ])
      expect(Object.keys(audit(input))).toEqual(keys);
    expect(audit(null).scope).toBe(AUDIT_SCOPE);
  });

  it("gives the same answer twice (the schema validator keeps no state between calls)", () => {
    const broken = { ...variation(), graphRevision: 0 };
    expect(JSON.stringify(audit(broken))).toBe(JSON.stringify(audit(broken)));
    expect(audit(example).findings).toEqual([]);
  });
});
