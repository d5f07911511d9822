// Which of a node's transitive prerequisites have some property, each counted once, fast enough for 1,000 nodes.
import type { Graph, Parts } from "./graph";

/**
 * Answers "which nodes in node i's transitive prerequisites (itself included) match?" in the order the spec's
 * depth-first walk meets them: from i, `dependsOn` in order, each node once.
 *
 * Why not one plain walk per question: 1,000 success outcomes over a 1,000-node chain would be a million steps.
 * So (1) a part of the graph with nothing matching below it is never entered, and (2) answers are remembered
 * per strongly connected part and spliced in whole when a walk enters that part from outside. Splicing keeps
 * the walk's order exactly on an acyclic graph (a walk entering a node never meets its own path again). Inside
 * a cycle every member has the same prerequisites, so its members share one answer, ordered as a walk from the
 * part's first-declared member: the same nodes and counts as a fresh walk, perhaps not the same order. A cycle
 * already makes the declaration invalid.
 */
export function prerequisitesMatching(
  { ids, first, targets }: Graph,
  { partOf, parts }: Parts,
  matches: Uint8Array,
  /** Nodes that will be asked about: answered prerequisites first, so each answer can reuse earlier ones. */
  questions: Iterable<number>,
): (node: number) => readonly number[] {
  const n = ids.length;
  const reachesMatch = new Uint8Array(parts.length);
  parts.forEach((members, part) => {
    for (const node of members) {
      if (matches[node]) reachesMatch[part] = 1;
      for (let e = first[node]!; e < first[node + 1]! && !reachesMatch[part]; e++)
        if (reachesMatch[partOf[targets[e]!]!]) reachesMatch[part] = 1;
    }
  });

  const answers = new Map<number, readonly number[]>();
  // One stamp per walk marks visited and emitted nodes, so a walk costs what it touches, not the graph's size.
  const visitedIn = new Int32Array(n);
  const emittedIn = new Int32Array(n);
  const path = new Int32Array(n);
  const cursor = new Int32Array(n);
  let walks = 0;
  const walk = (start: number): readonly number[] => {
    const stamp = ++walks;
    const found: number[] = [];
    const emit = (node: number) => {
      if (emittedIn[node] === stamp) return;
      emittedIn[node] = stamp;
      found.push(node);
    };
    if (matches[start]) emit(start);
    if (!reachesMatch[partOf[start]!]) return found;
    visitedIn[start] = stamp;
    let depth = 0;
    path[0] = start;
    cursor[0] = first[start]!;
    while (depth >= 0) {
      const node = path[depth]!;
      if (cursor[depth]! >= first[node + 1]!) {
        depth--;
        continue;
      }
      const dependency = targets[cursor[depth]!++]!;
      if (visitedIn[dependency] === stamp) continue;
      visitedIn[dependency] = stamp;
      const part = partOf[dependency]!;
      if (!reachesMatch[part]) continue;
      // Never the start's own part (its answer is this walk), so only a part entered from outside is spliced.
      const known = answers.get(part);
      if (known) {
        known.forEach(emit);
        continue;
      }
      if (matches[dependency]) emit(dependency);
      path[++depth] = dependency;
      cursor[depth] = first[dependency]!;
    }
    return found;
  };
  const answer = (part: number): readonly number[] => {
    let found = answers.get(part);
    if (!found) {
      found = walk(parts[part]![0]!);
      answers.set(part, found);
    }
    return found;
  };

  const asked = new Set<number>();
  for (const node of questions) asked.add(partOf[node]!);
  [...asked].sort((a, b) => a - b).forEach(answer);
  return (node) => answer(partOf[node]!);
}
