// What a new graph revision changed, and which successors a prune leaves without their input.
import type { RevisionNode } from "./waves";

export type Revision = { nodes: readonly RevisionNode[] };

export type RevisionDiff = {
  /** In the newer revision's order. */
  added: string[];
  /** In the older revision's order. */
  removed: string[];
  /** Nodes in both whose set of prerequisites changed (the order of `dependsOn` alone is no rewiring). */
  rewired: { id: string; before: string[]; after: string[] }[];
  /** Nodes in both whose title changed; an absent title is `undefined`. */
  retitled: { id: string; before: string | undefined; after: string | undefined }[];
};

/** Compares two revisions node by node; a repeated id counts by its first declaration, as in the audit. */
export function diffRevisions(prev: Revision, next: Revision): RevisionDiff {
  const before = firstById(prev.nodes);
  const after = firstById(next.nodes);
  const diff: RevisionDiff = { added: [], removed: [], rewired: [], retitled: [] };
  for (const id of after.keys()) if (!before.has(id)) diff.added.push(id);
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now) {
      diff.removed.push(id);
      continue;
    }
    if (!sameSet(old.dependsOn, now.dependsOn))
      diff.rewired.push({ id, before: [...old.dependsOn], after: [...now.dependsOn] });
    if (old.title !== now.title) diff.retitled.push({ id, before: old.title, after: now.title });
  }
  return diff;
}

/**
 * Every successor that consumes a removed node's output, directly or through another such successor, in
 * declaration order. Pass the graph that still has the removed nodes (the parent revision): dropping a
 * predecessor from a successor's `dependsOn` is no evidence that the successor still has its input, so each
 * of these must be held or revalidated.
 */
export function pruneImpact(nodes: readonly RevisionNode[], removedIds: Iterable<string>): string[] {
  const byId = firstById(nodes);
  const dependents = new Map<string, string[]>();
  for (const [id, { dependsOn }] of byId)
    for (const dependency of new Set(dependsOn)) {
      const list = dependents.get(dependency);
      if (list) list.push(id);
      else dependents.set(dependency, [id]);
    }
  const removed = new Set(removedIds);
  const impacted = new Set<string>();
  const pending = [...removed];
  for (let id = pending.pop(); id !== undefined; id = pending.pop())
    for (const dependent of dependents.get(id) ?? [])
      if (!removed.has(dependent) && !impacted.has(dependent)) {
        impacted.add(dependent);
        pending.push(dependent);
      }
  return [...byId.keys()].filter((id) => impacted.has(id));
}

function firstById(nodes: readonly RevisionNode[]): Map<string, RevisionNode> {
  const byId = new Map<string, RevisionNode>();
  for (const node of nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  return byId;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}
