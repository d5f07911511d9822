// Sworn and said, shown apart: sworn truths are verified at once; said claims are marked at the reveal.
import type { SaidEntry, Sworn } from "@/server/rules/game";
import { claimText } from "./words";

export function Claims({ sworn, said, names }: { sworn: Sworn[]; said: SaidEntry[]; names: string[] }) {
  const claims = said.filter((s) => s.clause);
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="claims">
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
          Sworn — checked by the program
        </h3>
        {sworn.length === 0 ? <p className="text-sm text-stone-500">Nothing sworn yet.</p> : null}
        <ul className="space-y-1 text-sm" data-testid="sworn">
          {sworn.map((s) => (
            <li key={`${s.act}`}>
              <span className="badge mr-2 bg-emerald-100 text-emerald-800">sworn ✓</span>
              <strong>{names[s.seat]}</strong> wants {claimText(s)}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
          Said — cheap talk, judged at the reveal
        </h3>
        {claims.length === 0 ? <p className="text-sm text-stone-500">Nothing claimed yet.</p> : null}
        <ul className="space-y-1 text-sm" data-testid="said">
          {claims.map((s, i) => (
            <li key={`${s.act}-${i}`}>
              <span
                className={`badge mr-2 ${s.truthful === null ? "bg-stone-100 text-stone-600" : s.truthful ? "bg-emerald-100 text-emerald-800" : "bg-rose-100 text-rose-800"}`}
                data-testid="said-mark"
              >
                {s.truthful === null ? "said" : s.truthful ? "true" : "false"}
              </span>
              <strong>{names[s.seat]}</strong> says they want{" "}
              {claimText({ clause: s.clause!, setting: s.setting! })}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
