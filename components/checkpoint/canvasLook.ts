// What the canvas shows and where it opens, as pure functions of the plan view: the waves that matter, what holds
// the next wave, and which nodes a search or a status filter picks out.
import type { NodeView, PlanView } from "@/server/actions/checkpoint";
import { LANE_W, ROW_H, type Layout } from "./layout";
import { LABEL_ZOOM } from "./semanticZoom";

/** The least zoom the canvas opens at: the cards' 12 px labels stay 10 px on screen (below it, waves are blocks). */
export const READABLE_ZOOM = LABEL_ZOOM;
/** The least zoom a whole plan opens at: the same, so a plan opened whole opens as cards. */
export const WHOLE_ZOOM = LABEL_ZOOM;

/** Every status a node can show, as the filter offers them; `none` is a node with no outcome at this revision. */
export type StatusFilter = NonNullable<NodeView["status"]> | "none" | "";

/**
 * The nodes that hold the next wave: each node the audit found something on, each prerequisite a finding blames,
 * and each node a risk still open or due for reassessing touches. Empty when nothing holds it.
 */
export function holdersOf(view: PlanView): Set<string> {
  const holders = new Set<string>();
  for (const n of view.nodes) {
    if (n.findings.length || n.risks.some((r) => r.unresolved || r.toReassess)) holders.add(n.id);
    for (const f of n.findings) if (f.prerequisiteId) holders.add(f.prerequisiteId);
  }
  return holders;
}

/** The waves a planner opens the plan to see: the one just finished, the next, and what holds the next. */
export function mattersOf(view: PlanView): string[] {
  const ids = view.nodes.filter((n) => n.role).map((n) => n.id);
  if (ids.length === 0) {
    // No checkpoint yet (or the plan is done): the first waves, where work starts.
    const first = new Set(view.lanes.slice(0, 2).flatMap((l) => l.nodeIds));
    return view.nodes.filter((n) => first.has(n.id)).map((n) => n.id);
  }
  const seen = new Set(ids);
  for (const id of holdersOf(view))
    if (!seen.has(id)) {
      ids.push(id);
      seen.add(id);
    }
  return ids;
}

/**
 * The nodes to open on, for a frame of this size (none: the whole plan, when it reads whole at that size): the
 * waves that matter, cut to what fits at a readable zoom — as many of those lanes as fit across, and their top rows
 * (where the lane says which wave it is).
 */
export function openingOf(
  view: PlanView,
  layout: Layout,
  frame: { width: number; height: number },
): { id: string }[] {
  // A plan small enough to read whole opens whole (a little smaller than the readable zoom: seeing all of three
  // waves beats reading two of them slightly larger).
  const wide = view.lanes.length * LANE_W;
  if (frame.width >= wide * WHOLE_ZOOM && frame.height >= layout.height * WHOLE_ZOOM) return [];
  const matters = mattersOf(view).filter((id) => layout.positions[id]);
  if (matters.length === 0) return [];
  // The widest choice that fits at a readable zoom: everything that matters; else the wave just finished and the
  // next; else the next alone (a phone).
  const role = new Map(view.nodes.map((n) => [n.id, n.role]));
  const choices = [
    matters,
    matters.filter((id) => role.get(id)),
    matters.filter((id) => role.get(id) === "next"),
  ].filter((ids) => ids.length);
  // How many lanes wide a choice is, gaps included.
  const lanesOf = (ids: string[]) => {
    const xs = ids.map((id) => layout.positions[id]!.x);
    return Math.round((Math.max(...xs) - Math.min(...xs)) / LANE_W) + 1;
  };
  const picked =
    choices.find((ids) => lanesOf(ids) * LANE_W * READABLE_ZOOM <= frame.width) ?? choices.at(-1)!;
  const top = Math.min(...picked.map((id) => layout.positions[id]!.y));
  const rows = Math.max(1, Math.floor(frame.height / READABLE_ZOOM / ROW_H) - 1);
  return picked.filter((id) => layout.positions[id]!.y < top + rows * ROW_H).map((id) => ({ id }));
}

/** How the canvas frames what it fits: a little margin, never larger than life. */
export const FIT = { padding: 0.08, maxZoom: 1 };

/** fitView's options for the opening view: the waves that matter at a readable zoom, or everything if none. */
export function openingFit(view: PlanView, layout: Layout, frame: { width: number; height: number }) {
  const nodes = openingOf(view, layout, frame);
  return nodes.length ? { ...FIT, nodes, minZoom: READABLE_ZOOM } : { ...FIT, minZoom: WHOLE_ZOOM };
}

/** A node matches a search on its id, title, finding ids and words, or risk ids; case does not matter. */
export function matchesOf(view: PlanView, query: string, status: StatusFilter): Set<string> | null {
  const q = query.trim().toLowerCase();
  if (!q && !status) return null;
  const hits = new Set<string>();
  for (const n of view.nodes) {
    if (status && (n.status ?? "none") !== status) continue;
    if (q && !textOf(n).includes(q)) continue;
    hits.add(n.id);
  }
  return hits;
}

function textOf(n: NodeView): string {
  return [n.id, n.title ?? "", ...n.findings.flatMap((f) => [f.id, f.message]), ...n.risks.map((r) => r.id)]
    .join("\n")
    .toLowerCase();
}

/** The nodes that depend on `id` at this revision: the details panel lists them beside its prerequisites. */
export function dependentsOf(view: PlanView, id: string): string[] {
  return view.nodes.filter((n) => n.dependsOn.includes(id)).map((n) => n.id);
}
