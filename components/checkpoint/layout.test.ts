// The layout is pure and keeps the lanes: every node sits in its wave's column, ghosts included.
import { describe, expect, it } from "vitest";
import { dagreLayout, gridLayout, LANE_W, NODE_H, type LayoutInput } from "./layout";

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

describe("layout", () => {
  it("puts every node in its lane's column, never two nodes of a lane on top of each other", () => {
    for (const layout of [gridLayout(input), dagreLayout(input)]) {
      const lanes = [
        ...input.lanes.map((ids, lane) => ids.map((id) => [id, lane] as const)).flat(),
        ["old", 1] as const,
      ];
      for (const [id, lane] of lanes) expect(Math.round(layout.positions[id]!.x / LANE_W)).toBe(lane);
      const ys = ["inspect-call-sites", "lint", "old"]
        .map((id) => layout.positions[id]!.y)
        .sort((a, b) => a - b);
      expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(NODE_H);
      expect(ys[2]! - ys[1]!).toBeGreaterThanOrEqual(NODE_H);
    }
  });

  it("is pure: the same input gives the same layout, and the input is left as it was", () => {
    const copy = structuredClone(input);
    expect(dagreLayout(input)).toEqual(dagreLayout(input));
    expect(input).toEqual(copy);
  });

  it("keeps the lanes for declared waves that are later than the longest path, and for an empty plan", () => {
    const late = dagreLayout({ lanes: [["a"], [], ["b"]], edges: [{ from: "a", to: "b" }] });
    expect(Math.round(late.positions.b!.x / LANE_W)).toBe(2);
    expect(dagreLayout({ lanes: [], edges: [] }).positions).toEqual({});
  });
});
