// The canvas layout as a pure function: lanes left to right by wave, the order within a lane by dagre.
import dagre from "@dagrejs/dagre";

export const NODE_W = 216;
export const NODE_H = 84;
export const LANE_GAP = 140;
export const LANE_W = NODE_W + LANE_GAP;
export const LANE_TOP = 56;
const ROW_GAP = 18;

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
  engine: "grid" | "dagre";
};

const laneX = (lane: number) => lane * LANE_W + LANE_GAP / 2;

/** Instant and crude: each lane a column in declaration order. Shown first, so a big graph appears at once. */
export function gridLayout(input: LayoutInput): Layout {
  const positions: Layout["positions"] = {};
  const rows: number[] = [];
  const place = (id: string, lane: number) => {
    const row = rows[lane] ?? 0;
    positions[id] = { x: laneX(lane), y: LANE_TOP + row * (NODE_H + ROW_GAP) };
    rows[lane] = row + 1;
  };
  input.lanes.forEach((ids, lane) => ids.forEach((id) => place(id, lane)));
  for (const { id, lane } of input.extra ?? []) place(id, lane);
  return { positions, height: heightOf(positions), engine: "grid" };
}

/** The numbers `layoutWith` needs, passed in so it depends on nothing outside its own body. */
export const DIMENSIONS = { NODE_W, NODE_H, LANE_GAP, LANE_W, LANE_TOP, ROW_GAP };

/** dagre's layout, with the lanes pinned (see `layoutWith`). */
export function dagreLayout(input: LayoutInput): Layout {
  return layoutWith(dagre, input, DIMENSIONS);
}

type Dagre = Pick<typeof dagre, "graphlib" | "layout">;

/**
 * dagre over a fresh graph each call (dagre mutates what it lays out). Ranks are pinned to the lanes: each edge's
 * minlen is the lane distance and a virtual sink ties every node to the last lane, so the fast longest-path ranker
 * reproduces the waves exactly; dagre then orders each lane to cut crossings. x comes from the lane, y from dagre.
 *
 * Self-contained on purpose — no helper, constant or import from outside its body — because the layout worker is
 * this very function's source text next to dagre's browser build (see app/plans/layout-worker.js).
 */
export function layoutWith(lib: Dagre, input: LayoutInput, d: typeof DIMENSIONS): Layout {
  const laneOf = new Map<string, number>();
  input.lanes.forEach((ids, lane) => ids.forEach((id) => laneOf.set(id, lane)));
  for (const extra of input.extra ?? []) laneOf.set(extra.id, extra.lane);
  const positions: Record<string, { x: number; y: number }> = {};
  if (laneOf.size === 0) return { positions, height: 0, engine: "dagre" };
  let last = 0;
  for (const lane of laneOf.values()) if (lane > last) last = lane;
  const g = new lib.graphlib.Graph({ multigraph: false });
  g.setGraph({
    rankdir: "LR",
    ranker: "longest-path",
    nodesep: d.ROW_GAP,
    ranksep: d.LANE_GAP,
    marginx: 0,
    marginy: 0,
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of laneOf.keys()) g.setNode(id, { width: d.NODE_W, height: d.NODE_H });
  const hasSuccessor = new Set<string>();
  for (const { from, to } of input.edges) {
    const a = laneOf.get(from);
    const b = laneOf.get(to);
    if (a === undefined || b === undefined || b <= a) continue;
    g.setEdge(from, to, { minlen: b - a, weight: 1 });
    hasSuccessor.add(from);
  }
  const sink = "\u0000sink";
  g.setNode(sink, { width: 1, height: 1 });
  for (const [id, lane] of laneOf)
    if (!hasSuccessor.has(id)) g.setEdge(id, sink, { minlen: last + 1 - lane, weight: 0 });
  lib.layout(g);
  let minY = Infinity;
  for (const id of laneOf.keys()) minY = Math.min(minY, g.node(id).y ?? 0);
  let height = 0;
  for (const [id, lane] of laneOf) {
    const y = d.LANE_TOP + (g.node(id).y ?? 0) - minY;
    positions[id] = { x: lane * d.LANE_W + d.LANE_GAP / 2, y };
    height = Math.max(height, y + d.NODE_H);
  }
  return { positions, height: height + 24, engine: "dagre" };
}

function heightOf(positions: Layout["positions"]): number {
  let max = 0;
  for (const { y } of Object.values(positions)) max = Math.max(max, y + NODE_H);
  return max + 24;
}
