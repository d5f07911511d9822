// From the server's plan view and a layout to React Flow's nodes (reusing every unchanged object, so a live update
// re-renders only the nodes it touched) and to the dependency edges as a few SVG paths.
import type { Node } from "@xyflow/react";
import type { PlanView } from "@/server/actions/checkpoint";
import { LANE_GAP, LANE_TOP, LANE_W, laneX, NODE_H, NODE_W, type Layout, type LayoutInput } from "./layout";
import type { GateNodeData, GhostNodeData, LaneNodeData, WaveNodeData, WorkNodeData } from "./nodes";

export const GATE_W = 100;
export const GATE_H = 80;

export type FlowCache = { nodes: Map<string, { key: unknown[]; node: Node }> };
export const newFlowCache = (): FlowCache => ({ nodes: new Map() });

/** The graph the layout needs, and the lane a removed node is drawn in (after its surviving prerequisites). */
export function layoutInputOf(view: PlanView): LayoutInput {
  const waveOf = new Map(view.nodes.map((n) => [n.id, n.wave]));
  const last = Math.max(0, view.lanes.length - 1);
  const extra = view.removed.map((r) => ({
    id: `ghost:${r.id}`,
    lane: Math.min(
      last,
      r.dependsOn.reduce((lane, d) => Math.max(lane, (waveOf.get(d) ?? -1) + 1), 0),
    ),
  }));
  const edges = view.nodes.flatMap((n) => n.dependsOn.map((d) => ({ from: d, to: n.id })));
  for (const r of view.revision.changes.rewired)
    for (const d of r.before)
      if (view.removed.some((x) => x.id === d)) edges.push({ from: `ghost:${d}`, to: r.id });
  return { lanes: view.lanes.map((l) => l.nodeIds), edges, extra };
}

/** Reuses the cached object when every part of `key` is the same value (by identity). */
function reuse(cache: FlowCache, id: string, key: unknown[], make: () => Node): Node {
  const held = cache.nodes.get(id);
  if (held && held.key.length === key.length && held.key.every((k, i) => k === key[i])) return held.node;
  const node = make();
  cache.nodes.set(id, { key, node });
  return node;
}

/** How the reader has narrowed the canvas: a search's hits (the rest dimmed), a filter, and collapsed waves. */
export type Look = {
  /** When set, only these nodes stay bright. */
  bright: ReadonlySet<string> | null;
  /** When set, only these nodes are drawn. */
  only: ReadonlySet<string> | null;
  collapsed: ReadonlySet<number>;
  onToggle: (wave: number) => void;
};

export const plainLook = (onToggle: (wave: number) => void = () => {}): Look => ({
  bright: null,
  only: null,
  collapsed: new Set(),
  onToggle,
});

