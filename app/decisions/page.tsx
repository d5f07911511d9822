// /decisions – the decisions log (the original skill's decisions inbox): every Round Table that decided or was
// ruled, one line each — the decision and a link to its minutes — newest first.
import type { Metadata } from "next";
import Link from "next/link";
import { Fragment } from "react";
import { FIT_KEYS } from "@/server/rules/council";
import { When } from "@/components/ui/When";
import { listDecisions } from "@/server/actions/council";
import { whoFromSession } from "@/server/auth";
import { wallClock } from "@/server/clock";
import { getDb } from "@/server/db";

/** Step 0's three answers, as the decisions log labels them beside the outcome. */
const FIT_LABELS = { decision: "Decision:", options: "Why these options:", stakes: "Stakes:" } as const;

export const metadata: Metadata = { title: "Decisions" };
export const dynamic = "force-dynamic";

export default async function DecisionsPage() {
  const who = await whoFromSession();
  const now = wallClock();
  const r = await listDecisions(await getDb(), who);
  const lines = r.ok ? r.value.decisions : [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-2xl font-semibold">Decisions</h1>
        <p className="text-sm text-stone-600">
          Every <Link href="/councils">Round Table</Link> that decided, or whose deadlock a person ruled on:
          the decision, and its minutes.
        </p>
      </div>
      {lines.length === 0 ? (
        <p className="card text-sm text-stone-600">No Round Table you may read has decided yet.</p>
      ) : (
        <ol className="card divide-y divide-stone-100 p-0" data-testid="decisions">
          {lines.map((d) => (
            <li key={d.councilId} className="px-4 py-3 text-sm" data-testid="decision-line">
              <p>
                <strong>{d.decision}</strong> — {d.question}
              </p>
              {d.fit ? (
                <dl
                  className="mt-1 grid gap-x-2 text-xs text-stone-700 sm:grid-cols-[auto_1fr]"
                  data-testid="decision-fit"
                >
                  {FIT_KEYS.map((k) => (
                    <Fragment key={k}>
                      <dt className="font-medium">{FIT_LABELS[k]}</dt>
                      <dd>{d.fit![k]}</dd>
                    </Fragment>
                  ))}
                </dl>
              ) : (
                <p className="mt-1 text-xs text-stone-600" data-testid="decision-fit">
                  Step 0: none (an imported record).
                </p>
              )}
              <p className="mt-0.5 text-xs text-stone-600">
                {d.how === "vote" ? "by the vote" : `ruled by ${d.by}`} ·{" "}
                <When at={Date.parse(d.at)} mode="ago" now={now} /> ·{" "}
                <Link href={d.minutes}>the minutes</Link>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
