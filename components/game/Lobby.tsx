"use client";
// The lobby: open tables, your tables, tables in play and finished ones — live; and the form to open a table.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { TableSummary } from "@/server/actions/game";
import { useTRPC } from "@/components/ui/trpc";
import { FieldError, FieldErrors, fieldProps, formError, type FormError } from "@/components/ui/FieldError";
import { useIdempotencyKey } from "@/components/ui/useIdempotencyKey";
import { useLive } from "@/components/ui/useLive";
import { When } from "@/components/ui/When";

const BADGE: Record<TableSummary["status"], string> = {
  open: "bg-sky-100 text-sky-800",
  playing: "bg-teal-100 text-teal-800",
  bound: "bg-emerald-100 text-emerald-800",
  ended: "bg-stone-200 text-stone-700",
  cancelled: "bg-red-100 text-red-800",
};

function List({
  title,
  tables,
  now,
  empty,
}: {
  title: string;
  tables: TableSummary[];
  now: number;
  empty: string;
}) {
  return (
    <section className="card p-0" data-testid={`lobby-${title.toLowerCase().replaceAll(" ", "-")}`}>
      <h2 className="border-b border-stone-100 px-5 py-3 font-semibold">{title}</h2>
      {tables.length === 0 ? <p className="px-5 py-4 text-sm text-stone-500">{empty}</p> : null}
      <ul>
        {tables.map((t) => (
          <li
            key={t.id}
            className="flex items-center gap-3 border-b border-stone-100 px-5 py-2 text-sm last:border-0"
            data-testid="lobby-table"
          >
            <Link href={`/tables/${t.id}`} className="font-medium">
              {t.title}
            </Link>
            <span className={`badge ${BADGE[t.status]}`}>{t.status}</span>
            {t.yourTurn ? (
              <span className="badge bg-amber-100 text-amber-900" data-testid="your-turn">
                your turn
              </span>
            ) : t.yours ? (
              <span className="badge bg-teal-100 text-teal-800">your seat</span>
            ) : null}
            <span className="ml-auto text-xs text-stone-500">
              {t.seatsTaken}/{t.seatsMax} seats · {t.host}
              {t.hostKind === "agent" ? " (agent)" : ""} ·{" "}
              <When at={t.finishedAt ?? t.startedAt ?? t.createdAt} mode="ago" now={now} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The numbers of the open form, read from the rules' constants by the page (never retyped here). */
export type TableLimits = {
  seatsMin: number;
  seatsMax: number;
  seatsDefault: number;
  titleMax: number;
  windowMinMs: number;
  windowMaxMs: number;
  windowDefaultMs: number;
  deadlineMinMs: number;
  deadlineMaxMs: number;
  deadlineDefaultMs: number;
};

const HOUR = 3_600_000;

export function Lobby({
  initial,
  signedIn,
  userId = null,
  now,
  limits,
}: {
  initial: TableSummary[];
  signedIn: boolean;
  /** The person viewing: their own topic tells when a turn comes to them at a table (a notification). */
  userId?: number | null;
  now: number;
  limits: TableLimits;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.tables.list.queryOptions();
  const { tables } = useQuery({ ...opts, initialData: { tables: initial } }).data;
  useLive(["lobby", ...(userId ? [`user:${userId}`] : [])], (e) => {
    if (e.topic === "lobby" || e.type === "notification.new" || e.type === "live.open")
      void qc.invalidateQueries({ queryKey: opts.queryKey });
  });
  const open = useMutation(trpc.tables.open.mutationOptions());
  const once = useIdempotencyKey();
  const [title, setTitle] = useState("");
  const [seats, setSeats] = useState(limits.seatsDefault);
  const [windowH, setWindowH] = useState(limits.windowDefaultMs / HOUR);
  const [deadlineH, setDeadlineH] = useState(limits.deadlineDefaultMs / HOUR);
  const [error, setError] = useState<FormError | null>(null);

  const invalid = (field: string, id: string) => fieldProps(error, field, id);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const r = (await open.mutateAsync({
        idempotencyKey: once.key,
        title,
        seats_max: seats,
        turn_window_ms: Math.round(windowH * HOUR),
        deadline_ms: Math.round(deadlineH * HOUR),
      })) as { id: number };
      once.renew();
      window.location.assign(`/tables/${r.id}`);
    } catch (err) {
      setError(formError(err));
    }
  }

  // Your tables, those where it is your turn first (the order is otherwise the lobby's: newest first).
  const yours = tables
    .filter((t) => t.yours && (t.status === "open" || t.status === "playing"))
    .sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn));
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-6">
        {signedIn ? (
          <List title="Your tables" tables={yours} now={now} empty="You hold no seat at a table in play." />
        ) : null}
        <List
          title="Open tables"
          tables={tables.filter((t) => t.status === "open")}
          now={now}
          empty="No table is waiting for seats. Open one!"
        />
        <List
          title="In play"
          tables={tables.filter((t) => t.status === "playing")}
          now={now}
          empty="No table is in play."
        />
        <List
          title="Finished"
          tables={tables.filter((t) => t.status === "bound" || t.status === "ended")}
          now={now}
          empty="No table has finished yet."
        />
      </div>
      <aside>
        {signedIn ? (
          <FieldErrors error={error}>
            <form onSubmit={submit} className="card space-y-3" data-testid="open-table">
              <h2 className="font-semibold">Open a table</h2>
              <div>
                <label className="label" htmlFor="title">
                  Title
                </label>
                <input
                  id="title"
                  {...invalid("title", "title")}
                  className="field"
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  maxLength={limits.titleMax}
                  required
                  placeholder="The Wreck of the Fathom"
                />
                <FieldError field="title" id="title" />
              </div>
              <div>
                <label className="label" htmlFor="seats">
                  Seats
                </label>
                <select
                  id="seats"
                  {...invalid("seats_max", "seats")}
                  className="field"
                  value={seats}
                  onChange={(e) => setSeats(Number(e.target.value))}
                >
                  {Array.from(
                    { length: limits.seatsMax - limits.seatsMin + 1 },
                    (_, i) => limits.seatsMin + i,
                  ).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <FieldError field="seats_max" id="seats" />
              </div>
              <div className="grid grid-cols-2 gap-2">
                <div>
                  <label className="label" htmlFor="window">
                    Turn window (h)
                  </label>
                  <input
                    id="window"
                    {...invalid("turn_window_ms", "window")}
                    type="number"
                    step="0.25"
                    min={limits.windowMinMs / HOUR}
                    max={limits.windowMaxMs / HOUR}
                    className="field"
                    value={windowH}
                    onChange={(e) => setWindowH(Number(e.target.value))}
                  />
                  <FieldError field="turn_window_ms" id="window" />
                </div>
                <div>
                  <label className="label" htmlFor="deadline">
                    Deadline (h)
                  </label>
                  <input
                    id="deadline"
                    {...invalid("deadline_ms", "deadline")}
                    type="number"
                    step="1"
                    min={limits.deadlineMinMs / HOUR}
                    max={limits.deadlineMaxMs / HOUR}
                    className="field"
                    value={deadlineH}
                    onChange={(e) => setDeadlineH(Number(e.target.value))}
                  />
                  <FieldError field="deadline_ms" id="deadline" />
                </div>
              </div>
              {error ? (
                <p className="text-sm text-rose-700" role="alert" data-testid="open-error">
                  {error.text}
                </p>
              ) : null}
              <button
                className="btn w-full justify-center"
                disabled={open.isPending}
                data-testid="open-submit"
              >
                Open and take seat 1
              </button>
            </form>
          </FieldErrors>
        ) : (
          <div className="card text-sm">
            <p>
              Watching needs no account. <Link href="/signin?to=/tables">Sign in</Link> to open a table or sit
              down.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}
