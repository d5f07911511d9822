// Wave assignment by longest-path layering: a node runs one wave after its latest prerequisite.
import { indexNodes, stronglyConnected } from "@/server/rules/checkpoint/graph";
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
  const { deps, repeats } = indexNodes(nodes);
  if (repeats[0] !== undefined) return fail("invalid", `Node ${JSON.stringify(repeats[0])} is declared twice.`);
  for (const node of nodes)
    for (const dependency of node.dependsOn)
      if (!deps.has(dependency))
        return fail(
          "invalid",
          `Node ${JSON.stringify(node.id)} depends on ${JSON.stringify(dependency)}, which is no node of this revision.`,
        );

  // Strongly connected parts come prerequisites first: one pass in that order layers the whole graph.
  const { parts } = stronglyConnected(deps);
  const waveOf: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const part of parts) {
    const id = part[0]!;
    const dependsOn = deps.get(id)!;
    if (part.length > 1 || dependsOn.includes(id))
      return fail("invalid", `Node ${JSON.stringify(id)} is on a dependency cycle; a cycle has no waves.`);
    waveOf[id] = dependsOn.reduce((wave, dependency) => Math.max(wave, waveOf[dependency]! + 1), 0);
  }
  const waves: string[][] = [];
  for (const id of deps.keys()) (waves[waveOf[id]!] ??= []).push(id);
  return ok({ waves, waveOf });
}

export type Lane = { wave: number; nodeIds: string[] };

/**
 * The canvas's lanes, left to right: the revision's declared waves when it has them, else the derived ones.
 * Layout-free: positions are the layout engine's business.
 */
export function lanes(revision: { nodes: readonly RevisionNode[]; waves?: readonly (readonly string[])[] }): Result<Lane[]> {
  if (revision.waves) return ok(revision.waves.map((nodeIds, wave) => ({ wave, nodeIds: [...nodeIds] })));
  const derived = deriveWaves(revision.nodes);
  return derived.ok ? ok(derived.value.waves.map((nodeIds, wave) => ({ wave, nodeIds }))) : derived;
}
