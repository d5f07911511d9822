// Your secret charge, as the table shows it to its seat alone.
import type { GameView } from "@/server/rules/game";

export /** Your secret charge: your aims with their weights, and your fallback if nothing binds. */
function YourCharge({ charge, className }: { charge: NonNullable<GameView["charge"]>; className: string }) {
  return (
    <section className={`card space-y-1 text-sm ${className}`} data-testid="your-charge">
      <h2 className="font-semibold">Your charge (secret)</h2>
      <ul>
        {charge.aims.map((a) => (
          <li key={a.clause}>
            <span className="text-brass">{"★".repeat(a.weight)}</span> {a.clause} ={" "}
            {a.setting.replaceAll("_", " ")}
          </li>
        ))}
      </ul>
      <p className="text-xs text-stone-600">Fallback if nothing binds: {charge.fallback}</p>
    </section>
  );
}
