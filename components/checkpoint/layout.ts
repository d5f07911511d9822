// The canvas layout as a pure function. The lanes are the waves, which the rules already computed, so nothing is
// left to rank: each lane is a column, and only the order within a lane is chosen — by the median of each node's
// neighbours in the lane before (then after), the classic sweep that uncrosses most edges. No graph library.
export const NODE_W = 216;
export const NODE_H = 84;
export const LANE_GAP = 140;
export const LANE_W = NODE_W + LANE_GAP;
export const LANE_TOP = 56;
export const ROW_GAP = 18;
export const ROW_H = NODE_H + ROW_GAP;

export type LayoutInput = {
  /** Node ids per wave, first wave first. */
  lanes: string[][];
  /** Every node with what it depends on (ids outside the lanes, e.g. ghosts, may appear). */
  edges: { from: string; to: string }[];
  /** Nodes outside the lanes (a removed node drawn as a ghost) with the lane they sit in. */
  extra?: { id: string; lane: number }[];
};

export type Layout = {
  positions: Record<string, { x: number; y: number }>;
  height: number;
  engine: "waves";
};

export const laneX = (lane: number) => lane * LANE_W + LANE_GAP / 2;

/** Down and back up: two sweeps settle almost every crossing a third would; each is O(nodes + edges) plus a sort. */
const SWEEPS = ["down", "up", "down"] as const;

export function waveLayout(input: LayoutInput): Layout {
  const lanes = input.lanes.map((ids) => [...ids]);
  const laneOf = new Map<string, number>();
  lanes.forEach((ids, lane) => ids.forEach((id) => laneOf.set(id, lane)));
  for (const { id, lane } of input.extra ?? []) {
    while (lanes.length <= lane) lanes.push([]);
    lanes[lane]!.push(id);
    laneOf.set(id, lane);
  }
  // Only edges that run forward across lanes shape the order; anything else the audit reports, not the picture.
  const before = new Map<string, string[]>();
  const after = new Map<string, string[]>();
  for (const { from, to } of input.edges) {
    const a = laneOf.get(from);
    const b = laneOf.get(to);
    if (a === undefined || b === undefined || b <= a) continue;
    (before.get(to) ?? before.set(to, []).get(to)!).push(from);
    (after.get(from) ?? after.set(from, []).get(from)!).push(to);
  }
  const row = new Map<string, number>();
  const settle = (ids: string[]) => ids.forEach((id, i) => row.set(id, i));
  lanes.forEach(settle);
  for (const sweep of SWEEPS) {
    const order =
      sweep === "down"
        ? lanes.map((_, i) => i).slice(1)
        : lanes
            .map((_, i) => i)
            .reverse()
            .slice(1);
    const neighbours = sweep === "down" ? before : after;
    for (const lane of order) {
      const ids = lanes[lane]!;
      const key = new Map<string, number>();
      for (const id of ids) {
        const rows = (neighbours.get(id) ?? []).map((n) => row.get(n)!).sort((p, q) => p - q);
        // A node with no neighbour on that side keeps its place.
        key.set(id, rows.length ? rows[(rows.length - 1) >> 1]! : row.get(id)!);
      }
      ids.sort((p, q) => key.get(p)! - key.get(q)! || row.get(p)! - row.get(q)!);
      settle(ids);
    }
  }
  const positions: Layout["positions"] = {};
  let tallest = 0;
  lanes.forEach((ids, lane) => {
    ids.forEach((id, i) => (positions[id] = { x: laneX(lane), y: LANE_TOP + i * ROW_H }));
    tallest = Math.max(tallest, ids.length);
  });
  return { positions, height: tallest ? LANE_TOP + tallest * ROW_H - ROW_GAP + 24 : 0, engine: "waves" };
}
