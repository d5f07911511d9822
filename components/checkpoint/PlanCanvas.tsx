"use client";
// The plan's canvas: one lane per wave left to right, nodes coloured by outcome, the gates before the next wave.
import "@xyflow/react/dist/style.css";
import "./canvas.css";
import {
  Background,
  Controls,
  MiniMap,
  Panel,
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
import { FIT, holdersOf, matchesOf, openingFit } from "./canvasLook";
import {
  EDGE_STYLE,
  flowOf,
  layoutInputOf,
  newFlowCache,
  NODE_CENTER,
  type EdgeKind,
  type Edges,
  type Look,
} from "./flow";
import { waveLayout, type Layout } from "./layout";
import { isFar, nodeTypes } from "./nodes";
import { BLOCK_MIN_ZOOM, summariesOf, type WaveSummary } from "./semanticZoom";
import { FitButton, useBlocks, useZoomMode, ZoomDriver, type ZoomMode } from "./zoomMode";

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
  const zoom = useZoomMode();
  const summaries = useMemo(
    () => (zoom.mode === "waves" ? summariesOf(view, hits, narrowing.onlyHolders ? holders : null) : null),
    [zoom.mode, view, hits, holders, narrowing.onlyHolders],
  );
  // A node found or picked from a list is shown as its card; another revision opens as cards, on its own opening.
  const { mode, go } = zoom;
  useEffect(() => {
    if (focused && mode === "waves") go({ to: "cards" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new focus, not a new mode, opens the cards
  }, [focused]);
  useEffect(() => {
    if (mode === "waves") go({ to: "cards" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new revision, not a new mode, opens the cards
  }, [key]);
  // Given the first nodes and a frame, React Flow renders them on the server too, framed to fit them all (its server
  // fit knows no subset): so the first nodes are the opening view's, and the cards arrive with the HTML already
  // framed on the waves that matter at a zoom where they read. The rest join once the page runs.
  const first = useMemo(() => {
    const opening = openingFit(view, layout, FRAME);
    if (!("nodes" in opening)) return { nodes, minZoom: MIN_ZOOM };
    const ids = new Set(opening.nodes.map((n) => n.id));
    return { nodes: nodes.filter((n) => ids.has(n.id)), minZoom: opening.minZoom };
    // The first frame is drawn once per revision; later renders only feed React Flow's own `nodes`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [key]);
  return (
    <ReactFlowProvider
      initialNodes={first.nodes}
      initialWidth={FRAME.width}
      initialHeight={FRAME.height}
      fitView
      initialMinZoom={first.minZoom}
      initialMaxZoom={FIT.maxZoom}
      initialFitViewOptions={FIT}
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
          onMatters={() => zoom.go({ to: "matters" })}
        />
        <div className="min-h-0 flex-1">
          <Canvas
            view={view}
            nodes={nodes}
            edges={edges}
            layout={layout}
            onFocus={onFocus}
            focused={focused}
            zoom={zoom}
            summaries={summaries}
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
  zoom,
  summaries,
}: Props & {
  nodes: Node[];
  edges: Edges;
  layout: Layout;
  zoom: ZoomMode;
  summaries: WaveSummary[] | null;
}) {
  const big = view.nodes.length > 300;
  const blocks = useBlocks(summaries);
  const waves = zoom.mode === "waves";
  return (
    <div
      className="plan-canvas h-full w-full"
      data-testid="plan-canvas"
      data-layout={layout.engine}
      data-nodes={view.nodes.length}
      data-mode={zoom.mode}
    >
      <ReactFlow
        nodes={waves ? blocks : nodes}
        nodeTypes={nodeTypes}
        onlyRenderVisibleElements
        minZoom={waves ? BLOCK_MIN_ZOOM : MIN_ZOOM}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onNodeClick={(_, n) =>
          n.type === "block"
            ? zoom.go({ to: "wave", wave: (n.data as { summary: WaveSummary }).summary.wave })
            : n.type === "lane" || n.type === "wave"
              ? onFocus(null)
              : onFocus(n.id)
        }
        onPaneClick={() => onFocus(null)}
      >
        {waves ? null : (
          <ViewportPortal>
            <EdgeLayer edges={edges} />
          </ViewportPortal>
        )}
        <Background gap={24} size={1} />
        <Controls showInteractive={false} showFitView={false}>
          <FitButton view={view} layout={layout} zoom={zoom} />
        </Controls>
        <ZoomDriver view={view} layout={layout} zoom={zoom} summaries={summaries ?? []} blocks={blocks} />
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

/** Above this many characters of plain edges (about 5,000 curves), far out they are a grey fog: drawn only nearer. */
const FOG = 200_000;

/**
 * The dependency edges, a few paths per kind, inside the viewport's transform: under the cards, above the lanes. Far
 * out on a very big plan the plain ones are left out (what the next wave needs and what the audit blames stay).
 */
const EdgeLayer = memo(function EdgeLayer({ edges }: { edges: Edges }) {
  const far = useStore(isFar);
  const fog = useMemo(() => edges.plain.reduce((n, d) => n + d.length, 0) > FOG, [edges.plain]);
  return (
    <>
      <svg
        className="pointer-events-none absolute left-0 top-0 overflow-visible"
        style={{ zIndex: -1, width: 1, height: 1 }}
        data-testid="edges"
      >
        {(Object.keys(EDGE_STYLE) as EdgeKind[]).map((kind) =>
          kind === "plain" && far && fog
            ? null
            : edges[kind].map((d, i) => (
                <path
                  key={`${kind}${i}`}
                  d={d}
                  fill="none"
                  stroke={EDGE_STYLE[kind].stroke}
                  strokeWidth={EDGE_STYLE[kind].width}
                  strokeDasharray={EDGE_STYLE[kind].dash}
                  data-kind={kind}
                />
              )),
        )}
      </svg>
      {far && fog ? <FogNote /> : null}
    </>
  );
});

/** Said once, outside the viewport's transform, so it stays put while the reader pans. */
function FogNote() {
  return (
    <Panel position="top-right" className="rounded bg-white/90 px-2 py-1 text-xs text-stone-700 shadow">
      Zoom in to see every dependency; far out only the next wave&apos;s are drawn.
    </Panel>
  );
}
