"use client";
// The plan's canvas: one lane per wave left to right, nodes coloured by outcome, the gates before the next wave.
import "@xyflow/react/dist/style.css";
import "./canvas.css";
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  ViewportPortal,
  type Node,
} from "@xyflow/react";
import { memo, useEffect, useMemo } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { EDGE_STYLE, flowOf, layoutInputOf, newFlowCache, NODE_CENTER, type EdgeKind } from "./flow";
import type { Layout } from "./layout";
import { nodeTypes } from "./nodes";
import { useLayout } from "./useLayout";

type Props = { view: PlanView; focused: string | null; onFocus: (id: string | null) => void };

/** The canvas card's size on a wide screen: the server lays the first frame out for it, the browser refits. */
const FRAME = { width: 836, height: 620 };
const FIT = { padding: 0.08, maxZoom: 1 };

export function PlanCanvas({ view, focused, onFocus }: Props) {
  const key = `${view.plan.id}:${view.revision.number}`;
  // The graph of one revision never changes: the layout input is computed once per revision.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the revision's graph
  const input = useMemo(() => layoutInputOf(view), [key]);
  const layout = useLayout(key, input, view.nodes.length);
  // One cache of drawn nodes per revision: a new revision starts a fresh one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the revision the cache belongs to
  const cache = useMemo(() => newFlowCache(), [key]);
  const { nodes, edges } = useMemo(
    () => flowOf(view, layout, focused, cache),
    [view, layout, focused, cache],
  );
  // Given the first nodes and a frame, React Flow renders them on the server too: the cards (or, far out, their
  // coloured blocks) arrive with the HTML instead of after hydration.
  return (
    <ReactFlowProvider
      initialNodes={nodes}
      initialWidth={FRAME.width}
      initialHeight={FRAME.height}
      fitView
      initialFitViewOptions={FIT}
      initialMinZoom={MIN_ZOOM}
    >
      <Canvas view={view} nodes={nodes} edges={edges} layout={layout} onFocus={onFocus} focused={focused} />
    </ReactFlowProvider>
  );
}

const MIN_ZOOM = 0.03;

/** The minimap colours a node by the same status its card shows; lanes and gates stay out of it. */
const minimapColor = (n: Node) =>
  n.type === "work"
    ? ((
        {
          success: "#10b981",
          partial: "#f59e0b",
          failed: "#ef4444",
          missing: "#a8a29e",
          untrusted: "#d946ef",
        } as Record<string, string>
      )[((n.data as { node: { status: string | null } }).node.status ?? "") as string] ?? "#e7e5e4")
    : "transparent";

function Canvas({
  view,
  nodes,
  edges,
  layout,
  focused,
  onFocus,
}: Props & { nodes: Node[]; edges: Record<EdgeKind, string>; layout: Layout }) {
  const big = view.nodes.length > 300;
  return (
    <div
      className="plan-canvas h-full w-full"
      data-testid="plan-canvas"
      data-layout={layout.engine}
      data-nodes={view.nodes.length}
    >
      <ReactFlow
        nodes={nodes}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={FIT}
        minZoom={MIN_ZOOM}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onNodeClick={(_, n) => (n.type === "lane" ? onFocus(null) : onFocus(n.id))}
        onPaneClick={() => onFocus(null)}
      >
        <ViewportPortal>
          <EdgeLayer edges={edges} />
        </ViewportPortal>
        <Background gap={24} size={1} />
        <Controls showInteractive={false} />
        {big ? null : <MiniMap pannable zoomable nodeColor={minimapColor} />}
        <FitOnLayout layout={layout} />
        <FocusOn id={focused} layout={layout} />
      </ReactFlow>
    </div>
  );
}

/** When dagre's positions replace the instant grid, frame the whole graph again. */
function FitOnLayout({ layout }: { layout: Layout }) {
  const flow = useReactFlow();
  useEffect(() => {
    const t = requestAnimationFrame(() => void flow.fitView(FIT));
    return () => cancelAnimationFrame(t);
  }, [layout.engine, flow]);
  return null;
}

/** A finding clicked in the list brings its node to the middle of the canvas. */
function FocusOn({ id, layout }: { id: string | null; layout: Layout }) {
  const flow = useReactFlow();
  useEffect(() => {
    if (!id) return;
    const at = layout.positions[id] ?? (id.startsWith("gate:") ? flow.getNode(id)?.position : undefined);
    if (!at) return;
    void flow.setCenter(at.x + NODE_CENTER.dx, at.y + NODE_CENTER.dy, {
      zoom: Math.max(flow.getZoom(), 1),
      duration: 350,
    });
  }, [id, layout, flow]);
  return null;
}

/** The dependency edges, one path per kind, inside the viewport's transform: under the cards, above the lanes. */
const EdgeLayer = memo(function EdgeLayer({ edges }: { edges: Record<EdgeKind, string> }) {
  return (
    <svg
      className="pointer-events-none absolute left-0 top-0 overflow-visible"
      style={{ zIndex: -1, width: 1, height: 1 }}
      data-testid="edges"
    >
      {(Object.keys(EDGE_STYLE) as EdgeKind[]).map((kind) =>
        edges[kind] ? (
          <path
            key={kind}
            d={edges[kind]}
            fill="none"
            stroke={EDGE_STYLE[kind].stroke}
            strokeWidth={EDGE_STYLE[kind].width}
            strokeDasharray={EDGE_STYLE[kind].dash}
            data-kind={kind}
          />
        ) : null,
      )}
    </svg>
  );
});
