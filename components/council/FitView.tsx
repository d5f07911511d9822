// Step 0 on a round table's page: the convener's three sentences (or, for an imported record, that it had none).
import type { CouncilView } from "@/server/actions/council";

const ASKED = [
  ["decision", "What will be done differently"],
  ["options", "Why these options"],
  ["stakes", "What a wrong call costs"],
] as const;

export function FitView({ view }: { view: Pick<CouncilView, "fit" | "imported"> }) {
  return (
    <section className="card space-y-2 text-sm" data-testid="council-fit">
      <h2 className="font-semibold">Step 0 — why a Round Table</h2>
      {view.fit ? (
        <dl className="space-y-1">
          {ASKED.map(([key, label]) => (
            <div key={key}>
              <dt className="text-xs font-medium text-stone-500">{label}</dt>
              <dd className="text-stone-700">{view.fit![key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-stone-600">
          {view.imported
            ? "None: an imported record — the state file carries no answers to Step 0."
            : "None recorded: convened before Step 0 was asked."}
        </p>
      )}
    </section>
  );
}
