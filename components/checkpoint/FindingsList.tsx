"use client";
// The audit beside the canvas: its verdict and every finding, each a link that brings its node into view.
import type { PlanView } from "@/server/actions/checkpoint";

export function FindingsList({ view, onFocus }: { view: PlanView; onFocus: (id: string) => void }) {
  const audit = view.audit;
  return (
    <section className="card flex h-full flex-col gap-3 overflow-hidden p-4" data-testid="findings">
      <h2 className="font-semibold">The audit</h2>
      {!audit ? (
        <p className="text-sm text-stone-600">
          {"reason" in view.proposal ? view.proposal.reason : "No checkpoint here yet."}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap gap-1.5 text-xs" data-testid="audit-verdict">
            <Verdict ok={audit.declarationValid} yes="declaration valid" no="declaration invalid" />
            <Verdict ok={audit.eligibleToAdmit} yes="eligible to admit" no="not eligible" />
            {audit.structuralBlocked ? (
              <span className="badge bg-amber-100 text-amber-900">held by a gate</span>
            ) : null}
          </div>
          {audit.source !== "now" ? (
            <p className="text-xs text-stone-500">
              As recorded at checkpoint #{audit.source.checkpointId} of this revision.
            </p>
          ) : null}
          {view.findings.length === 0 ? (
            <p className="text-sm text-emerald-800">No findings: nothing holds the next wave.</p>
          ) : (
            <ol className="min-h-0 flex-1 space-y-2 overflow-y-auto pr-1 text-sm">
              {view.findings.map((f, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="w-full rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-left hover:border-red-400 disabled:cursor-default"
                    onClick={() => f.targets[0] && onFocus(f.targets[0])}
                    disabled={f.targets.length === 0}
                    data-testid="finding"
                    data-finding={f.id}
                  >
                    <span className="font-mono text-xs font-semibold text-red-800">{f.id}</span>
                    <span className="block text-stone-800">{f.message}</span>
                    {f.targets.length ? (
                      <span className="mt-0.5 block text-xs text-stone-600">
                        on{" "}
                        {f.targets
                          .slice(0, 4)
                          .map((t) => t.replace(/^gate:/, "the ") + (t.startsWith("gate:") ? " gate" : ""))
                          .join(", ")}
                        {f.targets.length > 4 ? ` and ${f.targets.length - 4} more` : ""}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <span className={`badge ${ok ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}>
      {ok ? yes : no}
    </span>
  );
}
