// The audit against a plain model of the spec on random declarations, and its promise never to throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import example from "./fixtures/checkpoint-valid.json" with { type: "json" };
import {
  audit,
  OUTCOME_STATUSES,
  RISK_SEVERITIES,
  type AuditResult,
  type Declaration,
} from "@/server/rules/checkpoint";

type Row = [id: string, nodeId?: string, prerequisiteId?: string, riskId?: string];

/**
 * The spec read literally: fresh recursive walks for every question, no memo, no pruning. Slow and obviously
 * right on small graphs; the real audit must agree with it.
 */
function model(d: Declaration): { rows: Row[]; valid: boolean; eligible: boolean } {
  const rows: Row[] = [];
  const node = new Map<string, string[]>();
  for (const n of d.nodes) {
    if (node.has(n.id)) rows.push(["duplicate-node-id", n.id]);
    else node.set(n.id, n.dependsOn);
  }
  for (const n of d.nodes)
    for (const x of n.dependsOn) if (!node.has(x)) rows.push(["unknown-dependency", n.id]);
  const onPath = new Set<string>();
  const done = new Set<string>();
  const visit = (id: string, from?: string): void => {
    if (onPath.has(id)) return void rows.push(["cycle", from, id]);
    if (done.has(id) || !node.has(id)) return;
    onPath.add(id);
    for (const x of node.get(id)!) visit(x, id);
    onPath.delete(id);
    done.add(id);
  };
  for (const id of node.keys()) visit(id);
  const outcome = new Map<string, Declaration["outcomes"][number]>();
  for (const o of d.outcomes) {
    if (!node.has(o.nodeId)) rows.push(["outcome-unknown-node", o.nodeId]);
    if (o.revision !== d.graphRevision) rows.push(["outcome-revision-mismatch", o.nodeId]);
    if (outcome.has(o.nodeId)) rows.push(["duplicate-outcome", o.nodeId]);
    else outcome.set(o.nodeId, o);
  }
  const closure = (id: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(id) || !node.has(id)) return seen;
    seen.add(id);
    for (const x of node.get(id)!) closure(x, seen);
    return seen;
  };
  const bad = (id: string) => {
    const o = outcome.get(id);
    return !o || o.status !== "success" || o.revision !== d.graphRevision;
  };
  for (const o of d.outcomes)
    if (o.status === "success" && node.has(o.nodeId))
      for (const x of closure(o.nodeId))
        if (x !== o.nodeId && bad(x)) rows.push(["success-missing-prerequisite-evidence", o.nodeId, x]);
  const finished = new Set(d.justFinished);
  let recovery = false;
  for (const id of finished) {
    if (!node.has(id)) rows.push(["finished-unknown-node", id]);
    const o = outcome.get(id);
    if (!o || o.revision !== d.graphRevision) rows.push(["incomplete-wave-evidence", id]);
    else if (o.status !== "success") recovery = true;
  }
  for (const id of finished)
    for (const x of closure(id)) if (x !== id && finished.has(x)) rows.push(["causal-same-wave", id, x]);
  const riskIds = new Set<string>();
  let unresolved = false;
  for (const r of d.risks) {
    if (riskIds.has(r.id)) rows.push(["duplicate-risk-id", undefined, undefined, r.id]);
    riskIds.add(r.id);
    if (r.revision !== d.graphRevision) rows.push(["risk-revision-mismatch", undefined, undefined, r.id]);
    for (const id of r.affectedNodes)
      if (!node.has(id)) rows.push(["risk-unknown-node", id, undefined, r.id]);
    if (r.severity === "high" || r.severity === "unknown") unresolved = true;
  }
  for (const id of d.nextWave) {
    if (!node.has(id)) {
      rows.push(["unknown-next-node", id]);
      continue;
    }
    if (finished.has(id) || outcome.has(id)) rows.push(["already-completed-launch", id]);
    for (const x of closure(id))
      if (x !== id && bad(x)) rows.push(["next-wave-dependency-not-success", id, x]);
  }
  const valid = rows.length === 0;
  const approvalMissing = d.approval.required && !d.approval.present;
  const assignmentMissing = !d.assignment.authority || !d.assignment.resources;
  if (valid && approvalMissing) rows.push(["approval-required"]);
  if (valid && assignmentMissing) rows.push(["assignment-gate-unsatisfied"]);
  if (valid && unresolved) rows.push(["unresolved-risk"]);
  if (valid && recovery) rows.push(["wave-recovery-required"]);
  return {
    rows,
    valid,
    eligible: valid && !approvalMissing && !assignmentMissing && !unresolved && !recovery,
  };
}

const rowsOf = (result: AuditResult): Row[] =>
  result.findings.map((f) => [f.id, f.nodeId, f.prerequisiteId, f.riskId] as Row).map(trim);
const trim = (row: Row): Row => {
  const r = [...row];
  while (r.length > 1 && r[r.length - 1] === undefined) r.pop();
  return r as Row;
};
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

