// The audit's findings as the canvas focuses them: each with the nodes (or gate nodes) where it bites.
import type { AuditResult } from "../../rules/checkpoint";
import type { NodeView } from "./view.nodes";
import type { RiskView } from "./view.risks";

export type FindingView = {
  id: string;
  message: string;
  /** The nodes (or gate nodes, "gate:approval" and "gate:assignment") the finding is about, to focus on. */
  targets: string[];
};

type Context = { nodes: NodeView[]; risks: RiskView[]; justFinished: string[] };

/** Where a finding bites: its node, or for the gates the gate node, the risky nodes, the nodes to recover. */
function targetsOf(f: { id: string; nodeId?: string; riskId?: string }, ctx: Context): string[] {
  if (f.id === "approval-required") return ["gate:approval"];
  if (f.id === "assignment-gate-unsatisfied") return ["gate:assignment"];
  if (f.id === "unresolved-risk")
    return [...new Set(ctx.risks.filter((r) => r.unresolved).flatMap((r) => r.affectedNodes))];
  if (f.id === "wave-recovery-required") {
    const finished = new Set(ctx.justFinished);
    return ctx.nodes.filter((n) => finished.has(n.id) && n.status !== "success").map((n) => n.id);
  }
  if (f.nodeId !== undefined) return [f.nodeId];
  if (f.riskId !== undefined) return ctx.risks.find((r) => r.id === f.riskId)?.affectedNodes ?? [];
  return [];
}

export function findingsOf(audit: AuditResult | null, ctx: Context): FindingView[] {
  return (audit?.findings ?? []).map((f) => ({ id: f.id, message: f.message, targets: targetsOf(f, ctx) }));
}
