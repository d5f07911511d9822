// The dependency graph as the audit walks it: first-declared nodes, the cycle walk, and strongly connected parts.
// Nodes are numbered once and walked as numbers in typed arrays (a string-keyed map per step costs ~100 ns
// here); every walk is iterative, so a 100,000-node chain cannot overflow the stack.

export type Graph = {
  /** Each known node's id, numbered in declaration order; a repeated id's first declaration is the node. */
  ids: readonly string[];
  numberOf: ReadonlyMap<string, number>;
  /** Node i's known dependencies, in declared order, are `targets[first[i]]` up to `targets[first[i + 1]]`. */
  first: Int32Array;
  targets: Int32Array;
  /** Ids declared again after their first declaration, once per repeat, in order. */
  repeats: string[];
};

export function graphOf(nodes: readonly { id: string; dependsOn: readonly string[] }[]): Graph {
  const numberOf = new Map<string, number>();
  const ids: string[] = [];
  const declared: (readonly string[])[] = [];
  const repeats: string[] = [];
  for (const node of nodes) {
    if (numberOf.has(node.id)) {
      repeats.push(node.id);
      continue;
    }
    numberOf.set(node.id, ids.length);
    ids.push(node.id);
    declared.push(node.dependsOn);
  }
  const first = new Int32Array(ids.length + 1);
  const known: number[] = [];
  declared.forEach((dependsOn, i) => {
    for (const dependency of dependsOn) {
      const target = numberOf.get(dependency);
      if (target !== undefined) known.push(target);
    }
    first[i + 1] = known.length;
  });
  return { ids, numberOf, first, targets: Int32Array.from(known), repeats };
}

/**
 * The spec's cycle walk: depth-first from each node in declaration order, following `dependsOn` in order and
 * skipping finished nodes; each arrival at a node already on the path is one back edge `from → to`.
 */
export function backEdges({ ids, first, targets }: Graph): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  const onPath = new Uint8Array(ids.length);
  const finished = new Uint8Array(ids.length);
  const path = new Int32Array(ids.length);
  const cursor = new Int32Array(ids.length);
  for (let root = 0; root < ids.length; root++) {
    if (finished[root]) continue;
    let depth = 0;
    path[0] = root;
    cursor[0] = first[root]!;
    onPath[root] = 1;
    while (depth >= 0) {
      const node = path[depth]!;
      if (cursor[depth]! >= first[node + 1]!) {
        onPath[node] = 0;
        finished[node] = 1;
        depth--;
        continue;
      }
      const dependency = targets[cursor[depth]!++]!;
      if (onPath[dependency]) found.push({ from: node, to: dependency });
      else if (!finished[dependency]) {
        onPath[dependency] = 1;
        path[++depth] = dependency;
        cursor[depth] = first[dependency]!;
      }
    }
  }
  return found;
}

/** Strongly connected parts; `parts` come prerequisites first, so a part's prerequisites are all in earlier parts. */
export type Parts = {
  partOf: Int32Array;
  /** Members in declaration order. */
  parts: readonly (readonly number[])[];
};

/** Tarjan's algorithm, iterative. */
export function stronglyConnected({ ids, first, targets }: Graph): Parts {
  const n = ids.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const partOf = new Int32Array(n).fill(-1);
  const parts: number[][] = [];
  const open = new Int32Array(n);
  let openTop = 0;
  let entered = 0;
  const path = new Int32Array(n);
  const cursor = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    let depth = 0;
    path[0] = root;
    cursor[0] = first[root]!;
    order[root] = low[root] = entered++;
    open[openTop++] = root;
    while (depth >= 0) {
      const node = path[depth]!;
      if (cursor[depth]! < first[node + 1]!) {
        const dependency = targets[cursor[depth]!++]!;
        if (order[dependency] === -1) {
          order[dependency] = low[dependency] = entered++;
          open[openTop++] = dependency;
          path[++depth] = dependency;
          cursor[depth] = first[dependency]!;
        } else if (partOf[dependency] === -1) {
          // Still open, so in one part with something on the path.
          low[node] = Math.min(low[node]!, order[dependency]!);
        }
        continue;
      }
      depth--;
      if (depth >= 0) low[path[depth]!] = Math.min(low[path[depth]!]!, low[node]!);
      if (low[node] !== order[node]) continue;
      const part: number[] = [];
      let member: number;
      do {
        member = open[--openTop]!;
        partOf[member] = parts.length;
        part.push(member);
      } while (member !== node);
      parts.push(part.sort((a, b) => a - b));
    }
  }
  return { partOf, parts };
}
