"use client";
// The revision switcher: every revision, the superseded ones marked, and what the one shown changed.
import type { PlanView } from "@/server/actions/checkpoint";
import { When } from "@/components/ui/When";
import { ChangeList } from "./ChangeList";
import { changeGroupsOf, INLINE_CHANGES } from "./revisionChanges";

export function RevisionSwitcher({
  view,
  onShow,
}: {
  view: PlanView;
  onShow: (revision: number | null) => void;
}) {
  const r = view.revision;
  const c = r.changes;
  const groups = changeGroupsOf(view);
  const many = groups.reduce((n, g) => n + g.items.length, 0) > INLINE_CHANGES;
  return (
    <section className="card space-y-3 p-4" data-testid="revisions">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="mr-1 text-sm font-semibold">Revisions</span>
        {view.revisions.map((rev) => (
          <button
            key={rev.number}
            type="button"
            onClick={() => onShow(rev.superseded ? rev.number : null)}
            className={`rounded-md border px-2 py-1 text-xs ${
              rev.number === r.number
                ? "border-tide bg-tide text-white"
                : "border-stone-300 bg-white hover:bg-stone-100"
            } ${rev.superseded && rev.number !== r.number ? "text-stone-600 line-through decoration-stone-400" : ""}`}
            title={rev.rationale}
            data-testid="revision-tab"
            data-revision={rev.number}
          >
            r{rev.number}
            {rev.superseded ? "" : " · latest"}
            {rev.counts.added || rev.counts.removed || rev.counts.rewired ? (
              <span className="ml-1">
                {rev.counts.added ? `+${rev.counts.added}` : ""}
                {rev.counts.removed ? ` −${rev.counts.removed}` : ""}
                {rev.counts.rewired ? ` ~${rev.counts.rewired}` : ""}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div className="grid gap-3 text-sm md:grid-cols-[2fr_3fr]">
        <div className="space-y-1">
          <p>
            <strong>Revision {r.number}</strong>
            {r.parentNumber ? ` (parent r${r.parentNumber})` : " (the first)"} by {r.author.name}
            {r.author.kind === "agent" ? (
              <span className="badge ml-1 bg-indigo-100 text-indigo-800">agent</span>
            ) : null}
            , <When at={r.createdAt} mode="ago" />
          </p>
          {r.superseded ? (
            <p className="rounded bg-stone-100 px-2 py-1 text-xs text-stone-700" data-testid="superseded">
              Superseded by revision {r.supersededBy}: kept as history, read-only.{" "}
              <button type="button" className="underline" onClick={() => onShow(null)}>
                Show the latest
              </button>
            </p>
          ) : null}
          <p className="text-stone-700">“{r.rationale}”</p>
          {r.evidenceRefs.length ? (
            <p className="text-xs text-stone-600">
              Evidence:{" "}
              {r.evidenceRefs.map((e) => (
                <code key={e} className="mr-1 rounded bg-stone-100 px-1">
                  {e}
                </code>
              ))}
            </p>
          ) : null}
        </div>
        <div className="space-y-1 text-xs" data-testid="revision-changes">
          {r.parentNumber && many ? (
            <ChangeList groups={groups} />
          ) : r.parentNumber ? (
            <ul className="space-y-0.5">
              {c.added.map((id) => (
                <li key={`a${id}`}>
                  <span className="badge bg-teal-700 text-white">added</span> <code>{id}</code>
                </li>
              ))}
              {c.removed.map((id) => (
                <li key={`r${id}`}>
                  <span className="badge bg-red-600 text-white">removed</span> <code>{id}</code>
                </li>
              ))}
              {c.rewired.map((w) => (
                <li key={`w${w.id}`}>
                  <span className="badge bg-sky-700 text-white">rewired</span> <code>{w.id}</code>:{" "}
                  {w.before.join(", ") || "nothing"} → {w.after.join(", ") || "nothing"}
                </li>
              ))}
              {c.retitled.map((t) => (
                <li key={`t${t.id}`}>
                  <span className="badge bg-stone-200 text-stone-700">retitled</span> <code>{t.id}</code>
                </li>
              ))}
              {!c.added.length && !c.removed.length && !c.rewired.length && !c.retitled.length ? (
                <li>No node changed (a contract or mark did).</li>
              ) : null}
            </ul>
          ) : (
            <p>
              The first graph: {view.nodes.length} nodes in {view.lanes.length} waves.
            </p>
          )}
          <p className="text-stone-600">
            Validator: {r.validatorResult.checks.join("; ")}.
            {r.validatorResult.carried.length
              ? ` Evidence carried for ${r.validatorResult.carried.join(", ")}.`
              : ""}
          </p>
          {r.validatorResult.notes.map((n) => (
            <p key={n} className="text-stone-600">
              {n}
            </p>
          ))}
        </div>
      </div>
    </section>
  );
}
