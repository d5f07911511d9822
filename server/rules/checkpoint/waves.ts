// Wave assignment by longest-path layering: a node runs one wave after its latest prerequisite.
import { graphOf, stronglyConnected } from "./graph";
import { fail, ok, type Result } from "@/server/rules/result";

export type RevisionNode = { id: string; title?: string; dependsOn: readonly string[] };

export type Waves = {
  /** Wave 0 holds the nodes with no prerequisites; each wave lists its nodes in declaration order. */
  waves: string[][];
  /** A null-prototype record, so an id like "__proto__" is an ordinary key. */
  waveOf: Record<string, number>;
};

/** Fails (`invalid`) on a repeated id, an unknown dependency or a cycle: such a graph has no waves. */
export function deriveWaves(nodes: readonly RevisionNode[]): Result<Waves> {
  const graph = graphOf(nodes);
  const { ids, numberOf, first, targets } = graph;
  if (graph.repeats[0] !== undefined)
    return fail("invalid", `Node ${JSON.stringify(graph.repeats[0])} is declared twice.`);
  for (const node of nodes)
    for (const dependency of node.dependsOn)
      if (!numberOf.has(dependency))
        return fail(
          "invalid",
          `Node ${JSON.stringify(node.id)} depends on ${JSON.stringify(dependency)}, which is no node of this revision.`,
        );

  // Strongly connected parts come prerequisites first: one pass in that order layers the whole graph.
  const wave = new Int32Array(ids.length);
  for (const part of stronglyConnected(graph).parts) {
    const node = part[0]!;
    const dependencies = targets.subarray(first[node], first[node + 1]);
    if (part.length > 1 || dependencies.includes(node))
      return fail(
        "invalid",
        `Node ${JSON.stringify(ids[node])} is on a dependency cycle; a cycle has no waves.`,
      );
    for (const dependency of dependencies) wave[node] = Math.max(wave[node]!, wave[dependency]! + 1);
  }
  const waves: string[][] = [];
  const waveOf = Object.create(null) as Record<string, number>;
  ids.forEach((id, node) => {
    (waves[wave[node]!] ??= []).push(id);
    waveOf[id] = wave[node]!;
  });
  return ok({ waves, waveOf });
}

export type Lane = { wave: number; nodeIds: string[] };

/**
 * The canvas's lanes, left to right: the revision's declared waves when it has them, else the derived ones.
 * Layout-free: positions are the layout engine's business.
 */
export function lanes(revision: {
  nodes: readonly RevisionNode[];
  waves?: readonly (readonly string[])[];
}): Result<Lane[]> {
  if (revision.waves) return ok(revision.waves.map((nodeIds, wave) => ({ wave, nodeIds: [...nodeIds] })));
  const derived = deriveWaves(revision.nodes);
  return derived.ok ? ok(derived.value.waves.map((nodeIds, wave) => ({ wave, nodeIds }))) : derived;
}
