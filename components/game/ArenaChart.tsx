// The arena's picture: for each player a bar of its mean payoff over fallback (below zero in rose) and its honesty
// as a share; the numbers are text beside the bars, the bars decoration for them.
import type { ArenaRow } from "@/server/actions/game";

export function ArenaChart({ standings }: { standings: ArenaRow[] }) {
  const top = Math.max(1, ...standings.map((s) => Math.abs(s.meanOverFallback)));
  return (
    <ul className="space-y-1.5" data-testid="arena-chart">
      {standings.map((s) => (
        <li key={s.player} className="grid grid-cols-[7rem_1fr_4rem_5rem] items-center gap-2 text-sm">
          <span className="truncate font-medium">{s.name}</span>
          <span className="relative h-3 rounded bg-stone-100" aria-hidden="true">
            <span
              className={`absolute inset-y-0 left-0 rounded ${s.meanOverFallback >= 0 ? "bg-teal-600" : "bg-rose-500"}`}
              style={{ width: `${(Math.abs(s.meanOverFallback) / top) * 100}%` }}
            />
          </span>
          <span className="text-right text-xs tabular-nums text-stone-800">
            {s.meanOverFallback >= 0 ? "+" : ""}
            {s.meanOverFallback.toFixed(2)}
          </span>
          <span className="text-right text-xs tabular-nums text-stone-800">
            {s.honesty === null ? "said nothing" : `${Math.round(s.honesty * 100)}% true`}
          </span>
        </li>
      ))}
    </ul>
  );
}

const KIND_BADGE = {
  person: "",
  agent: "bg-indigo-100 text-indigo-800",
  bot: "bg-stone-200 text-stone-800",
  model: "bg-amber-100 text-amber-900",
} as const;

/** What kind of player this is (a person has none). */
export function KindBadge({ kind }: { kind: ArenaRow["kind"] }) {
  return <span className={`badge ${KIND_BADGE[kind]}`}>{kind}</span>;
}
