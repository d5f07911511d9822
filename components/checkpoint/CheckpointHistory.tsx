"use client";
// Every recorded checkpoint: its decision, who made it and why, what the audit said then, and any advice.
import type { PlanView } from "@/server/actions/checkpoint";
import { When } from "@/components/ui/When";
import { DECISION_STYLE } from "./colors";

export function CheckpointHistory({
  view,
  onShow,
}: {
  view: PlanView;
  onShow: (revision: number | null) => void;
}) {
  return (
    <section className="card space-y-2 p-4 text-sm" data-testid="checkpoints">
      <h2 className="font-semibold">Checkpoints recorded</h2>
      {view.checkpoints.length === 0 ? <p className="text-stone-500">None yet.</p> : null}
      <ol className="space-y-2">
        {view.checkpoints.map((c) => {
          const advice = c.advice;
          return (
            <li
              key={c.id}
              className="rounded-md border border-stone-200 p-2"
              data-testid="checkpoint-row"
              data-decision={c.decision}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className={`badge ${DECISION_STYLE[c.decision] ?? ""}`}>{c.decision}</span>
                <button
                  type="button"
                  className="text-xs text-tide underline"
                  onClick={() => onShow(c.revision === view.latest ? null : c.revision)}
                >
                  revision {c.revision}
                </button>
                <span className="text-xs text-stone-500">
                  #{c.id} · {c.by?.name ?? "someone"} · <When at={c.at} mode="ago" />
                </span>
                <span
                  className={`badge ${c.eligibleToAdmit ? "bg-emerald-100 text-emerald-800" : "bg-stone-100 text-stone-700"}`}
                >
                  {c.eligibleToAdmit
                    ? "eligible"
                    : `${c.findings.length} finding${c.findings.length === 1 ? "" : "s"}`}
                </span>
              </div>
              <p className="mt-1 text-stone-700">
                {c.justFinished.join(", ")} → {c.nextWave.join(", ")}: “{c.rationale}”
              </p>
              {c.findings.length ? (
                <p className="text-xs text-stone-500">
                  {[...new Set(c.findings.map((f) => f.id))].join(", ")}
                </p>
              ) : null}
              {c.councilId ? (
                <p className="text-xs">
                  Round Table <a href={`/councils/${c.councilId}`}>#{c.councilId}</a>
                  {advice
                    ? ` advised: ${advice.option ?? advice.status ?? "no decision"} (advice; a person decides)`
                    : " is deliberating; its result will show here as advice."}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
