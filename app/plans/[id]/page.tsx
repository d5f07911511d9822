// /plans/<id> – one plan: the canvas, the audit beside it, revisions, gates, the decision, evidence and history.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PlanPage } from "@/components/checkpoint/PlanPage";
import { planView } from "@/server/actions/checkpoint";
import { parseId } from "@/server/actions/input";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { SEATS_MAX, SEATS_MIN } from "@/server/rules/council";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ revision?: string }> };

/** Once per request: the title and the page read the same view. */
const viewOf = cache(async (id: number, revision: number | undefined) =>
  planView(await getDb(), await whoFromSession(), { id, revision }, wallClock()),
);

/** The revision asked for in the address (?revision=N), parsed once: undefined for the latest, null for no such. */
const revisionOf = (asked: string | undefined) =>
  asked === undefined || asked === "" ? undefined : parseId(asked);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  const revision = revisionOf((await searchParams).revision);
  const r = id === null || revision === null ? null : await viewOf(id, revision);
  return { title: r?.ok ? r.value.plan.name : "Plan" };
}

export default async function Plan({ params, searchParams }: Props) {
  const id = parseId((await params).id);
  const asked = revisionOf((await searchParams).revision);
  if (id === null || asked === null) notFound();
  const r = await viewOf(id, asked);
  if (!r.ok) notFound();
  return (
    <PlanPage
      id={id}
      revision={asked ? r.value.revision.number : null}
      initial={r.value}
      souls={{ min: SEATS_MIN, max: SEATS_MAX }}
    />
  );
}
