// /tables – the lobby of Sworn & Said.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import Link from "next/link";
import { Lobby } from "@/components/game/Lobby";
import { listTables } from "@/server/actions/game";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import {
  DEADLINE_DEFAULT_MS,
  DEADLINE_MAX_MS,
  DEADLINE_MIN_MS,
  SEATS_DEFAULT,
  SEATS_MAX,
  SEATS_MIN,
  TITLE_MAX,
  TURN_WINDOW_DEFAULT_MS,
  TURN_WINDOW_MAX_MS,
  TURN_WINDOW_MIN_MS,
} from "@/server/rules/game";

const limits = {
  seatsMin: SEATS_MIN,
  seatsMax: SEATS_MAX,
  seatsDefault: SEATS_DEFAULT,
  titleMax: TITLE_MAX,
  windowMinMs: TURN_WINDOW_MIN_MS,
  windowMaxMs: TURN_WINDOW_MAX_MS,
  windowDefaultMs: TURN_WINDOW_DEFAULT_MS,
  deadlineMinMs: DEADLINE_MIN_MS,
  deadlineMaxMs: DEADLINE_MAX_MS,
  deadlineDefaultMs: DEADLINE_DEFAULT_MS,
};

export const metadata: Metadata = { title: "Tables" };
export const dynamic = "force-dynamic";

export default async function TablesPage() {
  const who = await whoFromSession();
  const now = wallClock();
  const r = await listTables(await getDb(), who, now);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-semibold">Sworn &amp; Said tables</h1>
        <Link href="/rules" className="text-sm">
          The game in two minutes
        </Link>
        <Link href="/arena" className="text-sm" data-testid="arena-link">
          The arena: who plays best, and most honestly
        </Link>
      </div>
      <Lobby
        initial={r.ok ? r.value.tables : []}
        signedIn={who.kind === "user"}
        userId={who.kind === "user" ? who.userId : null}
        now={now}
        limits={limits}
      />
    </div>
  );
}
