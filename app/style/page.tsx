// /style – every part a table is made of, rendered from the worked example (§10), never from a database.
import type { Metadata } from "next";
import { ActLog } from "@/components/game/ActLog";
import { CharterGrid } from "@/components/game/CharterGrid";
import { Claims } from "@/components/game/Claims";
import { Clock } from "@/components/game/Clock";
import { Reveal } from "@/components/game/Reveal";
import { Seats } from "@/components/game/Seats";
import { Standings } from "@/components/game/Standings";
import { StyleTurn } from "@/components/game/StyleTurn";
import { SAID_CLAIMS_MAX, SAID_MAX, settingsOf, view, WORKED_EXAMPLE } from "@/server/rules/game";

export const metadata: Metadata = { title: "Style" };
export const revalidate = 60;

export default function StylePage() {
  const ex = WORKED_EXAMPLE;
  const game = { ...ex.game, acts: [...ex.game.acts] };
  // Mid-game: Dace has just passed; it is Ember's turn (seat 4) — seen by Ember.
  const midAt = ex.game.acts[3]!.at + 60_000;
  const mid = view({ ...game, acts: game.acts.slice(0, 4) }, { seat: 4 }, midAt);
  const endAt = ex.game.acts.at(-1)!.at + 60_000;
  const end = view(game, { seat: null }, endAt);
  const settings = Object.fromEntries(ex.game.charter.map((c) => [c, [...(settingsOf(c) ?? [])]]));
  const seats = ex.names.map((name, index) => ({
    index,
    name,
    kind: "person" as const,
    status: "taken" as const,
    strategy: null,
    model: null,
    you: index === 4,
  }));
  const part = (title: string, note: string, children: React.ReactNode) => (
    <section className="card space-y-3">
      <header>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-xs text-stone-500">{note}</p>
      </header>
      {children}
    </section>
  );
  return (
    <div className="space-y-6" data-testid="style">
      <h1 className="text-2xl font-semibold">Style: the parts of a table</h1>
      <p className="max-w-3xl text-sm text-stone-600">
        Each part below is the component the table page uses, fed from the worked example of the rules (§10) —
        Aster offers accord A, Brine and Corin accept, Dace passes with a said claim, Ember accepts citing
        pilot = reinstated, and Aster&apos;s acceptance binds.
      </p>
      {part(
        "Seats",
        "In order of sitting; the seat to act marked; acceptances shown.",
        <Seats seats={seats} turn={mid.turn} acceptances={mid.acceptances} />,
      )}
      {part(
        "The clock",
        "Turn window and deadline tick in the browser without requests.",
        <Clock
          turnEndsAt={mid.turnEndsAt}
          deadlineAt={mid.deadlineAt}
          turnWindowMs={mid.turnWindowMs}
          deadlineMs={mid.deadlineMs}
          quorum={mid.quorum}
          seats={mid.seats}
          commitment={null}
          now={midAt}
          started
          endedAt={null}
        />,
      )}
      {part(
        "The charter grid",
        "Seen by Ember: the standing offer highlighted, Ember's own aims starred.",
        <CharterGrid
          charter={mid.charter}
          settings={settings}
          standing={mid.standingOffer?.accord}
          charge={mid.charge}
        />,
      )}
      {part(
        "The turn panel",
        "Ember's turn: offer on the grid, accept with a cite (may.cite), pass; refusals are the server's sentences. Any act may say something and claim what it wants: here Ember is about to claim two of its aims and bluff a third, which the reveal would mark false.",
        <StyleTurn
          may={mid.may!}
          yourPayoff={mid.yourPayoff}
          charter={mid.charter}
          settings={settings}
          standing={mid.standingOffer?.accord ?? null}
          charge={mid.charge}
          saidMax={SAID_MAX}
          claimsMax={SAID_CLAIMS_MAX}
          startClaims={[
            { clause: "beacon", setting: "kept" },
            { clause: "pilot", setting: "reinstated" },
            { clause: "salvage", setting: "to_the_owners" },
          ]}
        />,
      )}
      {part(
        "Sworn and said",
        "Sworn truths are verified at once; said claims are marked at the reveal (here: after the end).",
        <Claims sworn={end.sworn} said={end.said} names={ex.names} />,
      )}
      {part("The act log", "Newest first.", <ActLog acts={end.acts} names={ex.names} now={endAt} />)}
      {part(
        "Standings",
        "Payoff, and payoff over fallback.",
        end.standings ? <Standings standings={end.standings} names={ex.names} /> : null,
      )}
      {part(
        "The reveal",
        "Every charge, once the table is settled.",
        end.charges ? <Reveal charges={end.charges} names={ex.names} /> : null,
      )}
    </div>
  );
}
