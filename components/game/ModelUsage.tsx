// The host's view of its model players' calls (game.md §13): tokens, cost and latency per seat, each in its own
// labelled column, against the budget. An unknown cost is "—", never $0; a sum with an unknown part is "≥ $x".
import type { TableState } from "@/server/actions/game";

type SeatUsage = NonNullable<TableState["modelUsage"]>["seats"][number];

/** A cost as far as it is known: "—" when nothing of it is, "≥ $x" when part of it is not. */
export function costText(costUsd: number | null, unpricedCalls: number): string {
  if (costUsd === null) return "—";
  return `${unpricedCalls > 0 ? "≥ " : ""}$${costUsd.toFixed(4)}`;
}

/** A mean latency: milliseconds below a second, else seconds to a tenth. */
export const latencyText = (ms: number | null) =>
  ms === null ? "—" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The seats' usage summed: the cost is unknown only when every seat's is. */
function total(seats: readonly SeatUsage[]) {
  const known = seats.filter((s) => s.costUsd !== null);
  const calls = seats.reduce((n, s) => n + s.calls, 0);
  const latencies = seats.filter((s) => s.latencyMsMean !== null);
  return {
    calls,
    tokensIn: seats.reduce((n, s) => n + s.tokensIn, 0),
    tokensOut: seats.reduce((n, s) => n + s.tokensOut, 0),
    costUsd: known.length ? known.reduce((n, s) => n + s.costUsd!, 0) : null,
    unpricedCalls: seats.reduce((n, s) => n + s.unpricedCalls, 0),
    // each seat's mean weighed by its calls
    latencyMsMean: latencies.length
      ? Math.round(
          latencies.reduce((n, s) => n + s.latencyMsMean! * s.calls, 0) /
            Math.max(
              1,
              latencies.reduce((n, s) => n + s.calls, 0),
            ),
        )
      : null,
  };
}

const cell = "py-0.5 pr-2 align-top last:pr-0";
const num = `${cell} text-right tabular-nums whitespace-nowrap`;

function Row({ label, u, testid }: { label: string; u: Omit<SeatUsage, "seat">; testid: string }) {
  return (
    <tr className="border-t border-stone-100" data-testid={testid}>
      <td className={cell}>
        {label}
        <span className="block text-stone-600" data-testid="model-usage-calls">
          {u.calls === 1 ? "1 call" : `${u.calls.toLocaleString("en-US")} calls`}
        </span>
      </td>
      {/* in over out, so the row fits a narrow column */}
      <td className={num}>
        <span className="block">{u.tokensIn.toLocaleString("en-US")}</span>
        <span className="sr-only"> / </span>
        <span className="block">{u.tokensOut.toLocaleString("en-US")}</span>
      </td>
      <td className={num} data-testid="model-usage-cost">
        {costText(u.costUsd, u.unpricedCalls)}
      </td>
      <td className={num} data-testid="model-usage-latency">
        {latencyText(u.latencyMsMean)}
      </td>
    </tr>
  );
}

export function ModelUsage({
  usage,
  names,
}: {
  usage: NonNullable<TableState["modelUsage"]>;
  names: string[];
}) {
  const { tokens, usd } = usage.budget;
  const unknown = usage.seats.some((s) => s.unpricedCalls > 0);
  return (
    <div className="space-y-1 text-sm" data-testid="model-usage">
      {/* a narrow column scrolls the table sideways rather than the page: focusable, so a keyboard can too */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Model calls by seat">
        <table className="w-full text-left text-xs">
          <thead>
            <tr className="text-stone-600">
              <th scope="col" className={cell}>
                Seat
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Tokens <span className="whitespace-nowrap">in / out</span>
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Cost
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Mean latency
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.seats.map((s) => (
              <Row key={s.seat} label={names[s.seat] ?? `Seat ${s.seat}`} u={s} testid="model-usage-seat" />
            ))}
          </tbody>
          {usage.seats.length > 1 ? (
            <tfoot className="border-t border-stone-200 font-medium">
              <Row label="All" u={total(usage.seats)} testid="model-usage-total" />
            </tfoot>
          ) : null}
        </table>
      </div>
      {unknown ? (
        <p className="text-xs text-stone-600" data-testid="model-usage-unknown">
          “—”: the cost is unknown, the server has no price for the model; “≥”: some calls&apos; cost is
          unknown.
          {usd !== null ? " The budget in dollars counts only the calls whose cost is known." : null}
        </p>
      ) : null}
      <p className="text-xs text-stone-600">
        Budget:{" "}
        {tokens === null && usd === null
          ? "none set"
          : [
              tokens !== null ? `${tokens.toLocaleString("en-US")} tokens` : null,
              usd !== null ? `$${usd}` : null,
            ]
              .filter(Boolean)
              .join(" or ")}{" "}
        — past it a model passes its turns.
      </p>
    </div>
  );
}