// A small id pool makes repeats, unknown names, diamonds and cycles common.
const anyId = fc.constantFrom("a", "b", "c", "d", "e", "f", "ghost");
const nodeId = fc.constantFrom("a", "b", "c", "d", "e", "f");
const ids = (min: number) => fc.uniqueArray(anyId, { minLength: min, maxLength: 4 });
const declaration = (acyclic: boolean): fc.Arbitrary<Declaration> =>
  fc
    .record({
      graphRevision: fc.integer({ min: 1, max: 2 }),
      justFinished: ids(1),
      nodes: fc.array(fc.record({ id: nodeId, dependsOn: fc.array(anyId, { maxLength: 3 }) }), {
        minLength: 1,
        maxLength: 8,
      }),
      outcomes: fc.array(
        fc.record({
          nodeId: anyId,
          revision: fc.integer({ min: 1, max: 2 }),
          status: fc.constantFrom(...OUTCOME_STATUSES),
          evidenceHash: fc.constant("h"),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      risks: fc.array(
        fc.record({
          id: fc.constantFrom("R1", "R2", "R3"),
          revision: fc.integer({ min: 1, max: 2 }),
          severity: fc.constantFrom(...RISK_SEVERITIES),
          affectedNodes: fc.array(anyId, { maxLength: 2 }),
          evidenceHash: fc.constant("h"),
        }),
        { maxLength: 3 },
      ),
      nextWave: ids(1),
      approval: fc.record({ required: fc.boolean(), present: fc.boolean() }),
      assignment: fc.record({ authority: fc.boolean(), resources: fc.boolean() }),
    })
    .map((d) => {
      if (!acyclic) return d;
      // Point every edge backwards in the alphabet: no cycle can form.
      d.nodes = d.nodes.map((n) => ({
        ...n,
        dependsOn: n.dependsOn.filter((x) => x === "ghost" || x < n.id),
      }));
      return d;
    });

describe("the audit agrees with the spec read literally", () => {
  it("on acyclic graphs: the same findings in the same order", () => {
    fc.assert(
      fc.property(declaration(true), (d) => {
        const result = audit(d);
        const expected = model(d);
        expect(rowsOf(result)).toEqual(expected.rows.map(trim));
        expect([result.declarationValid, result.eligibleToAdmit]).toEqual([
          expected.valid,
          expected.eligible,
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it("on any graph: the same findings and counts (inside a cycle their order may differ)", () => {
    fc.assert(
      fc.property(declaration(false), (d) => {
        const result = audit(d);
        const expected = model(d);
        expect(sorted(rowsOf(result))).toEqual(sorted(expected.rows.map(trim)));
        expect(rowsOf(result).map((r) => r[0])).toEqual(expected.rows.map((r) => r[0]));
        expect([result.declarationValid, result.eligibleToAdmit]).toEqual([
          expected.valid,
          expected.eligible,
        ]);
      }),
      { numRuns: 2000 },
    );
  });
});

const SUBSTITUTES: unknown[] = [null, [], {}, "", false, 1, Number.NaN, Number.POSITIVE_INFINITY];

/** Every path in a JSON value, containers included, root excluded. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...paths(child, path)];
  });
}
function replaced(path: (string | number)[], by: unknown): unknown {
  const copy = structuredClone(example) as unknown as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = by;
  return copy;
}
const answers = (result: AuditResult) => {
  expect(Object.keys(result)).toEqual([
    "pass",
    "declarationValid",
    "eligibleToAdmit",
    "structuralBlocked",
    "findings",
    "scope",
  ]);
  expect(result.pass).toBe(result.declarationValid);
  expect(result.structuralBlocked).toBe(result.declarationValid && !result.eligibleToAdmit);
  if (result.eligibleToAdmit) expect(result.findings).toEqual([]);
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
};

describe("the audit never throws", () => {
  it.each(
    [
      null,
      undefined,
      [],
      {},
      "",
      false,
      1,
      Number.NaN,
      Infinity,
      -Infinity,
      "{}",
      [example],
      Symbol("x"),
    ].map((input) => ({ input, name: String(JSON.stringify(input) ?? String(input)) })),
  )("on $name", ({ input }) => answers(audit(input)));

  it('with any single value of the worked example replaced by null, [], {}, "", false, 1, NaN or Infinity', () => {
    const all = paths(example);
    expect(all.length).toBeGreaterThan(40);
    for (const path of all) for (const by of SUBSTITUTES) answers(audit(replaced(path, by)));
  });

  it("with many values replaced at once", () => {
    const all = paths(example);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...all), fc.constantFrom(...SUBSTITUTES)), {
          minLength: 1,
          maxLength: 6,
        }),
        (changes) => {
          let input = structuredClone(example) as unknown;
          for (const [path, by] of changes) {
            try {
              const copy = input as Record<string | number, unknown>;
              let parent = copy;
              for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
              parent[path[path.length - 1]!] = by;
            } catch {
              // An earlier change removed this path's parent; the remaining changes still apply.
            }
          }
          answers(audit(input));
          input = null;
        },
      ),
      { numRuns: 500 },
    );
  });

  it("on arbitrary JSON and arbitrary JavaScript values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => answers(audit(value))),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }),
        (value) => answers(audit(value)),
      ),
      { numRuns: 500 },
    );
  });

  it("on schema-valid declarations of every shape", () => {
    fc.assert(
      fc.property(declaration(false), (d) => answers(audit(d))),
      { numRuns: 1000 },
    );
  });
});
