// /councils – Round Tables: every table in deliberation, decided, escalated, or imported; convene or import one.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import Link from "next/link";
import { CouncilList } from "@/components/council/CouncilList";
import { ImportState } from "@/components/council/ImportState";
import { listCouncils } from "@/server/actions/council";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { SEATS_MAX, SEATS_MIN } from "@/server/rules/council";

export const metadata: Metadata = { title: "Round Tables" };
export const dynamic = "force-dynamic";

export default async function CouncilsPage() {
  const who = await whoFromSession();
  const now = wallClock();
  const r = await listCouncils(await getDb(), who, now);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-2xl font-semibold">Round Tables</h1>
        <p className="text-sm text-stone-600">
          One decision, {SEATS_MIN}–{SEATS_MAX} souls, exactly four rounds; the engine counts the vote, and a
          deadlock goes to a human. <Link href="/decisions">The decisions log</Link> lists what they decided.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <CouncilList initial={r.ok ? r.value.councils : []} now={now} />
        <aside className="space-y-6">
          {who.kind === "user" ? (
            <div className="card space-y-2 text-sm">
              <h2 className="font-semibold">Convene a round table</h2>
              <p className="text-stone-600">
                Ask one stakes-bearing question, give the options, and seat the souls: people, agents or
                models.
              </p>
              <Link href="/councils/new" className="btn no-underline" data-testid="convene-link">
                Convene
              </Link>
            </div>
          ) : (
            <div className="card text-sm">
              <p>
                Watching needs no account. <Link href="/signin?to=/councils">Sign in</Link> to convene a round
                table or answer for your seat.
              </p>
            </div>
          )}
          {who.kind === "user" ? <ImportState /> : null}
        </aside>
      </div>
    </div>
  );
}