export function flowOf(
  view: PlanView,
  layout: Layout,
  focused: string | null,
  cache: FlowCache,
  look: Look = plainLook(),
): { nodes: Node[]; edges: Edges } {
  const nodes: Node[] = [];
  const height = Math.max(layout.height, 240);
  const laneRole = new Map<number, "justFinished" | "next">();
  for (const n of view.nodes) if (n.role) laneRole.set(n.wave, n.role);

  for (const lane of view.lanes) {
    const collapsed = look.collapsed.has(lane.wave);
    const data: LaneNodeData = {
      wave: lane.wave,
      role: laneRole.get(lane.wave) ?? null,
      count: lane.nodeIds.length,
      height,
      collapsed,
      onToggle: look.onToggle,
    };
    nodes.push(
      reuse(cache, `lane:${lane.wave}`, [data.role, data.count, height, collapsed, look.onToggle], () => ({
        id: `lane:${lane.wave}`,
        type: "lane",
        position: { x: lane.wave * LANE_W + LANE_GAP / 2 - 16, y: 0 },
        width: NODE_W + 32,
        height,
        data,
        draggable: false,
        selectable: false,
        focusable: false,
        zIndex: -1,
      })),
    );
  }

  for (const n of view.nodes) {
    if (look.collapsed.has(n.wave)) continue;
    const position = layout.positions[n.id] ?? { x: 0, y: 0 };
    const isFocused = focused === n.id;
    const dimmed = look.bright !== null && !look.bright.has(n.id);
    const hidden = look.only !== null && !look.only.has(n.id);
    nodes.push(
      reuse(cache, n.id, [n, position, isFocused, dimmed, hidden], () => ({
        id: n.id,
        type: "work",
        position,
        // Known sizes let fitView and onlyRenderVisibleElements work before the browser has measured anything.
        width: NODE_W,
        height: NODE_H,
        data: { node: n, focused: isFocused, dimmed } satisfies WorkNodeData,
        draggable: false,
        hidden,
      })),
    );
  }

  // A collapsed wave is one summary card at the top of its lane, which its edges run to and from.
  for (const lane of view.lanes) {
    if (!look.collapsed.has(lane.wave)) continue;
    const ids = new Set(lane.nodeIds);
    const inLane = view.nodes.filter((n) => ids.has(n.id));
    const statuses: Record<string, number> = {};
    for (const n of inLane) statuses[n.status ?? "none"] = (statuses[n.status ?? "none"] ?? 0) + 1;
    const data: WaveNodeData = {
      wave: lane.wave,
      count: inLane.length,
      statuses,
      findings: inLane.reduce((sum, n) => sum + n.findings.length, 0),
      onToggle: look.onToggle,
    };
    nodes.push(
      reuse(cache, `wave:${lane.wave}`, [JSON.stringify(data), look.onToggle], () => ({
        id: `wave:${lane.wave}`,
        type: "wave",
        position: { x: laneX(lane.wave), y: LANE_TOP },
        width: NODE_W,
        height: NODE_H,
        data,
        draggable: false,
      })),
    );
  }

  for (const r of view.removed) {
    const id = `ghost:${r.id}`;
    const position = layout.positions[id] ?? { x: 0, y: 0 };
    const isFocused = focused === id;
    nodes.push(
      reuse(cache, id, [r, position, isFocused], () => ({
        id,
        type: "ghost",
        position,
        width: NODE_W,
        height: NODE_H,
        data: { id: r.id, title: r.title, focused: isFocused } satisfies GhostNodeData,
        draggable: false,
      })),
    );
  }

  // The gates stand in the gap before the proposed wave's lane.
  const nextLane = view.nodes.find((n) => n.role === "next")?.wave;
  if (view.gates && nextLane !== undefined) {
    const g = view.gates;
    const approvalFinding = view.findings.find((f) => f.id === "approval-required")?.message ?? null;
    const assignmentFinding =
      view.findings.find((f) => f.id === "assignment-gate-unsatisfied")?.message ?? null;
    const x = nextLane * LANE_W + LANE_GAP / 2 - LANE_GAP + 4;
    const gates: [string, GateNodeData][] = [
      [
        "gate:approval",
        {
          kind: "approval",
          satisfied: !approvalFinding && (!g.approvalRequired || g.approvals.length >= g.needed),
          lines: g.approvalRequired
            ? [
                `${g.approvals.length} of ${g.needed} approval${g.needed === 1 ? "" : "s"}`,
                ...g.approvals.map((a) => `✓ ${a.by}`),
                ...g.stillNeeded.filter((l) => /approv/.test(l)),
                ...g.lapsed.filter((l) => /approv/.test(l)).map((l) => `⌛ ${l}`),
              ]
            : ["not required"],
          finding: approvalFinding,
          focused: focused === "gate:approval",
        },
      ],
      [
        "gate:assignment",
        {
          kind: "assignment",
          satisfied: !!g.authority && !!g.resources,
          lines: [
            g.authority ? `✓ authority: ${g.authority.by}` : "✗ authority",
            g.resources ? `✓ resources: ${g.resources.by}` : "✗ resources",
            ...g.stillNeeded.filter((l) => /authority|resources/.test(l)),
          ],
          finding: assignmentFinding,
          focused: focused === "gate:assignment",
        },
      ],
    ];
    gates.forEach(([id, data], i) => {
      nodes.push(
        reuse(cache, id, [JSON.stringify(data), x], () => ({
          id,
          type: "gate",
          position: { x, y: 56 + i * 96 },
          width: GATE_W,
          height: GATE_H,
          data,
          draggable: false,
        })),
      );
    });
  }

  return { nodes, edges: edgesOf(view, nodes, look.collapsed) };
}

