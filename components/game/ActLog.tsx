// The act log: every act in order, the clock's passes marked, said text quoted.
import type { ViewAct } from "@/server/rules/game";
import { When } from "@/components/ui/When";
import { claimText } from "./words";

export function ActLog({
  acts,
  names,
  now,
  hidden = new Set(),
  onHide,
}: {
  acts: ViewAct[];
  names: string[];
  now: number;
  /** The acts whose said text a moderator hid (the moderation log says which). */
  hidden?: Set<number>;
  /** An admin's: hide this act's said text (the reason is the moderator panel's). */
  onHide?: (index: number) => void;
}) {
  if (acts.length === 0) return <p className="text-sm text-stone-500">No act yet.</p>;
  return (
    <ol className="space-y-1 text-sm" data-testid="act-log">
      {[...acts].reverse().map((a) => (
        <li key={a.index} className="flex gap-2" data-testid="act">
          <span className="w-6 text-right text-xs text-stone-500">{a.index}</span>
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
            {hidden.has(a.index) ? (
              <em className="ml-1 text-stone-500" data-testid="said-hidden">
                ({a.said?.text})
              </em>
            ) : a.said?.text ? (
              <q className="ml-1 italic text-stone-600">{a.said.text}</q>
            ) : null}
            {onHide && a.said?.text && !hidden.has(a.index) ? (
              <button
                className="btn-quiet ml-2 text-xs"
                data-testid="said-hide"
                aria-label={`Hide the said text of act ${a.index}`}
                onClick={() => onHide(a.index)}
              >
                Hide
              </button>
            ) : null}
          </span>
          <span className="text-xs text-stone-500">
            <When at={a.at} mode="ago" now={now} />
          </span>
        </li>
      ))}
    </ol>
  );
}
