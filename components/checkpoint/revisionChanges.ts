// What a revision changed, as lists a planner reads when the graph is too big to diff by eye: the nodes added,
// removed and retitled, and the dependency edges added and removed (each "prerequisite → dependent").
import type { PlanView } from "@/server/actions/checkpoint";

export type ChangeKind = "nodes added" | "nodes removed" | "nodes retitled" | "edges added" | "edges removed";
export type ChangeGroup = { kind: ChangeKind; items: string[] };

/** At most this many changes are listed inline, as they always were; more are grouped, counted and searchable. */
export const INLINE_CHANGES = 12;

const edge = (from: string, to: string) => `${from} → ${to}`;

/** The revision's changes by kind, each list in the graph's order; empty kinds left out. */
export function changeGroupsOf(view: PlanView): ChangeGroup[] {
  const c = view.revision.changes;
  const added = new Set(c.added);
  const byId = new Map(view.nodes.map((n) => [n.id, n]));
  const edgesAdded = new Set<string>();
  const edgesRemoved = new Set<string>();
  for (const id of c.added) for (const d of byId.get(id)?.dependsOn ?? []) edgesAdded.add(edge(d, id));
  for (const r of view.removed) for (const d of r.dependsOn) edgesRemoved.add(edge(d, r.id));
  for (const w of c.rewired) {
    if (added.has(w.id)) continue;
    const before = new Set(w.before);
    const after = new Set(w.after);
    for (const d of w.after) if (!before.has(d)) edgesAdded.add(edge(d, w.id));
    for (const d of w.before) if (!after.has(d)) edgesRemoved.add(edge(d, w.id));
  }
  const retitled = c.retitled.map((t) => `${t.id}: ${t.before ?? "(none)"} → ${t.after ?? "(none)"}`);
  const groups: ChangeGroup[] = [
    { kind: "nodes added", items: [...c.added] },
    { kind: "nodes removed", items: [...c.removed] },
    { kind: "nodes retitled", items: retitled },
    { kind: "edges added", items: [...edgesAdded] },
    { kind: "edges removed", items: [...edgesRemoved] },
  ];
  return groups.filter((g) => g.items.length);
}

/** The groups narrowed to the items that contain `query` (case aside). */
export function findInChanges(groups: ChangeGroup[], query: string): ChangeGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((g) => ({ kind: g.kind, items: g.items.filter((i) => i.toLowerCase().includes(q)) }))
    .filter((g) => g.items.length);
}
