// How a table ended: the accord bound, the deadline passed or a moderator cancelled; the standings and the reveal.
import type { TableState } from "@/server/actions/game";
import type { GameView } from "@/server/rules/game";
import { PayoffChart } from "./PayoffChart";
import { Reveal } from "./Reveal";
import { Standings } from "./Standings";

export function TheEnd({ table: t, game: g, names }: { table: TableState; game: GameView; names: string[] }) {
  return (
    <section className="card space-y-4" data-testid="the-end">
      <h2 className="font-semibold">
        {t.status === "bound"
          ? "The accord bound"
          : t.status === "cancelled"
            ? "A moderator cancelled the table: nothing binds, and the charges are revealed"
            : "The deadline passed unsettled: every seat takes its fallback"}
      </h2>
      {g.standings ? (
        <>
          <PayoffChart standings={g.standings} names={names} />
          <Standings standings={g.standings} names={names} />
        </>
      ) : null}
      <h3 className="text-sm font-semibold">The reveal</h3>
      {g.charges ? <Reveal charges={g.charges} names={names} /> : null}
      <p className="text-sm">
        {t.seed ? (
          <>
            Seed <code className="text-xs">{t.seed.slice(0, 16)}…</code> —{" "}
            <a href={`/tables/${t.id}/verify`} data-testid="verify-link">
              verify the deal
            </a>{" "}
            ·{" "}
          </>
        ) : (
          <>This table was laid by hand (not dealt from a seed). · </>
        )}
        <a href={`/api/tables/${t.id}/record`} download={`table-${t.id}.json`}>
          download the record
        </a>
      </p>
    </section>
  );
}
