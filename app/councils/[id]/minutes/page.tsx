// /councils/:id/minutes – the minutes, rendered from the very document the Markdown download is written from.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MinutesLive } from "@/components/council/MinutesLive";
import { councilMinutes } from "@/server/actions/council";
import { parseId } from "@/server/actions/input";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Minutes of Round Table ${(await params).id}` };
}

export default async function MinutesPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const r = await councilMinutes(await getDb(), await whoFromSession(), { id }, wallClock());
  if (!r.ok) notFound();
  return <MinutesLive id={id} initial={r.value} />;
}
