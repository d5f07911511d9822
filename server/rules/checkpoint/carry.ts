// Which evidence a new revision may keep: a node whose whole prerequisite closure is declared as before.
import { deriveWaves, type RevisionNode } from "./waves";

/**
 * The nodes of `next` whose own `dependsOn` and every transitive prerequisite's `dependsOn` are the same sets
 * as in `prev`, in `next`'s declaration order. Their outcome records still speak for them and may be carried
 * to the new revision; every other node needs fresh evidence (a rewired prerequisite changes what it consumed).
 * A graph without waves (a repeat, an unknown dependency, a cycle) keeps nothing.
 */
export function unchangedClosures(prev: readonly RevisionNode[], next: readonly RevisionNode[]): string[] {
  const derived = deriveWaves(next);
  if (!derived.ok) return [];
  const before = new Map<string, RevisionNode>();
  for (const node of prev) if (!before.has(node.id)) before.set(node.id, node);
  const byId = new Map(next.map((node) => [node.id, node]));
  const unchanged = new Set<string>();
  // Waves put every prerequisite before its dependents, so one pass in wave order settles each node.
  for (const wave of derived.value.waves)
    for (const id of wave) {
      const now = byId.get(id)!;
      const old = before.get(id);
      if (old && sameSet(old.dependsOn, now.dependsOn) && now.dependsOn.every((d) => unchanged.has(d)))
        unchanged.add(id);
    }
  return next.filter((node) => unchanged.has(node.id)).map((node) => node.id);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}
