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
  useStore,
  ViewportPortal,
  type Node,
} from "@xyflow/react";
import { memo, useCallback, useEffect, useMemo, useState } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { CanvasToolbar, type Narrowing } from "./CanvasToolbar";
import { holdersOf, matchesOf, openingFit } from "./canvasLook";
import {
  EDGE_STYLE,
  flowOf,
  layoutInputOf,
  newFlowCache,
  NODE_CENTER,
  type EdgeKind,
  type Look,
} from "./flow";
import { waveLayout, type Layout } from "./layout";
import { nodeTypes } from "./nodes";

type Props = { view: PlanView; focused: string | null; onFocus: (id: string | null) => void };

/** The canvas card's size on a wide screen: the server lays the first frame out for it, the browser refits. */
const FRAME = { width: 836, height: 570 };

export function PlanCanvas({ view, focused, onFocus }: Props) {
  const key = `${view.plan.id}:${view.revision.number}`;
  // The graph of one revision never changes: it is laid out once per revision, in a few milliseconds even at
  // thousands of nodes, so the first frame (the server's too) already has the final positions.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the revision's graph
  const layout = useMemo(() => waveLayout(layoutInputOf(view)), [key]);
  // One cache of drawn nodes per revision: a new revision starts a fresh one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the revision the cache belongs to
  const cache = useMemo(() => newFlowCache(), [key]);
  const [narrowing, setNarrowing] = useState<Narrowing>({ query: "", status: "", onlyHolders: false });
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const onToggle = useCallback(
    (wave: number) =>
      setCollapsed((was) => {
        const now = new Set(was);
        if (!now.delete(wave)) now.add(wave);
        return now;
      }),
    [],
  );
  const hits = useMemo(
    () => matchesOf(view, narrowing.query, narrowing.status),
    [view, narrowing.query, narrowing.status],
  );
  const holders = useMemo(() => holdersOf(view), [view]);
  const look: Look = useMemo(
    () => ({ bright: hits, only: narrowing.onlyHolders ? holders : null, collapsed, onToggle }),
    [hits, holders, narrowing.onlyHolders, collapsed, onToggle],
  );
  const { nodes, edges } = useMemo(
    () => flowOf(view, layout, focused, cache, look),
    [view, layout, focused, cache, look],
  );
  // Given the first nodes and a frame, React Flow renders them on the server too: the cards arrive with the HTML,
  // already framed on the waves that matter at a zoom where their labels read.
  return (
    <ReactFlowProvider
      initialNodes={nodes}
      initialWidth={FRAME.width}
      initialHeight={FRAME.height}
      fitView
      initialFitViewOptions={openingFit(view, layout, FRAME)}
      initialMinZoom={MIN_ZOOM}
    >
      <div className="flex h-full flex-col">
        <CanvasToolbar
          view={view}
          narrowing={narrowing}
          onNarrow={setNarrowing}
          hits={hits}
          holders={holders}
          onFocus={onFocus}
          layout={layout}
        />
        <div className="min-h-0 flex-1">
          <Canvas
            view={view}
            nodes={nodes}
            edges={edges}
            layout={layout}
            onFocus={onFocus}
            focused={focused}
          />
        </div>
      </div>
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
        onlyRenderVisibleElements
        minZoom={MIN_ZOOM}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onNodeClick={(_, n) => (n.type === "lane" || n.type === "wave" ? onFocus(null) : onFocus(n.id))}
        onPaneClick={() => onFocus(null)}
      >
        <ViewportPortal>
          <EdgeLayer edges={edges} />
        </ViewportPortal>
        <Background gap={24} size={1} />
        <Controls showInteractive={false} />
        {big ? null : <MiniMap className="max-sm:!hidden" pannable zoomable nodeColor={minimapColor} />}
        <OpenOn view={view} layout={layout} />
        <FocusOn id={focused} layout={layout} />
      </ReactFlow>
    </div>
  );
}

/**
 * Once the canvas knows its real size (a phone's is a third of the server's frame), frame the waves that matter
 * again for it; and again for each revision shown.
 */
function OpenOn({ view, layout }: { view: PlanView; layout: Layout }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const measured = width > 0 && height > 0;
  useEffect(() => {
    if (!measured) return;
    const t = requestAnimationFrame(() => void flow.fitView(openingFit(view, layout, { width, height })));
    return () => cancelAnimationFrame(t);
    // Once per revision and size: a live update of the same revision must not move the reader's view.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [layout, measured, flow]);
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
