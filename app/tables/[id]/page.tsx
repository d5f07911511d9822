// /tables/:id – one table at its own shareable address.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { newestActs } from "@/components/game/log";
import { TableView } from "@/components/game/TableView";
import { tableState } from "@/server/actions/game";
import { parseId } from "@/server/actions/input";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { SAID_CLAIMS_MAX, SAID_MAX, WHISPERS_PER_SEAT } from "@/server/rules/game";
import { soulsEnv } from "@/server/souls";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Table ${(await params).id}` };
}

export default async function TablePage({ params }: { params: Promise<{ id: string }> }) {
  const tableId = parseId((await params).id);
  if (tableId === null) notFound();
  const r = await tableState(await getDb(), await whoFromSession(), { tableId }, wallClock());
  if (!r.ok) notFound();
  const h = await headers();
  const address = `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost"}/tables/${r.value.id}`;
  // Only the newest acts: the log fetches the earlier ones when the reader asks for them.
  return (
    <TableView
      initial={newestActs(r.value)}
      address={address}
      saidMax={SAID_MAX}
      claimsMax={SAID_CLAIMS_MAX}
      whispersMax={WHISPERS_PER_SEAT}
      modelBudget={soulsEnv().budget}
    />
  );
}
