// /arena/:player – one player's profile (§14, §16): its standing across the finished tables a viewer may read — its
// rating with its uncertainty, its mean over fallback with a 95% interval — and each of those tables with what it made
// there and how much of what it said was true, newest first.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { intervalText, KindBadge, ratingText } from "@/components/game/ArenaChart";
import { ScrollX } from "@/components/ui/ScrollX";
import { arenaPlayer } from "@/server/actions/game";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { TableHead } from "@/components/ui/TableHead";

export const dynamic = "force-dynamic";

const keyOf = async (params: Promise<{ player: string }>) => decodeURIComponent((await params).player);

export async function generateMetadata({
  params,
}: {
  params: Promise<{ player: string }>;
}): Promise<Metadata> {
  return { title: `The arena: ${await keyOf(params)}` };
}

const signed = (n: number, digits = 0) => `${n >= 0 ? "+" : ""}${n.toFixed(digits)}`;

export default async function ArenaPlayerPage({ params }: { params: Promise<{ player: string }> }) {
  const r = await arenaPlayer(await getDb(), await whoFromSession(), { player: await keyOf(params) });
  if (!r.ok) notFound();
  const { standing: s, tables } = r.value;
  return (
    <div className="space-y-4" data-testid="arena-player">
      <p className="text-sm">
        <Link href="/arena">← The arena</Link>
      </p>
      <h1 className="text-2xl font-semibold">
        {s.name} {s.kind !== "person" ? <KindBadge kind={s.kind} /> : null}
      </h1>
      <dl className="card grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="arena-player-standing">
        <div>
          <dt className="text-xs text-stone-600">Seats</dt>
          <dd className="tabular-nums">
            {s.seats} ({s.bound} bound)
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Bind rate</dt>
          <dd className="tabular-nums">{Math.round((s.bound / s.seats) * 100)}% of its tables bound</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Rating ± σ</dt>
          <dd className="tabular-nums" data-testid="arena-player-rating">
            {ratingText(s)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Mean payoff</dt>
          <dd className="tabular-nums">
            {s.meanPayoff.toFixed(2)} ({signed(s.meanOverFallback, 2)} over fallback)
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Over fallback, 95% interval</dt>
          <dd className="tabular-nums" data-testid="arena-player-interval">
            {intervalText(s)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Sworn</dt>
          <dd className="tabular-nums">{s.sworn}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Honesty</dt>
          <dd className="tabular-nums">
            {s.honesty === null
              ? "said nothing"
              : `${Math.round(s.honesty * 100)}% of ${s.claims} claims true`}
          </dd>
        </div>
      </dl>
      <ScrollX label="Its tables" className="card p-0">
        <table className="w-full text-sm" data-testid="arena-player-tables">
          <TableHead
            className="border-b border-stone-200 text-left text-xs uppercase text-stone-600"
            cell="px-3 py-2"
            columns={[
              "Table",
              "Finished",
              { label: "Payoff", right: true },
              { label: "Over fallback", right: true },
              { label: "Sworn", right: true },
              { label: "Claims true", right: true },
            ]}
          />
          <tbody>
            {tables.map((t) => (
              <tr
                key={`${t.id}-${t.seat}`}
                className="border-t border-stone-100"
                data-testid="arena-player-table"
              >
                <td className="px-3 py-2">
                  <Link href={`/tables/${t.id}`}>{t.title}</Link>
                  <span className="block text-xs text-stone-600">
                    seat {t.seat + 1} of {t.seats.length} · {t.bound ? "bound" : "ended unsettled"}
                  </span>
                </td>
                <td className="px-3 py-2 text-xs">{t.finishedAt.slice(0, 16).replace("T", " ")} UTC</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {t.payoff} <span className="text-xs text-stone-600">(fallback {t.fallback})</span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{signed(t.overFallback)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{t.sworn}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {t.claims ? `${t.truths} of ${t.claims}` : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}
