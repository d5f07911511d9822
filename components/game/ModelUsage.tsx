// The host's view of its model players' calls (game.md §13): tokens, cost and latency per seat, against the budget.
import type { TableState } from "@/server/actions/game";

export function ModelUsage({
  usage,
  names,
}: {
  usage: NonNullable<TableState["modelUsage"]>;
  names: string[];
}) {
  const { tokens, usd } = usage.budget;
  return (
    <div className="space-y-1 text-sm" data-testid="model-usage">
      <table className="w-full text-left text-xs">
        <thead>
          <tr className="text-stone-600">
            <th scope="col">Seat</th>
            <th scope="col">Calls</th>
            <th scope="col">Tokens in / out</th>
            <th scope="col">Cost</th>
            <th scope="col">Mean latency</th>
          </tr>
        </thead>
        <tbody>
          {usage.seats.map((s) => (
            <tr key={s.seat}>
              <td>{names[s.seat]}</td>
              <td>{s.calls}</td>
              <td>
                {s.tokensIn} / {s.tokensOut}
              </td>
              <td>${s.costUsd.toFixed(4)}</td>
              <td>{s.latencyMsMean === null ? "—" : `${s.latencyMsMean} ms`}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
