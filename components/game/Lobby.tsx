"use client";
// The lobby: open tables, your tables, tables in play and finished ones — live; and the form to open a table.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { TableSummary } from "@/server/actions/game";
import { ListSection } from "@/components/ui/ListSection";
import { useTRPC } from "@/components/ui/trpc";
import { Field, FieldErrors, formError, type FormError } from "@/components/ui/FieldError";
import { useIdempotencyKey } from "@/components/ui/useIdempotencyKey";
import { useLive } from "@/components/ui/useLive";
import { When } from "@/components/ui/When";
import { bound, boundNumber } from "@/components/ui/bound";
import { Options, range } from "@/components/ui/Options";

const BADGE: Record<TableSummary["status"], string> = {
  open: "bg-sky-100 text-sky-800",
  playing: "bg-teal-100 text-teal-800",
  bound: "bg-emerald-100 text-emerald-800",
  ended: "bg-stone-200 text-stone-700",
  cancelled: "bg-red-100 text-red-800",
};

/** The lobby's sections after yours, each the tables of some statuses. */
const SECTIONS: { title: string; statuses: TableSummary["status"][]; empty: string }[] = [
  { title: "Open tables", statuses: ["open"], empty: "No table is waiting for seats. Open one!" },
  { title: "In play", statuses: ["playing"], empty: "No table is in play." },
  { title: "Finished", statuses: ["bound", "ended"], empty: "No table has finished yet." },
];

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
    <ListSection
      title={title}
      testId="lobby"
      rowTestId="lobby-table"
      items={tables}
      empty={empty}
      row={(t) => (
        <>
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
        </>
      )}
    />
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

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const r = (await open.mutateAsync({
        idempotencyKey: once.key,
        title,
        seatsMax: seats,
        turnWindowMs: Math.round(windowH * HOUR),
        deadlineMs: Math.round(deadlineH * HOUR),
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
        {SECTIONS.map((s) => (
          <List
            key={s.title}
            title={s.title}
            tables={tables.filter((t) => s.statuses.includes(t.status))}
            now={now}
            empty={s.empty}
          />
        ))}
      </div>
      <aside>
        {signedIn ? (
          <FieldErrors error={error}>
            <form onSubmit={submit} className="card space-y-3" data-testid="open-table">
              <h2 className="font-semibold">Open a table</h2>
              <Field id="title" field="title" label="Title">
                {(c) => (
                  <input
                    {...c}
                    {...bound(title, setTitle)}
                    maxLength={limits.titleMax}
                    required
                    placeholder="The Wreck of the Fathom"
                  />
                )}
              </Field>
              <Field id="seats" field="seatsMax" label="Seats">
                {(c) => (
                  <select {...c} {...boundNumber(seats, setSeats)}>
                    <Options values={range(limits.seatsMin, limits.seatsMax)} />
                  </select>
                )}
              </Field>
              <div className="grid grid-cols-2 gap-2">
                <Field id="window" field="turnWindowMs" label="Turn window (h)">
                  {(c) => (
                    <input
                      {...c}
                      type="number"
                      step="0.25"
                      min={limits.windowMinMs / HOUR}
                      max={limits.windowMaxMs / HOUR}
                      {...boundNumber(windowH, setWindowH)}
                    />
                  )}
                </Field>
                <Field id="deadline" field="deadlineMs" label="Deadline (h)">
                  {(c) => (
                    <input
                      {...c}
                      type="number"
                      step="1"
                      min={limits.deadlineMinMs / HOUR}
                      max={limits.deadlineMaxMs / HOUR}
                      {...boundNumber(deadlineH, setDeadlineH)}
                    />
                  )}
                </Field>
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
