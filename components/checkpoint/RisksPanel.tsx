"use client";
// Risks: severity, the nodes they touch, "to reassess" for those meeting the wave just finished, and their history.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { useAttempt } from "@/components/ui/useAttempt";
import { When } from "@/components/ui/When";
import { SEVERITY_STYLE } from "./colors";
import { messageOf, usePlanRefresh } from "./usePlan";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { boundKey } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";

type Severity = PlanView["words"]["severities"][number];

export function RisksPanel({ view, onFocus }: { view: PlanView; onFocus: (id: string) => void }) {
  const trpc = useTRPC();
  const refresh = usePlanRefresh();
  const [form, setForm] = useState<{
    riskId: string;
    severity: Severity;
    affected: string;
    evidenceHash: string;
    note: string;
  }>({
    riskId: "",
    severity: "high",
    affected: "",
    evidenceHash: "",
    note: "",
  });
  const riskWhy = !form.riskId.trim()
    ? "Name the risk being assessed."
    : !form.evidenceHash.trim()
      ? "Give the evidence's hash: an assessment is recorded with its evidence."
      : null;
  const { error, attempt } = useAttempt(refresh, messageOf);
  const assess = useMutation(trpc.plans.assessRisk.mutationOptions(attempt()));
  const edit = (risk: PlanView["risks"][number]) =>
    setForm({
      riskId: risk.id,
      severity: risk.severity,
      affected: risk.affectedNodes.join(", "),
      evidenceHash: "",
      note: "",
    });
  function submit(e: FormEvent) {
    e.preventDefault();
    assess.mutate({
      planId: view.plan.id,
      riskId: form.riskId,
      severity: form.severity,
      affectedNodes: form.affected
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      evidenceHash: form.evidenceHash,
      ...(form.note ? { note: form.note } : {}),
    });
  }
  return (
    <section className="card space-y-3 p-4 text-sm" data-testid="risks">
      <h2 className="font-semibold">Risks</h2>
      {view.risks.length === 0 ? <p className="text-stone-500">No risk assessed.</p> : null}
      <ul className="space-y-2">
        {view.risks.map((r) => (
          <li
            key={r.id}
            className="rounded-md border border-stone-200 p-2"
            data-testid="risk"
            data-risk={r.id}
          >
            <div className="flex flex-wrap items-center gap-2">
              <strong className="font-mono">{r.id}</strong>
              <span className={`badge ${SEVERITY_STYLE[r.severity] ?? ""}`}>{r.severity}</span>
              {r.unresolved ? <span className="text-xs text-red-700">holds the next wave</span> : null}
              {r.toReassess ? (
                <span className="badge bg-orange-100 text-orange-900" data-testid="to-reassess">
                  to reassess ↻
                </span>
              ) : null}
              <span className="text-xs text-stone-500">
                at r{r.revision}, evidence <code>{r.evidenceHash}</code>
              </span>
              {view.may.write === true ? (
                <button type="button" className="btn-quiet ml-auto py-0.5 text-xs" onClick={() => edit(r)}>
                  Reassess
                </button>
              ) : null}
            </div>
            <div className="mt-1 text-xs">
              affects{" "}
              {r.affectedNodes.map((id) => (
                <button
                  key={id}
                  type="button"
                  className="mr-1 font-mono text-tide hover:underline"
                  onClick={() => onFocus(id)}
                >
                  {id}
                </button>
              ))}
            </div>
            <details className="mt-1 text-xs text-stone-600">
              <summary className="cursor-pointer">History ({r.history.length})</summary>
              <ol className="mt-1 space-y-0.5">
                {r.history.map((h, i) => (
                  <li key={i}>
                    <span className={`badge ${SEVERITY_STYLE[h.severity] ?? ""}`}>{h.severity}</span> r
                    {h.revision} <code>{h.evidenceHash}</code> {h.by?.name ?? ""}{" "}
                    <When at={h.at} mode="ago" />
                    {h.note ? ` — ${h.note}` : ""}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
      {view.may.write === true ? (
        <form className="grid grid-cols-2 gap-2 md:grid-cols-6" onSubmit={submit}>
          <input className="field" placeholder="risk id (R7)" {...boundKey(form, setForm, "riskId")} />
          <select className="field" {...boundKey(form, setForm, "severity")} aria-label="Severity">
            {view.words.severities.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <input
            className="field md:col-span-2"
            placeholder="affected nodes, comma-separated"
            {...boundKey(form, setForm, "affected")}
          />
          <input className="field" placeholder="evidence hash" {...boundKey(form, setForm, "evidenceHash")} />
          <button
            className="btn justify-center"
            disabled={assess.isPending || !form.riskId.trim() || !form.evidenceHash.trim()}
            {...describedBy("risk-why", riskWhy)}
          >
            Assess
          </button>
          <WhyNot id="risk-why" why={riskWhy} />
          <input
            className="field col-span-2 md:col-span-6"
            placeholder="note (what changed)"
            {...boundKey(form, setForm, "note")}
          />
        </form>
      ) : null}
      <Alert text={error} />
    </section>
  );
}
