// /councils/:id – one round table at its own address, live for the facilitator, its seats and any watcher.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CouncilLive } from "@/components/council/CouncilLive";
import { councilState } from "@/server/actions/council";
import { parseId } from "@/server/actions/input";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { AXES_MAX, AXES_MIN, CONFIDENCE_MAX } from "@/server/rules/council";

const limits = { axesMin: AXES_MIN, axesMax: AXES_MAX, confidenceMax: CONFIDENCE_MAX };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Round Table ${(await params).id}` };
}

export default async function CouncilPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const r = await councilState(await getDb(), await whoFromSession(), { id }, wallClock());
  if (!r.ok) notFound();
  return <CouncilLive initial={r.value} limits={limits} />;
}
