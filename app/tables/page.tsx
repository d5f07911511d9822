// /tables – the lobby of Sworn & Said.
import type { Metadata } from "next";
import Link from "next/link";
import { Lobby } from "@/components/game/Lobby";
import { listTables } from "@/server/actions/game";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";

export const metadata: Metadata = { title: "Tables" };
export const dynamic = "force-dynamic";

export default async function TablesPage() {
  const who = await whoFromSession();
  const r = await listTables(await getDb(), who);
  return (
    <div className="space-y-4">
      <div className="flex items-baseline gap-4">
        <h1 className="text-2xl font-semibold">Sworn &amp; Said tables</h1>
        <Link href="/rules" className="text-sm">
          The game in two minutes
        </Link>
      </div>
      <Lobby initial={r.ok ? r.value.tables : []} signedIn={who.kind === "user"} now={Date.now()} />
    </div>
  );
}
