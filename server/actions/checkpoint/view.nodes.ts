// A revision's nodes as the canvas draws them: lane, evidence, role in the checkpoint, and the holds that bite there.
import type { AuditResult, OutcomeStatus, RiskSeverity } from "../../rules/checkpoint";
import type { LoadedPlan, RevisionRow } from "./loaded";
import type { RiskView } from "./view.risks";

export type NodeView = {
  id: string;
  title: string | null;
  dependsOn: string[];
  wave: number;
  needsApproval: boolean;
  /** Held by a prune until a later revision revalidates it. */
  held: boolean;
  /** What this revision did to the node, against its parent. */
  change: "added" | "rewired" | null;
  status: OutcomeStatus | null;
  evidenceHash: string | null;
  reportedBy: string | null;
  role: "justFinished" | "next" | null;
  /** The audit's findings about this node: the holds that bite here (and the prerequisite one blames). */
  findings: { id: string; message: string; prerequisiteId?: string }[];
  risks: { id: string; severity: RiskSeverity; unresolved: boolean; toReassess: boolean }[];
};

/** Nodes the parent revision had and this one removed: drawn as ghosts. */
export type RemovedNode = { id: string; title: string | null; dependsOn: string[] };

export type Outcome = LoadedPlan["outcomes"][number];

/** Each node's evidence at this revision: its latest record here. */
export function outcomesAt(loaded: LoadedPlan, revision: RevisionRow): Map<string, Outcome> {
  const outcomeAt = new Map<string, Outcome>();
  for (const o of loaded.outcomes) if (o.revision === revision.number) outcomeAt.set(o.nodeId, o);
  return outcomeAt;
}

/** Appends `item` to the list kept under `key`. */
function push<K, T>(map: Map<K, T[]>, key: K, item: T) {
  const list = map.get(key) ?? [];
  list.push(item);
  map.set(key, list);
}

export function nodesOf(
  revision: RevisionRow,
  s: {
    waves: string[][];
    outcomeAt: ReadonlyMap<string, Outcome>;
    wave: { justFinished: string[]; nextWave: string[] } | null;
    audit: AuditResult | null;
    risks: RiskView[];
  },
): NodeView[] {
  const waveOf = new Map<string, number>();
  s.waves.forEach((ids, wave) => ids.forEach((nodeId) => waveOf.set(nodeId, wave)));
  const findingsOf = new Map<string, NodeView["findings"]>();
  for (const f of s.audit?.findings ?? [])
    if (f.nodeId !== undefined)
      push(findingsOf, f.nodeId, {
        id: f.id,
        message: f.message,
        ...(f.prerequisiteId ? { prerequisiteId: f.prerequisiteId } : {}),
      });
  const risksOf = new Map<string, NodeView["risks"]>();
  for (const r of s.risks)
    for (const nodeId of r.affectedNodes)
      push(risksOf, nodeId, {
        id: r.id,
        severity: r.severity,
        unresolved: r.unresolved,
        toReassess: r.toReassess,
      });
  const justFinished = new Set(s.wave?.justFinished ?? []);
  const next = new Set(s.wave?.nextWave ?? []);
  const added = new Set(revision.parentNumber === null ? [] : revision.changes.added);
  const rewired = new Set(revision.changes.rewired.map((r) => r.id));
  const holds = new Set(revision.holds);

  return revision.nodes.map((n) => {
    const o = s.outcomeAt.get(n.id);
    return {
      id: n.id,
      title: n.title ?? null,
      dependsOn: n.dependsOn as string[],
      wave: waveOf.get(n.id) ?? 0,
      needsApproval: !!n.needsApproval,
      held: holds.has(n.id),
      change: added.has(n.id) ? "added" : rewired.has(n.id) ? "rewired" : null,
      status: o?.status ?? null,
      evidenceHash: o?.evidenceHash ?? null,
      reportedBy: o?.by ? o.by.name : null,
      role: justFinished.has(n.id) ? "justFinished" : next.has(n.id) ? "next" : null,
      findings: findingsOf.get(n.id) ?? [],
      risks: risksOf.get(n.id) ?? [],
    };
  });
}

export function removedOf(loaded: LoadedPlan, revision: RevisionRow): RemovedNode[] {
  const parent = loaded.revisions.find((r) => r.number === revision.parentNumber);
  const removedIds = new Set(revision.changes.removed);
  return (parent?.nodes ?? [])
    .filter((n) => removedIds.has(n.id))
    .map((n) => ({ id: n.id, title: n.title ?? null, dependsOn: n.dependsOn as string[] }));
}
