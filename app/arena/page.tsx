// /arena – the standings across finished tables (§14, §16): per person, agent, house-bot strategy and model, best mean
// payoff over fallback first, with its 95% interval, a rating with its uncertainty, and honesty — the share of its said
// and whispered claims the reveal judged true.
import type { Metadata } from "next";
import Link from "next/link";
import { ArenaChart, intervalText, KindBadge, ratingText } from "@/components/game/ArenaChart";
import { ScrollX } from "@/components/ui/ScrollX";
import { arenaStandings } from "@/server/actions/game";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { AIM_WEIGHTS, FALLBACK_MAX, FALLBACK_MIN } from "@/server/rules/game";
import { TableHead } from "@/components/ui/TableHead";

/** The least and the most a seat can make over its fallback: nothing against the highest fallback, every aim against none. */
const AXIS = { low: -FALLBACK_MAX, high: AIM_WEIGHTS.reduce((a, b) => a + b, 0) - FALLBACK_MIN };

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
          true. House bots count by character, models by provider and model id. Each has a rating (OpenSkill,
          over the tables in the order they finished) with its uncertainty, and its mean over fallback with a
          95% interval: few tables, wide interval. Offline, with your own strategy:{" "}
          <code>npx parley arena</code>.
        </p>
      </div>
      {standings.length === 0 ? (
        <p className="card text-sm text-stone-700">No table has finished yet.</p>
      ) : (
        <>
          <section className="card space-y-2">
            <h2 className="font-semibold">Payoff over fallback with its 95% interval, and honesty</h2>
            <ArenaChart standings={standings} axis={AXIS} />
          </section>
          <ScrollX label="The standings" className="card p-0">
            <table className="w-full text-sm" data-testid="arena">
              <TableHead
                className="border-b border-stone-200 text-left text-xs uppercase text-stone-600"
                cell="px-3 py-2"
                columns={[
                  "#",
                  "Player",
                  { label: "Seats", right: true },
                  { label: "Bound", right: true },
                  {
                    label: (
                      <>
                        Rating ± <span className="normal-case">σ</span>
                      </>
                    ),
                    right: true,
                  },
                  { label: "Mean payoff", right: true },
                  { label: "Over fallback (95%)", right: true },
                  { label: "Sworn", right: true },
                  { label: "Honesty", right: true },
                ]}
              />
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
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                      {s.bound}{" "}
                      <span className="text-xs text-stone-700">
                        ({Math.round((s.bound / s.seats) * 100)}%)
                      </span>
                    </td>
                    <td
                      className="whitespace-nowrap px-3 py-2 text-right tabular-nums"
                      data-testid="arena-rating"
                    >
                      {ratingText(s)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{s.meanPayoff.toFixed(2)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {s.meanOverFallback >= 0 ? "+" : ""}
                      {s.meanOverFallback.toFixed(2)}
                      <span className="block whitespace-nowrap text-xs text-stone-700">
                        {intervalText(s)}
                      </span>
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
