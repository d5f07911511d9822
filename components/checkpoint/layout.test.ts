// The layout is pure, keeps the lanes, orders each lane to uncross edges, and stays fast at thousands of nodes.
import { describe, expect, it } from "vitest";
import { LANE_W, NODE_H, waveLayout, type LayoutInput } from "./layout";

const input: LayoutInput = {
  lanes: [["scan"], ["inspect-call-sites", "lint"], ["patch-X"], ["publish"]],
  edges: [
    { from: "scan", to: "inspect-call-sites" },
    { from: "scan", to: "lint" },
    { from: "inspect-call-sites", to: "patch-X" },
    { from: "patch-X", to: "publish" },
    { from: "old", to: "patch-X" },
  ],
  extra: [{ id: "old", lane: 1 }],
};

/** Edges between adjacent lanes that cross, counted pairwise. */
function crossings(layout: ReturnType<typeof waveLayout>, edges: { from: string; to: string }[]): number {
  const at = (id: string) => layout.positions[id]!;
  let n = 0;
  for (let i = 0; i < edges.length; i++)
    for (let j = i + 1; j < edges.length; j++) {
      const [a, b] = [edges[i]!, edges[j]!];
      if (at(a.from).x !== at(b.from).x || at(a.to).x !== at(b.to).x) continue;
      if ((at(a.from).y - at(b.from).y) * (at(a.to).y - at(b.to).y) < 0) n++;
    }
  return n;
}

describe("layout", () => {
  it("puts every node in its lane's column, never two nodes of a lane on top of each other", () => {
    const layout = waveLayout(input);
    const lanes = [
      ...input.lanes.flatMap((ids, lane) => ids.map((id) => [id, lane] as const)),
      ["old", 1] as const,
    ];
    for (const [id, lane] of lanes) expect(Math.round(layout.positions[id]!.x / LANE_W)).toBe(lane);
    const ys = ["inspect-call-sites", "lint", "old"]
      .map((id) => layout.positions[id]!.y)
      .sort((a, b) => a - b);
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(NODE_H);
    expect(ys[2]! - ys[1]!).toBeGreaterThanOrEqual(NODE_H);
    expect(layout.height).toBeGreaterThanOrEqual(Math.max(...ys) + NODE_H);
  });

  it("is pure: the same input gives the same layout, and the input is left as it was", () => {
    const copy = structuredClone(input);
    expect(waveLayout(input)).toEqual(waveLayout(input));
    expect(input).toEqual(copy);
  });

  it("orders a lane after its prerequisites, so edges that need not cross do not", () => {
    // Declared crosswise: b2 depends on a1 and b1 on a2. Declaration order would cross them; the sweep does not.
    const crossed: LayoutInput = {
      lanes: [
        ["a1", "a2"],
        ["b1", "b2"],
      ],
      edges: [
        { from: "a2", to: "b1" },
        { from: "a1", to: "b2" },
      ],
    };
    const layout = waveLayout(crossed);
    expect(crossings(layout, crossed.edges)).toBe(0);
    expect(layout.positions.b2!.y).toBeLessThan(layout.positions.b1!.y);
  });

  it("keeps the lanes for declared waves later than the longest path, and lays out an empty plan", () => {
    const late = waveLayout({ lanes: [["a"], [], ["b"]], edges: [{ from: "a", to: "b" }] });
    expect(Math.round(late.positions.b!.x / LANE_W)).toBe(2);
    expect(waveLayout({ lanes: [], edges: [] })).toEqual({ positions: {}, height: 0, engine: "waves" });
  });

  it("crosses fewer edges than the declaration order on a big layered plan", () => {
    // The bench's plan: 10 waves of 100, each node depending on three scattered nodes of the wave before.
    const lanes = Array.from({ length: 10 }, (_, w) => Array.from({ length: 100 }, (_, i) => `w${w}-n${i}`));
    const edges = lanes
      .slice(1)
      .flatMap((ids, w) =>
        ids.flatMap((to, i) => [0, 1, 2].map((k) => ({ from: `w${w}-n${(i * 7 + k * 13) % 100}`, to }))),
      );
    const declared = crossings(
      {
        positions: Object.fromEntries(
          lanes.flatMap((ids, lane) => ids.map((id, i) => [id, { x: lane * LANE_W, y: i * NODE_H }])),
        ),
        height: 0,
        engine: "waves",
      },
      edges,
    );
    expect(crossings(waveLayout({ lanes, edges }), edges)).toBeLessThan(declared);
  });
});
