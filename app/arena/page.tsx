// /arena – the standings across finished tables (§14): per person, agent, house-bot strategy and model, best mean payoff
// over fallback first, with honesty — the share of its said and whispered claims the reveal judged true — beside it.
import type { Metadata } from "next";
import Link from "next/link";
import { ArenaChart, KindBadge } from "@/components/game/ArenaChart";
import { ScrollX } from "@/components/ui/ScrollX";
import { arenaStandings } from "@/server/actions/game";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";

export const metadata: Metadata = { title: "The arena" };
export const dynamic = "force-dynamic";

export default async function ArenaPage() {
  const who = await whoFromSession();
  const r = await arenaStandings(await getDb(), who);
  const { tables, standings } = r.ok ? r.value : { tables: 0, standings: [] };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-2xl font-semibold">The arena</h1>
        <p className="text-sm text-stone-700">
          Everyone who played the {tables} finished <Link href="/tables">table{tables === 1 ? "" : "s"}</Link>{" "}
          you may read: what they made over their fallback, and how often what they said (and whispered) was
          true. House bots count by character, models by provider and model id. Offline:{" "}
          <code>npx parley arena</code>.
        </p>
      </div>
      {standings.length === 0 ? (
        <p className="card text-sm text-stone-700">No table has finished yet.</p>
      ) : (
        <>
          <section className="card space-y-2">
            <h2 className="font-semibold">Payoff over fallback, and honesty</h2>
            <ArenaChart standings={standings} />
          </section>
          <ScrollX label="The standings" className="card p-0">
            <table className="w-full text-sm" data-testid="arena">
              <thead className="border-b border-stone-200 text-left text-xs uppercase text-stone-600">
                <tr>
                  <th className="px-3 py-2">#</th>
                  <th className="px-3 py-2">Player</th>
                  <th className="px-3 py-2 text-right">Seats</th>
                  <th className="px-3 py-2 text-right">Bound</th>
                  <th className="px-3 py-2 text-right">Mean payoff</th>
                  <th className="px-3 py-2 text-right">Over fallback</th>
                  <th className="px-3 py-2 text-right">Sworn</th>
                  <th className="px-3 py-2 text-right">Honesty</th>
                </tr>
              </thead>
              <tbody>
                {standings.map((s, i) => (
                  <tr key={s.player} className="border-t border-stone-100" data-testid="arena-row">
                    <td className="px-3 py-2 tabular-nums">{i + 1}</td>
                    <td className="px-3 py-2">
                      <Link
                        href={`/arena/${encodeURIComponent(s.player)}`}
                        className="font-medium"
                        data-testid="arena-player-link"
                      >
                        {s.name}
                      </Link>{" "}
                      {s.kind !== "person" ? <KindBadge kind={s.kind} /> : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{s.seats}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{s.bound}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{s.meanPayoff.toFixed(2)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {s.meanOverFallback >= 0 ? "+" : ""}
                      {s.meanOverFallback.toFixed(2)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{s.sworn}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {s.honesty === null ? "—" : `${Math.round(s.honesty * 100)}% of ${s.claims}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        </>
      )}
    </div>
  );
}
