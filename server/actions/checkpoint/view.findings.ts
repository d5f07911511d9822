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

type Context = {
  nodes: NodeView[];
  risks: RiskView[];
  justFinished: string[];
  /** Who the gates still need, and what no longer counts there: said where the gate's finding is. */
  stillNeeded: string[];
  lapsed: string[];
};

const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;

/** A gate's finding says who is still needed (and what lapsed), after the audit's own sentence. */
function messageOf(f: { id: string; message: string }, ctx: Context): string {
  const gate =
    f.id === "approval-required"
      ? (s: string) => /approv/.test(s)
      : f.id === "assignment-gate-unsatisfied"
        ? (s: string) => /authority|resources/.test(s)
        : null;
  if (!gate) return f.message;
  // Who is still needed reads as a sentence; a lapse starts with a name, which keeps its case.
  const more = [
    ...ctx.stillNeeded.filter(gate).map(sentence),
    ...ctx.lapsed.filter(gate).map((l) => `${l}.`),
  ];
  return [f.message, ...more].join(" ");
}

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
  return (audit?.findings ?? []).map((f) => ({
    id: f.id,
    message: messageOf(f, ctx),
    targets: targetsOf(f, ctx),
  }));
}