/** How an edge is drawn: blamed by the audit, into the proposed wave, from a removed node, from a gate, or plain. */
export type EdgeKind = "plain" | "next" | "blamed" | "ghost" | "gate";
export const EDGE_STYLE: Record<EdgeKind, { stroke: string; width: number; dash?: string }> = {
  plain: { stroke: "#a8a29e", width: 1.25 },
  next: { stroke: "#7c3aed", width: 2 },
  blamed: { stroke: "#dc2626", width: 2.5 },
  ghost: { stroke: "#f87171", width: 1.5, dash: "6 4" },
  gate: { stroke: "#a78bfa", width: 1, dash: "3 3" },
};

/** Each kind's edges, one SVG path per lane they leave from (see `edgesOf`). */
export type Edges = Record<EdgeKind, string[]>;

/**
 * Every dependency edge as one SVG path per kind and lane it leaves from: a thousand nodes' three thousand edges are
 * a few dozen elements to paint, not three thousand, and the browser skips the paths whose box is off screen, so
 * panning and zooming stay smooth. Each edge is a bezier from the right of its prerequisite to the left of its
 * dependent, as React Flow draws them.
 */
function edgesOf(view: PlanView, nodes: Node[], collapsed: ReadonlySet<number>): Edges {
  const paths: Record<EdgeKind, string[][]> = { plain: [], next: [], blamed: [], ghost: [], gate: [] };
  const at = new Map<string, { x: number; y: number; h: number; w: number }>();
  for (const n of nodes)
    if (n.type !== "lane" && !n.hidden)
      at.set(n.id, { ...n.position, w: n.width ?? NODE_W, h: n.height ?? NODE_H });
  // A node in a collapsed wave is drawn as its wave's summary card; many edges into one card are drawn once.
  const waveOf = new Map<string, number>();
  if (collapsed.size) for (const n of view.nodes) if (collapsed.has(n.wave)) waveOf.set(n.id, n.wave);
  const drawn = new Set<string>();
  const curve = (rawFrom: string, rawTo: string, kind: EdgeKind) => {
    const from = waveOf.has(rawFrom) ? `wave:${waveOf.get(rawFrom)}` : rawFrom;
    const to = waveOf.has(rawTo) ? `wave:${waveOf.get(rawTo)}` : rawTo;
    if (from !== rawFrom || to !== rawTo) {
      const edge = `${from}\u0000${to}\u0000${kind}`;
      if (drawn.has(edge)) return;
      drawn.add(edge);
    }
    const a = at.get(from);
    const b = at.get(to);
    if (!a || !b) return;
    const sx = a.x + a.w;
    const sy = a.y + a.h / 2;
    const tx = b.x;
    const ty = b.y + b.h / 2;
    const dx = Math.max(Math.abs(tx - sx) / 2, 25);
    const lane = Math.max(0, Math.round(sx / LANE_W));
    (paths[kind][lane] ??= []).push(`M${sx},${sy}C${sx + dx},${sy} ${tx - dx},${ty} ${tx},${ty}`);
  };
  for (const n of view.nodes) {
    const blamed = new Set(n.findings.map((f) => f.prerequisiteId).filter(Boolean));
    for (const d of n.dependsOn)
      curve(d, n.id, blamed.has(d) ? "blamed" : n.role === "next" ? "next" : "plain");
  }
  const removed = new Set(view.removed.map((r) => r.id));
  for (const r of view.revision.changes.rewired)
    for (const d of r.before) if (removed.has(d)) curve(`ghost:${d}`, r.id, "ghost");
  const nextIds = view.nodes.filter((n) => n.role === "next").map((n) => n.id);
  if (view.gates && nextIds.length <= 40)
    for (const gate of ["gate:approval", "gate:assignment"])
      for (const id of nextIds) curve(gate, id, "gate");
  const joined = (chunks: string[][]) => chunks.filter(Boolean).map((c) => c.join(""));
  return {
    plain: joined(paths.plain),
    next: joined(paths.next),
    blamed: joined(paths.blamed),
    ghost: joined(paths.ghost),
    gate: joined(paths.gate),
  };
}

export const NODE_CENTER = { dx: NODE_W / 2, dy: 42 };
