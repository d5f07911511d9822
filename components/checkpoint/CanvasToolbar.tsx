"use client";
// Above the canvas: find a node (by id, title, finding or risk), filter by status, show only what holds the next
// wave, and go back to the opening view. Enter walks through the hits, each brought to the middle.
import { useState } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import type { StatusFilter } from "./canvasLook";
import { STATUS_STYLE } from "./colors";
import type { Layout } from "./layout";

export type Narrowing = { query: string; status: StatusFilter; onlyHolders: boolean };

type Props = {
  view: PlanView;
  narrowing: Narrowing;
  onNarrow: (n: Narrowing) => void;
  hits: ReadonlySet<string> | null;
  holders: ReadonlySet<string>;
  onFocus: (id: string | null) => void;
  layout: Layout;
  /** Back to the opening view: the waves that matter, as cards. */
  onMatters: () => void;
};

export function CanvasToolbar({
  view,
  narrowing,
  onNarrow,
  hits,
  holders,
  onFocus,
  layout,
  onMatters,
}: Props) {
  const [at, setAt] = useState(0);
  // Hits in reading order: wave by wave, top to bottom.
  const ordered = hits
    ? view.nodes
        .filter((n) => hits.has(n.id))
        .sort(
          (a, b) => a.wave - b.wave || (layout.positions[a.id]?.y ?? 0) - (layout.positions[b.id]?.y ?? 0),
        )
    : [];
  const step = () => {
    if (!ordered.length) return;
    const i = at % ordered.length;
    onFocus(ordered[i]!.id);
    setAt(i + 1);
  };
  const set = (patch: Partial<Narrowing>) => {
    setAt(0);
    onNarrow({ ...narrowing, ...patch });
  };
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-stone-200 px-3 py-2 text-sm"
      data-testid="canvas-toolbar"
    >
      <label className="flex min-w-0 flex-1 items-center gap-1.5">
        <span className="sr-only">Find a node</span>
        <input
          type="search"
          className="field min-w-[8rem] flex-1 py-1"
          placeholder="Find a node: id, title, finding, risk"
          value={narrowing.query}
          onChange={(e) => set({ query: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              step();
            }
          }}
          data-testid="canvas-search"
        />
      </label>
      <label className="flex items-center gap-1">
        <span className="sr-only">Status</span>
        <select
          className="field w-auto py-1"
          value={narrowing.status}
          onChange={(e) => set({ status: e.target.value as StatusFilter })}
          data-testid="canvas-status"
        >
          <option value="">any status</option>
          {Object.entries(STATUS_STYLE).map(([k, s]) => (
            <option key={k} value={k}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {hits ? (
        <span className="whitespace-nowrap text-xs text-stone-600" role="status" data-testid="canvas-hits">
          {hits.size} of {view.nodes.length}
          {ordered.length ? (
            <button type="button" className="ml-1.5 underline" onClick={step}>
              {at ? "next" : "show"}
            </button>
          ) : null}
        </span>
      ) : null}
      <label className="flex items-center gap-1.5 whitespace-nowrap text-xs">
        <input
          type="checkbox"
          checked={narrowing.onlyHolders}
          onChange={(e) => set({ onlyHolders: e.target.checked })}
          data-testid="canvas-only-holders"
        />
        only what holds the next wave{narrowing.onlyHolders ? ` (${holders.size})` : ""}
      </label>
      <button
        type="button"
        className="whitespace-nowrap text-xs underline"
        onClick={onMatters}
        title="The wave just finished, the next, and what holds it, at a readable size"
      >
        waves that matter
      </button>
    </div>
  );
}
