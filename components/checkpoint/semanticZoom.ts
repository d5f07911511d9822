// The canvas's semantic zoom, as pure functions of the plan view: where a card's label would fall under 10 px on
// screen, each wave is drawn as one block (its name, its node count by status, its holds and gates, the risks it
// carries), laid out in a grid sized to the frame so that the blocks' own text reads at fit view.
import type { PlanView } from "@/server/actions/checkpoint";
import type { Layout } from "./layout";
import { ROW_H } from "./layout";

/** No text on the canvas is drawn smaller than this on screen. */
export const MIN_TEXT_PX = 10;
/** A card's label (its id and title): text-xs. */
export const CARD_LABEL_PX = 12;
/** Below this zoom a card's label would fall under MIN_TEXT_PX: the waves are drawn as blocks instead. */
export const LABEL_ZOOM = MIN_TEXT_PX / CARD_LABEL_PX;

/** A block's size and the gap between blocks, in the canvas's own units; its smallest text, and its title's. */
export const BLOCK = { width: 400, height: 260, gap: 32, textPx: 24, titlePx: 30 };
/** The least zoom the blocks are shown at: their smallest text stays MIN_TEXT_PX on screen. */
export const BLOCK_MIN_ZOOM = MIN_TEXT_PX / BLOCK.textPx;
/**
 * The most a fit frames the blocks at; zoomed in past BLOCK_OPEN_ZOOM, the block in the middle opens (the canvas
 * zooms to 1 at most, so it stays under that).
 */
export const BLOCK_FIT_MAX_ZOOM = 0.7;
export const BLOCK_OPEN_ZOOM = 0.95;
/** A fit of the blocks leaves this much of the frame around them. */
const BLOCK_PADDING = 0.03;

export type Frame = { width: number; height: number };

/** One wave as its block says it. */
export type WaveSummary = {
  wave: number;
  role: "justFinished" | "next" | null;
  count: number;
  /** Node counts by outcome status ("none": no outcome at this revision), in the order the filter lists them. */
  statuses: [string, number][];
  /** Nodes held by a prune, and the audit's findings on the wave's nodes, by finding id. */
  held: number;
  findings: [string, number][];
  /** The risks that touch the wave's nodes: still open (high or unknown) first. */
  risks: { id: string; severity: string; unresolved: boolean }[];
  /** The gates before the proposed wave, on its block only: one line each. */
  gates: { line: string; satisfied: boolean }[] | null;
  /** With a search or a status filter: how many of its nodes match. */
  hits: number | null;
  /** With "only what holds the next wave": how many of its nodes hold it. */
  holders: number | null;
};

const STATUS_ORDER = ["success", "partial", "failed", "missing", "untrusted", "none"];

const countsOf = (values: string[]): [string, number][] => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts];
};

/** Every wave's summary; `hits` and `only` are the canvas's narrowing (a search or filter, what holds the next wave). */
export function summariesOf(
  view: PlanView,
  hits: ReadonlySet<string> | null,
  only: ReadonlySet<string> | null,
): WaveSummary[] {
  const byId = new Map(view.nodes.map((n) => [n.id, n]));
  const nextWave = view.nodes.find((n) => n.role === "next")?.wave;
  return view.lanes.map((lane) => {
    const nodes = lane.nodeIds.flatMap((id) => byId.get(id) ?? []);
    const statuses = countsOf(nodes.map((n) => n.status ?? "none")).sort(
      (a, b) => STATUS_ORDER.indexOf(a[0]) - STATUS_ORDER.indexOf(b[0]),
    );
    const risks = new Map<string, WaveSummary["risks"][number]>();
    for (const n of nodes)
      for (const r of n.risks) risks.set(r.id, { id: r.id, severity: r.severity, unresolved: r.unresolved });
    return {
      wave: lane.wave,
      role: nodes.find((n) => n.role)?.role ?? null,
      count: nodes.length,
      statuses,
      held: nodes.filter((n) => n.held).length,
      findings: countsOf(nodes.flatMap((n) => n.findings.map((f) => f.id))).sort((a, b) => b[1] - a[1]),
      risks: [...risks.values()].sort((a, b) => Number(b.unresolved) - Number(a.unresolved)),
      gates: lane.wave === nextWave ? gatesOf(view) : null,
      hits: hits ? nodes.filter((n) => hits.has(n.id)).length : null,
      holders: only ? nodes.filter((n) => only.has(n.id)).length : null,
    };
  });
}

