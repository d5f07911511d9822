"use client";
// Which way the canvas draws the plan — as cards, or each wave as one block where the cards' labels would be too
// small — and the moves between the two: zooming out past the labels' limit (or "fit view" on a plan too big to read
// whole) shows the blocks; zooming in on the blocks, or clicking one, opens a wave; a found node opens its cards.
import { ControlButton, useReactFlow, useStore, type Node } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { openingFit, READABLE_ZOOM } from "./canvasLook";
import { LANE_W, type Layout } from "./layout";
import {
  blockAt,
  blockColumns,
  blocksFit,
  BLOCK,
  BLOCK_OPEN_ZOOM,
  LABEL_ZOOM,
  readsWhole,
  waveFit,
  type WaveSummary,
} from "./semanticZoom";
import type { BlockNodeData } from "./WaveBlock";

export type Mode = "cards" | "waves";
/** A move the canvas makes once the nodes of its mode are drawn: fit the blocks, open a wave, the opening view. */
export type Move = { to: "blocks" } | { to: "wave"; wave: number } | { to: "matters" } | { to: "cards" };

export type ZoomMode = { mode: Mode; move: Move | null; go: (m: Move) => void; done: () => void };

export function useZoomMode(): ZoomMode {
  const [state, setState] = useState<{ mode: Mode; move: Move | null }>({ mode: "cards", move: null });
  const go = useCallback(
    (move: Move) => setState({ mode: move.to === "blocks" ? "waves" : "cards", move }),
    [],
  );
  const done = useCallback(() => setState((s) => (s.move ? { ...s, move: null } : s)), []);
  return { ...state, go, done };
}

/** Zoom a hair under the labels' limit counts as under it; fitView lands on the limit itself, not below. */
const under = (s: { transform: [number, number, number] }) => s.transform[2] < LABEL_ZOOM - 1e-3;
const deep = (s: { transform: [number, number, number] }) => s.transform[2] > BLOCK_OPEN_ZOOM;

/** The blocks as React Flow's nodes, in a grid shaped to the frame; a block the narrowing leaves empty is dimmed. */
export function useBlocks(summaries: WaveSummary[] | null): Node[] {
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  return useMemo(() => {
    if (!summaries) return [];
    const columns = blockColumns(summaries.length, { width, height });
    return summaries.map((summary, i) => ({
      id: `block:${summary.wave}`,
      type: "block",
      position: blockAt(i, columns),
      width: BLOCK.width,
      height: BLOCK.height,
      data: {
        summary,
        dimmed: (summary.hits ?? summary.holders ?? 1) === 0,
      } satisfies BlockNodeData,
      draggable: false,
    }));
  }, [summaries, width, height]);
}

/**
 * Inside React Flow: watches the zoom for the limits that change the mode, and makes each move once the mode's nodes
 * are drawn (a frame later).
 */
export function ZoomDriver({
  view,
  layout,
  zoom,
  summaries,
  blocks,
}: {
  view: PlanView;
  layout: Layout;
  zoom: ZoomMode;
  summaries: WaveSummary[];
  blocks: Node[];
}) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const isUnder = useStore(under);
  const isDeep = useStore(deep);
  // Read by the watchers without making them run when it changes: only a crossing of a limit moves the canvas.
  const now = useRef(zoom);
  // Declared first, so the watchers below read this commit's mode.
  useEffect(() => {
    now.current = zoom;
  });

  useEffect(() => {
    if (isUnder && now.current.mode === "cards" && !now.current.move) now.current.go({ to: "blocks" });
  }, [isUnder]);

  useEffect(() => {
    if (!isDeep || now.current.mode !== "waves" || now.current.move || blocks.length === 0) return;
    // The block nearest the middle of the frame opens.
    const { x, y, zoom: z } = flow.getViewport();
    const mid = { x: (width / 2 - x) / z, y: (height / 2 - y) / z };
    const distance = (n: Node) =>
      Math.hypot(n.position.x + BLOCK.width / 2 - mid.x, n.position.y + BLOCK.height / 2 - mid.y);
    const nearest = blocks.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    now.current.go({ to: "wave", wave: (nearest.data as BlockNodeData).summary.wave });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the crossing of the limit opens a wave
  }, [isDeep]);

  const move = zoom.move;
  useEffect(() => {
    if (!move || width === 0 || height === 0) return;
    const frame = { width, height };
    const t = requestAnimationFrame(() => {
      const options =
        move.to === "blocks"
          ? blocksFit(summaries, frame)
          : move.to === "wave"
            ? waveFit(view, layout, move.wave, frame, READABLE_ZOOM)
            : move.to === "matters"
              ? { ...openingFit(view, layout, frame), duration: 300 }
              : null;
      if (options) void flow.fitView(options);
      now.current.done();
    });
    return () => cancelAnimationFrame(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each move is made once
  }, [move]);
  return null;
}

/**
 * React Flow's "fit view", made for this canvas: the whole plan as cards when their labels read at that size, else
 * every wave as a block.
 */
export function FitButton({ view, layout, zoom }: { view: PlanView; layout: Layout; zoom: ZoomMode }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const fit = () => {
    if (readsWhole(view, layout, { width, height }, LANE_W)) {
      zoom.go({ to: "cards" });
      void flow.fitView({ padding: 0.08, maxZoom: 1, minZoom: READABLE_ZOOM });
    } else zoom.go({ to: "blocks" });
  };
  return (
    <ControlButton
      className="react-flow__controls-fitview"
      onClick={fit}
      title="Fit View"
      aria-label="Fit View"
      data-testid="canvas-fit"
    >
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" aria-hidden="true">
        <path d="M3.692 4.63c0-.53.4-.938.939-.938h5.215V0H4.708C2.13 0 0 2.054 0 4.63v5.216h3.692V4.631zM27.354 0h-5.2v3.692h5.17c.53 0 .984.4.984.939v5.215H32V4.631A4.624 4.624 0 0027.354 0zm.954 24.83c0 .532-.4.94-.939.94h-5.215v3.768h5.215c2.577 0 4.631-2.13 4.631-4.707v-5.139h-3.692v5.139zm-23.677.94c-.531 0-.939-.4-.939-.94v-5.138H0v5.139c0 2.577 2.13 4.707 4.708 4.707h5.138V25.77H4.631z" />
      </svg>
    </ControlButton>
  );
}
