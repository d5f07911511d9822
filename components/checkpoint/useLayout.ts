"use client";
// The canvas's positions: the instant grid first, then dagre's — inline for small graphs, in a worker for big ones.
import { useEffect, useMemo, useState } from "react";
import { dagreLayout, gridLayout, type Layout, type LayoutInput } from "./layout";

/** Above this many nodes dagre runs in a Web Worker, off the main thread. */
export const WORKER_THRESHOLD = 150;

let worker: Worker | null = null;
const waiting = new Map<string, (layout: Layout) => void>();

function layoutWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  if (!worker) {
    // A classic worker served by app/plans/layout-worker.js: dagre's browser build and the same pure layout.
    worker = new Worker("/plans/layout-worker.js");
    worker.onmessage = (e: MessageEvent<{ key: string; layout: Layout }>) => {
      waiting.get(e.data.key)?.(e.data.layout);
      waiting.delete(e.data.key);
    };
  }
  return worker;
}

/** `key` names the graph (plan and revision): the layout is recomputed only when the graph itself changes. */
export function useLayout(key: string, input: LayoutInput, size: number): Layout {
  // The key stands for the input: a new object with the same graph must not lay out again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the input
  const grid = useMemo(() => gridLayout(input), [key]);
  const [done, setDone] = useState<{ key: string; layout: Layout } | null>(null);
  useEffect(() => {
    let live = true;
    const deliver = (layout: Layout) => live && setDone({ key, layout });
    const w = size > WORKER_THRESHOLD ? layoutWorker() : null;
    if (w) {
      waiting.set(key, deliver);
      w.postMessage({ key, input });
    } else {
      // A small graph lays out in a few milliseconds; a frame later keeps the first paint instant anyway.
      const t = setTimeout(() => deliver(dagreLayout(input)), 0);
      return () => {
        live = false;
        clearTimeout(t);
      };
    }
    return () => {
      live = false;
    };
    // The key stands for the input: a new object with the same graph must not lay out again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [key]);
  return done?.key === key ? done.layout : grid;
}