function gatesOf(view: PlanView): WaveSummary["gates"] {
  const g = view.gates;
  if (!g) return null;
  const approval = g.approvalRequired
    ? { line: `approval ${g.approvals.length} of ${g.needed}`, satisfied: g.approvals.length >= g.needed }
    : { line: "approval not required", satisfied: true };
  const ok = (v: unknown) => (v ? "✓" : "✗");
  return [
    approval,
    {
      line: `authority ${ok(g.authority)} · resources ${ok(g.resources)}`,
      satisfied: !!g.authority && !!g.resources,
    },
  ];
}

/**
 * How many blocks to a row, for a frame: the grid whose fit is the largest zoom (wider rather than taller on a tie,
 * so the waves read left to right as their lanes do), no wider than a row that reads.
 */
export function blockColumns(waves: number, frame: Frame): number {
  // Never more to a row than fit across at the least readable zoom: a narrow frame stacks them instead.
  const room = (frame.width * (1 - 2 * BLOCK_PADDING)) / BLOCK_MIN_ZOOM;
  const across = Math.max(1, Math.floor((room + BLOCK.gap) / (BLOCK.width + BLOCK.gap)));
  let best = { columns: 1, zoom: 0 };
  for (let columns = 1; columns <= Math.min(across, Math.max(1, waves)); columns++) {
    const zoom = gridZoom(columns, Math.ceil(waves / columns), frame);
    if (zoom >= best.zoom) best = { columns, zoom };
  }
  return best.columns;
}

function gridZoom(columns: number, rows: number, frame: Frame): number {
  const width = columns * (BLOCK.width + BLOCK.gap) - BLOCK.gap;
  const height = rows * (BLOCK.height + BLOCK.gap) - BLOCK.gap;
  const room = 1 - 2 * BLOCK_PADDING;
  return Math.min((frame.width * room) / width, (frame.height * room) / height);
}

/** Where wave number `index` (in lane order) stands in a grid of `columns`. */
export const blockAt = (index: number, columns: number) => ({
  x: (index % columns) * (BLOCK.width + BLOCK.gap),
  y: Math.floor(index / columns) * (BLOCK.height + BLOCK.gap),
});

/**
 * fitView's options for the blocks: all of them when their text reads at that size, else the waves that matter (the
 * one just finished and the next, or the first) at the least readable zoom.
 */
export function blocksFit(summaries: WaveSummary[], frame: Frame) {
  const columns = blockColumns(summaries.length, frame);
  const whole = gridZoom(columns, Math.ceil(summaries.length / columns), frame) >= BLOCK_MIN_ZOOM;
  const roles = summaries.filter((s) => s.role);
  const shown = whole ? summaries : roles.length ? roles : summaries.slice(0, 1);
  return {
    nodes: shown.map((s) => ({ id: `block:${s.wave}` })),
    padding: BLOCK_PADDING,
    minZoom: BLOCK_MIN_ZOOM,
    maxZoom: BLOCK_FIT_MAX_ZOOM,
  };
}

/** Whether the whole plan's cards fit the frame with their labels at MIN_TEXT_PX or more. */
export function readsWhole(view: PlanView, layout: Layout, frame: Frame, laneWidth: number): boolean {
  const width = view.lanes.length * laneWidth;
  return frame.width >= width * LABEL_ZOOM && frame.height >= layout.height * LABEL_ZOOM;
}

/** fitView's options to open one wave: its top rows, at the least zoom its cards' labels read at. */
export function waveFit(view: PlanView, layout: Layout, wave: number, frame: Frame, zoom: number) {
  const ids = view.lanes.find((l) => l.wave === wave)?.nodeIds.filter((id) => layout.positions[id]) ?? [];
  if (ids.length === 0) return null;
  const top = Math.min(...ids.map((id) => layout.positions[id]!.y));
  const rows = Math.max(1, Math.floor(frame.height / zoom / ROW_H) - 1);
  const nodes = ids.filter((id) => layout.positions[id]!.y < top + rows * ROW_H).map((id) => ({ id }));
  return { nodes, padding: 0.08, minZoom: zoom, maxZoom: 1 };
}
