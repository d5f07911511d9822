// The dependency graph as the audit walks it: first-declared nodes, the cycle walk, and strongly connected parts.
// Every walk here is iterative, so a 100,000-node chain cannot overflow the stack.

/** Each known node (its first declaration counts) → its `dependsOn` as declared, in declaration order. */
export type Dependencies = ReadonlyMap<string, readonly string[]>;

type Frame = { id: string; next: number };

export function indexNodes(nodes: readonly { id: string; dependsOn: readonly string[] }[]): {
  deps: Dependencies;
  /** Ids declared again after their first declaration, once per repeat. */
  repeats: string[];
} {
  const deps = new Map<string, readonly string[]>();
  const repeats: string[] = [];
  for (const node of nodes) {
    if (deps.has(node.id)) repeats.push(node.id);
    else deps.set(node.id, node.dependsOn);
  }
  return { deps, repeats };
}

/**
 * The spec's cycle walk: depth-first from each node in declaration order, following `dependsOn` in order and
 * skipping finished nodes; each arrival at a node already on the path is one back edge `from → to`.
 */
export function backEdges(deps: Dependencies): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  const onPath = new Set<string>();
  const finished = new Set<string>();
  for (const root of deps.keys()) {
    if (finished.has(root)) continue;
    const stack: Frame[] = [{ id: root, next: 0 }];
    onPath.add(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const dependsOn = deps.get(top.id) ?? [];
      if (top.next >= dependsOn.length) {
        stack.pop();
        onPath.delete(top.id);
        finished.add(top.id);
        continue;
      }
      const dependency = dependsOn[top.next++]!;
      if (onPath.has(dependency)) found.push({ from: top.id, to: dependency });
      else if (!finished.has(dependency) && deps.has(dependency)) {
        onPath.add(dependency);
        stack.push({ id: dependency, next: 0 });
      }
    }
  }
  return found;
}

/** Strongly connected parts; `parts` come prerequisites first, so a part's prerequisites are all in earlier parts. */
export type Parts = {
  partOf: ReadonlyMap<string, number>;
  /** Members in declaration order; a part of one node without a self-dependency is not cyclic. */
  parts: readonly (readonly string[])[];
};

/** Tarjan's algorithm, iterative; unknown dependencies are no edges. */
export function stronglyConnected(deps: Dependencies): Parts {
  const position = new Map<string, number>();
  for (const id of deps.keys()) position.set(id, position.size);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const partOf = new Map<string, number>();
  const parts: string[][] = [];
  const open: string[] = [];
  const enter = (id: string) => {
    low.set(id, index.size);
    index.set(id, index.size);
    open.push(id);
  };
  for (const root of deps.keys()) {
    if (index.has(root)) continue;
    enter(root);
    const stack: Frame[] = [{ id: root, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const dependsOn = deps.get(top.id) ?? [];
      if (top.next < dependsOn.length) {
        const dependency = dependsOn[top.next++]!;
        if (!deps.has(dependency)) continue;
        if (!index.has(dependency)) {
          enter(dependency);
          stack.push({ id: dependency, next: 0 });
        } else if (!partOf.has(dependency)) {
          // Still open: on the Tarjan stack, so in the same part as something on the path.
          low.set(top.id, Math.min(low.get(top.id)!, index.get(dependency)!));
        }
        continue;
      }
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(top.id)!));
      if (low.get(top.id) !== index.get(top.id)) continue;
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = open.pop()!;
        partOf.set(member, parts.length);
        part.push(member);
      } while (member !== top.id);
      part.sort((a, b) => position.get(a)! - position.get(b)!);
      parts.push(part);
    }
  }
  return { partOf, parts };
}
