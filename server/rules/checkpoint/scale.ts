// Generated declarations for the speed tests and the benchmark: big, deterministic, no randomness.
import type { Declaration } from "@/server/rules/checkpoint/types";

/**
 * `waves` layers of `width` nodes, each depending on `fanIn` nodes of the layer before; every layer up to
 * `finished` has succeeded, `finished` is the wave just returned and the next layer is proposed. Valid and eligible.
 */
export function layeredDeclaration({ waves = 10, width = 100, fanIn = 3, finished = 5 } = {}): Declaration {
  const id = (wave: number, i: number) => `w${wave}-n${i}`;
  const nodes = [];
  const outcomes = [];
  for (let wave = 0; wave < waves; wave++)
    for (let i = 0; i < width; i++) {
      const dependsOn =
        wave === 0 ? [] : Array.from({ length: fanIn }, (_, k) => id(wave - 1, (i * 7 + k * 13) % width));
      nodes.push({ id: id(wave, i), dependsOn: [...new Set(dependsOn)] });
      if (wave <= finished)
        outcomes.push({
          nodeId: id(wave, i),
          revision: 3,
          status: "success" as const,
          evidenceHash: `h${wave}-${i}`,
        });
    }
  const layer = (wave: number) => Array.from({ length: width }, (_, i) => id(wave, i));
  return {
    graphRevision: 3,
    justFinished: layer(finished),
    nodes,
    outcomes,
    risks: Array.from({ length: 20 }, (_, r) => ({
      id: `R${r}`,
      revision: 3,
      severity: "low" as const,
      affectedNodes: [id(finished, r), id(finished + 1, r)],
      evidenceHash: `r${r}`,
    })),
    nextWave: layer(finished + 1),
    approval: { required: true, present: true },
    assignment: { authority: true, resources: true },
  };
}

/** A chain of `length` nodes, each on the one before, every one claiming success except `gaps` at the bottom. */
export function chainDeclaration(length: number, { gaps = 1, cyclic = false } = {}): Declaration {
  const nodes = Array.from({ length }, (_, i) => ({ id: `c${i}`, dependsOn: i === 0 ? [] : [`c${i - 1}`] }));
  if (cyclic) nodes[0]!.dependsOn = [`c${length - 1}`];
  return {
    graphRevision: 1,
    justFinished: [`c${length - 2}`],
    nodes,
    outcomes: nodes
      .slice(gaps, length - 1)
      .map((node) => ({ nodeId: node.id, revision: 1, status: "success" as const, evidenceHash: "h" })),
    risks: [],
    nextWave: [`c${length - 1}`],
    approval: { required: false, present: false },
    assignment: { authority: true, resources: true },
  };
}

/**
 * A plan's graph as create and revise take it: `waves` layers of `width` nodes, each titled in `titleLength`
 * characters and depending on `fanIn` nodes of the layer before (`tag` tells one revision's titles from another's).
 */
export function layeredNodes({ waves = 10, width = 100, fanIn = 3, titleLength = 80, tag = "" } = {}) {
  const id = (wave: number, i: number) => `w${wave}-n${i}`;
  const nodes: { id: string; title: string; dependsOn: string[] }[] = [];
  for (let wave = 0; wave < waves; wave++)
    for (let i = 0; i < width; i++) {
      const dependsOn =
        wave === 0 ? [] : Array.from({ length: fanIn }, (_, k) => id(wave - 1, (i * 7 + k * 13) % width));
      const title = `${tag}Wave ${wave + 1}, task ${i + 1}: build, test and report the part `.padEnd(
        titleLength,
        "x",
      );
      nodes.push({ id: id(wave, i), title: title.slice(0, titleLength), dependsOn: [...new Set(dependsOn)] });
    }
  return nodes;
}
