"use client";
// Outcome records: the owner (or, over the JSON API and MCP, an orchestrator) reports; every record stays listed.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { useAttempt } from "@/components/ui/useAttempt";
import { When } from "@/components/ui/When";
import { statusStyle } from "./colors";
import { messageOf, usePlanRefresh } from "./usePlan";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { TableHead } from "@/components/ui/TableHead";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";

type Status = PlanView["words"]["statuses"][number];

export function OutcomesPanel({ view, onFocus }: { view: PlanView; onFocus: (id: string) => void }) {
  const trpc = useTRPC();
  const refresh = usePlanRefresh();
  const [nodeId, setNodeId] = useState("");
  const [status, setStatus] = useState<Status>("success");
  const [evidenceHash, setHash] = useState("");
  const outcomeWhy = !nodeId.trim()
    ? "Name the node the outcome is for."
    : !evidenceHash.trim()
      ? "Give the evidence's hash: an outcome is reported with its evidence."
      : null;
  const [provenance, setProvenance] = useState("");
  const { error, attempt } = useAttempt(refresh, messageOf);
  const post = useMutation(trpc.plans.postOutcome.mutationOptions(attempt(() => setHash(""))));
  function submit(e: FormEvent) {
    e.preventDefault();
    post.mutate({
      planId: view.plan.id,
      nodeId: nodeId.trim(),
      status,
      evidenceHash,
      ...(provenance ? { provenance } : {}),
    });
  }
  return (
    <section className="card space-y-3 p-4 text-sm" data-testid="outcomes">
      <h2 className="font-semibold">Outcome records</h2>
      {view.may.write === true ? (
        <form className="grid grid-cols-2 gap-2 md:grid-cols-5" onSubmit={submit}>
          <input
            className="field"
            list={`plan-${view.plan.id}-nodes`}
            {...bound(nodeId, setNodeId)}
            placeholder="node id"
            aria-label="Node"
          />
          <datalist id={`plan-${view.plan.id}-nodes`}>
            {view.nodes.length <= 300 ? view.nodes.map((n) => <option key={n.id} value={n.id} />) : null}
          </datalist>
          <select className="field" {...bound(status, setStatus)} aria-label="Status">
            {view.words.statuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <input className="field" placeholder="evidence hash" {...bound(evidenceHash, setHash)} />
          <input
            className="field"
            placeholder="provenance (optional)"
            {...bound(provenance, setProvenance)}
          />
          <button
            className="btn justify-center"
            disabled={post.isPending || !evidenceHash.trim() || !nodeId.trim()}
            {...describedBy("outcome-why", outcomeWhy)}
          >
            Report
          </button>
          <WhyNot id="outcome-why" why={outcomeWhy} />
        </form>
      ) : (
        <p className="text-xs text-stone-500">
          Orchestrators report with an agent token: <code>POST /api/plans/{view.plan.id}/outcomes</code> or
          the MCP tool <code>post_outcome</code>.
        </p>
      )}
      <Alert text={error} />
      {/* Focusable, so a keyboard scrolls it too (a scrolling region nobody can reach is unreadable without a mouse). */}
      <div className="max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label="Outcome records">
        <table className="w-full text-xs">
          <TableHead
            className="sticky top-0 bg-white text-left uppercase text-stone-500"
            cell=""
            columns={[
              { label: "Node", className: "py-1" },
              "Rev",
              "Status",
              "Evidence",
              "Provenance",
              "By",
              "When",
            ]}
          />
          <tbody>
            {view.outcomes.length === 0 ? (
              <tr>
                <td colSpan={7} className="py-3 text-center text-stone-500">
                  No outcome reported yet.
                </td>
              </tr>
            ) : null}
            {view.outcomes.slice(0, 100).map((o, i) => (
              <tr key={i} className="border-t border-stone-100" data-testid="outcome-row">
                <td className="py-1">
                  <button
                    type="button"
                    className="font-mono text-tide hover:underline"
                    onClick={() => onFocus(o.nodeId)}
                  >
                    {o.nodeId}
                  </button>
                </td>
                <td>r{o.revision}</td>
                <td>
                  <span className={`badge ${statusStyle(o.status).pill}`}>{o.status}</span>
                </td>
                <td className="font-mono">{o.evidenceHash}</td>
                <td className="max-w-64 truncate" title={o.provenance}>
                  {o.provenance}
                </td>
                <td>
                  {o.by?.name ?? "—"}
                  {o.by?.kind === "agent" ? (
                    <span className="badge ml-1 bg-indigo-100 text-indigo-800">agent</span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap">
                  <When at={o.at} mode="ago" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
