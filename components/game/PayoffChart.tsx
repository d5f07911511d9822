// The reveal's picture: each seat's payoff as a bar beside the fallback it would have had if nothing bound (a
// marked line), so who gained by the accord and who would have done better without it shows at a glance. The
// numbers are text beside the bars, never inside them; the bars themselves are decoration for the numbers.
import type { Standing } from "@/server/rules/game";

export function PayoffChart({ standings, names }: { standings: Standing[]; names: string[] }) {
  const rows = [...standings].sort((a, b) => a.seat - b.seat);
  const top = Math.max(1, ...rows.map((s) => Math.max(s.payoff, s.payoff - s.overFallback)));
  const pct = (n: number) => `${(Math.max(0, n) / top) * 100}%`;
  return (
    <figure className="space-y-1" data-testid="payoff-chart">
      <figcaption className="text-xs text-stone-700">
        Payoff (bar) against fallback (line): what each seat made of the accord, and what it had without one.
      </figcaption>
      <ul className="space-y-1.5">
        {rows.map((s) => {
          const fallback = s.payoff - s.overFallback;
          return (
            <li key={s.seat} className="grid grid-cols-[6rem_1fr_7.5rem] items-center gap-2 text-sm">
              <span className="truncate font-medium">{names[s.seat]}</span>
              <span className="relative h-4 rounded bg-stone-100" aria-hidden="true">
                <span
                  className={`absolute inset-y-0 left-0 rounded ${s.overFallback > 0 ? "bg-teal-600" : s.overFallback < 0 ? "bg-rose-500" : "bg-stone-400"}`}
                  style={{ width: pct(s.payoff) }}
                />
                <span className="absolute -inset-y-0.5 w-0.5 bg-ink" style={{ left: pct(fallback) }} />
              </span>
              <span className="text-right text-xs tabular-nums text-stone-800" data-testid="payoff-numbers">
                {s.payoff} vs {fallback} ({s.overFallback >= 0 ? `+${s.overFallback}` : s.overFallback})
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
