"use client";
// The selected node, beside the canvas: what it is, its evidence and its history at this revision, the findings and
// risks on it, and what it depends on and what depends on it — each a link that selects that node instead.
import type { PlanView } from "@/server/actions/checkpoint";
import { dependentsOf } from "./canvasLook";
import { SEVERITY_STYLE, statusStyle } from "./colors";

type Props = { view: PlanView; id: string; onFocus: (id: string | null) => void };

export function NodeDetails({ view, id, onFocus }: Props) {
  const node = view.nodes.find((n) => n.id === id);
  if (!node) return null;
  const style = statusStyle(node.status);
  const outcomes = view.outcomes.filter((o) => o.nodeId === id);
  const risks = view.risks.filter((r) => r.affectedNodes.includes(id));
  const dependents = dependentsOf(view, id);
  return (
    <section
      className="card flex h-full flex-col gap-3 overflow-y-auto p-4 text-sm"
      data-testid="node-details"
      aria-label={`Node ${id}`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0">
          <h2 className="break-all font-mono font-semibold">{node.id}</h2>
          {node.title ? <p className="text-stone-700">{node.title}</p> : null}
        </div>
        <button type="button" className="btn-quiet ml-auto px-2 py-0.5 text-xs" onClick={() => onFocus(null)}>
          Back to the audit
        </button>
      </div>
      <p className="flex flex-wrap items-center gap-1.5 text-xs">
        <span>Wave {node.wave + 1}</span>
        <span className={`badge ${style.pill}`}>{style.label}</span>
        {node.role === "next" ? <span className="badge bg-violet-100 text-violet-800">next wave</span> : null}
        {node.role === "justFinished" ? (
          <span className="badge bg-sky-100 text-sky-800">just finished</span>
        ) : null}
        {node.needsApproval ? (
          <span className="badge bg-violet-100 text-violet-800">needs approval</span>
        ) : null}
        {node.held ? <span className="badge bg-stone-700 text-white">held by a prune</span> : null}
        {node.change ? <span className="badge bg-stone-100 text-stone-700">{node.change} here</span> : null}
      </p>
      {node.findings.length ? (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Findings</h3>
          <ul className="mt-1 space-y-1">
            {node.findings.map((f, i) => (
              <li
                key={i}
                className="rounded border border-red-200 bg-red-50 px-2 py-1"
                data-testid="detail-finding"
              >
                <span className="font-mono text-xs font-semibold text-red-800">{f.id}</span>
                <span className="block">{f.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">
          Evidence at this revision
        </h3>
        {outcomes.length === 0 ? (
          <p className="text-stone-600">No outcome reported.</p>
        ) : (
          <ol className="mt-1 space-y-1" data-testid="detail-outcomes">
            {outcomes.map((o, i) => (
              <li key={i} className="text-xs">
                <span className={`badge ${statusStyle(o.status).pill}`}>{o.status}</span>{" "}
                <span className="font-mono">#{o.evidenceHash}</span> · {o.provenance}
                {o.by ? ` · ${o.by.name}` : ""} ·{" "}
                <time dateTime={o.at}>{o.at.slice(0, 16).replace("T", " ")}</time>
              </li>
            ))}
          </ol>
        )}
      </div>
      {risks.length ? (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Risks</h3>
          <ul className="mt-1 space-y-1">
            {risks.map((r) => (
              <li key={r.id} className="text-xs" data-testid="detail-risk">
                <span className={`badge ${SEVERITY_STYLE[r.severity] ?? ""}`}>
                  {r.id} {r.severity}
                </span>
                {r.toReassess ? " to reassess" : r.unresolved ? " unresolved" : ""}
                {" · "}
                {r.history.length} assessment{r.history.length === 1 ? "" : "s"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Links title="Depends on" ids={node.dependsOn} onFocus={onFocus} none="Nothing: it starts the plan." />
      <Links title="Needed by" ids={dependents} onFocus={onFocus} none="Nothing depends on it." />
    </section>
  );
}

function Links({
  title,
  ids,
  onFocus,
  none,
}: {
  title: string;
  ids: string[];
  onFocus: (id: string) => void;
  none: string;
}) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</h3>
      {ids.length === 0 ? (
        <p className="text-stone-600">{none}</p>
      ) : (
        <p className="mt-1 flex flex-wrap gap-1">
          {ids.map((d) => (
            <button
              key={d}
              type="button"
              className="rounded border border-stone-300 px-1.5 font-mono text-xs hover:border-stone-500"
              onClick={() => onFocus(d)}
            >
              {d}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
