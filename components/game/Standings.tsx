// Standings after the end: payoff, and payoff over fallback; ties share a place.
import type { Standing } from "@/server/rules/game";
import { TableHead } from "@/components/ui/TableHead";

export function Standings({ standings, names }: { standings: Standing[]; names: string[] }) {
  return (
    <table className="w-full text-sm" data-testid="standings">
      <TableHead
        className="text-left text-xs uppercase text-stone-500"
        cell=""
        columns={[
          { label: "Place", className: "py-1" },
          "Seat",
          { label: "Payoff", className: "text-right" },
          { label: "Over fallback", className: "text-right" },
        ]}
      />
      <tbody>
        {standings.map((s) => (
          <tr key={s.seat} className="border-t border-stone-100">
            <td className="py-1">{s.place}</td>
            <td className="font-medium">{names[s.seat]}</td>
            <td className="text-right">{s.payoff}</td>
            <td className="text-right">{s.overFallback >= 0 ? `+${s.overFallback}` : s.overFallback}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
