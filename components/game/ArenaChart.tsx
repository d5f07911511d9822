// The arena's picture (§16): for each player its mean payoff over fallback as a dot and the 95% interval around it as
// a line, on one axis from the least to the most a seat can make over its fallback, the fallback itself (0) marked; an
// interval that runs off the axis ends in an arrow, and a player of one seat (no interval yet) has a dashed line across. The numbers are text beside it; the drawing is decoration for them.
import type { ArenaRow } from "@/server/actions/game";

const signed = (n: number) => `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(2)}`;

/** The interval in words: "+1.20 to +2.40", or why there is none. */
export function intervalText(s: Pick<ArenaRow, "overFallbackCi">): string {
  return s.overFallbackCi
    ? `${signed(s.overFallbackCi.low)} to ${signed(s.overFallbackCi.high)}`
    : "one seat: no interval";
}

/** The rating in words: mu ± sigma. */
export const ratingText = (s: Pick<ArenaRow, "rating">) =>
  `${s.rating.mu.toFixed(1)} ± ${s.rating.sigma.toFixed(1)}`;

export function ArenaChart({
  standings,
  axis,
}: {
  standings: ArenaRow[];
  /** The least and the most a seat can make over its fallback: the axis's ends. */
  axis: { low: number; high: number };
}) {
  const at = (v: number) =>
    ((Math.min(axis.high, Math.max(axis.low, v)) - axis.low) / (axis.high - axis.low)) * 100;
  return (
    <div className="space-y-2">
      <ul className="space-y-2" data-testid="arena-chart">
        {standings.map((s) => {
          const ci = s.overFallbackCi;
          const from = at(ci?.low ?? s.meanOverFallback);
          const to = at(ci?.high ?? s.meanOverFallback);
          return (
            <li
              key={s.player}
              className="grid grid-cols-[6rem_1fr] items-center gap-x-2 gap-y-0.5 text-sm sm:grid-cols-[8rem_1fr_12rem_6rem]"
            >
              <span className="truncate font-medium">{s.name}</span>
              <span
                className="relative h-4 rounded bg-stone-100"
                aria-hidden="true"
                data-testid="arena-interval"
              >
                <span className="absolute inset-y-0 w-px bg-stone-500" style={{ left: `${at(0)}%` }} />
                {ci ? (
                  <span
                    className="absolute top-1/2 h-0.5 -translate-y-1/2 bg-teal-700"
                    style={{ left: `${from}%`, width: `${Math.max(0.5, to - from)}%` }}
                  >
                    <span
                      className={`absolute -top-1 left-0 h-2.5 w-0.5 ${ci.low < axis.low ? "hidden" : "bg-teal-700"}`}
                    />
                    <span
                      className={`absolute -top-1 right-0 h-2.5 w-0.5 ${ci.high > axis.high ? "hidden" : "bg-teal-700"}`}
                    />
                    {ci.low < axis.low ? (
                      <span className="absolute -left-1 -top-[5px] text-[10px] leading-none text-teal-700">
                        ◀
                      </span>
                    ) : null}
                    {ci.high > axis.high ? (
                      <span className="absolute -right-1 -top-[5px] text-[10px] leading-none text-teal-700">
                        ▶
                      </span>
                    ) : null}
                  </span>
                ) : (
                  // One seat has no interval: it could lie anywhere on the axis, so the line spans it, dashed.
                  <span className="absolute inset-x-0 top-1/2 border-t border-dashed border-stone-400" />
                )}
                <span
                  className={`absolute top-1/2 h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full ${s.meanOverFallback >= 0 ? "bg-teal-700" : "bg-rose-600"}`}
                  style={{ left: `${at(s.meanOverFallback)}%` }}
                />
              </span>
              <span className="col-start-2 text-xs tabular-nums text-stone-800 sm:col-start-auto sm:text-right">
                {signed(s.meanOverFallback)} <span className="text-stone-700">({intervalText(s)})</span>
              </span>
              <span className="col-start-2 text-xs tabular-nums text-stone-800 sm:col-start-auto sm:text-right">
                {s.honesty === null ? "said nothing" : `${Math.round(s.honesty * 100)}% true`}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-stone-700" data-testid="arena-chart-legend">
        Mean payoff over fallback (dot) and its 95% interval (line), on an axis from {signed(axis.low)} to{" "}
        {signed(axis.high)}; the mark is the fallback. Few seats, long line: the rank is not yet sure (dashed:
        one seat, no interval yet).
      </p>
    </div>
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
