// The act log: every act in order, the clock's passes marked, said text quoted.
import type { ViewAct } from "@/server/rules/game";
import { When } from "@/components/ui/When";
import { claimText } from "./words";

export function ActLog({ acts, names, now }: { acts: ViewAct[]; names: string[]; now: number }) {
  if (acts.length === 0) return <p className="text-sm text-stone-500">No act yet.</p>;
  return (
    <ol className="space-y-1 text-sm" data-testid="act-log">
      {[...acts].reverse().map((a) => (
        <li key={a.index} className="flex gap-2" data-testid="act">
          <span className="w-6 text-right text-xs text-stone-400">{a.index}</span>
          <span className="flex-1">
            <strong>{names[a.seat]}</strong>{" "}
            {a.type === "offer"
              ? "offered an accord"
              : a.type === "accept"
                ? "accepted"
                : a.by === "clock"
                  ? "— the clock passed"
                  : "passed"}
            {a.type === "accept" && a.cite ? <> — swore {claimText(a.cite)}</> : null}
            {a.said?.text ? <q className="ml-1 italic text-stone-600">{a.said.text}</q> : null}
          </span>
          <span className="text-xs text-stone-400">
            <When at={a.at} mode="ago" now={now} />
          </span>
        </li>
      ))}
    </ol>
  );
}
