// Which of a node's transitive prerequisites have some property, each counted once, fast enough for 1,000 nodes.
import type { Dependencies, Parts } from "@/server/rules/checkpoint/graph";

/**
 * Answers "which nodes in `id`'s transitive prerequisites (itself included) match?" in the order the spec's
 * depth-first walk meets them: from `id`, `dependsOn` in order, each node once.
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
  deps: Dependencies,
  { partOf, parts }: Parts,
  matches: (id: string) => boolean,
  /** Nodes that will be asked about: answered prerequisites first, so each answer can reuse earlier ones. */
  questions: Iterable<string>,
): (id: string) => readonly string[] {
  const reachesMatch: boolean[] = [];
  parts.forEach((members, part) => {
    reachesMatch[part] = members.some(
      (id) =>
        matches(id) ||
        (deps.get(id) ?? []).some((dependency) => {
          const other = partOf.get(dependency);
          return other !== undefined && other !== part && reachesMatch[other] === true;
        }),
    );
  });

  const answers = new Map<number, readonly string[]>();
  const walk = (start: string): readonly string[] => {
    const found: string[] = [];
    const emitted = new Set<string>();
    const emit = (id: string) => {
      if (emitted.has(id)) return;
      emitted.add(id);
      found.push(id);
    };
    if (matches(start)) emit(start);
    if (reachesMatch[partOf.get(start)!] !== true) return found;
    const visited = new Set<string>([start]);
    const stack: { id: string; part: number; next: number }[] = [{ id: start, part: partOf.get(start)!, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const dependsOn = deps.get(top.id) ?? [];
      if (top.next >= dependsOn.length) {
        stack.pop();
        continue;
      }
      const dependency = dependsOn[top.next++]!;
      const part = partOf.get(dependency);
      if (part === undefined || visited.has(dependency)) continue;
      visited.add(dependency);
      if (reachesMatch[part] !== true) continue;
      const known = part === top.part ? undefined : answers.get(part);
      if (known) {
        known.forEach(emit);
        continue;
      }
      if (matches(dependency)) emit(dependency);
      stack.push({ id: dependency, part, next: 0 });
    }
    return found;
  };
  const answer = (part: number): readonly string[] => {
    let found = answers.get(part);
    if (!found) {
      found = walk(parts[part]![0]!);
      answers.set(part, found);
    }
    return found;
  };

  const asked = new Set<number>();
  for (const id of questions) {
    const part = partOf.get(id);
    if (part !== undefined) asked.add(part);
  }
  [...asked].sort((a, b) => a - b).forEach(answer);

  return (id) => {
    const part = partOf.get(id);
    return part === undefined ? [] : answer(part);
  };
}
