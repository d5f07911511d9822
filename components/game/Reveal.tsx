// The reveal: every seat's charge, once the table is settled or ended.
import type { Charge } from "@/server/rules/game";
import { claimText } from "./words";

export function Reveal({ charges, names }: { charges: Charge[]; names: string[] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="reveal">
      {charges.map((c, seat) => (
        <div key={seat} className="rounded-md border border-stone-200 p-3 text-sm">
          <p className="font-medium">{names[seat]}</p>
          <ul className="mt-1 space-y-0.5">
            {c.aims.map((a) => (
              <li key={a.clause}>
                <span className="text-brass">{"★".repeat(a.weight)}</span> {claimText(a)}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-stone-500">fallback {c.fallback}</p>
        </div>
      ))}
    </div>
  );
}
