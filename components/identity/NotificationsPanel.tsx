"use client";
// Your notifications, newest first: each a sentence linking to its place (following the link marks it read), a burst's
// every note on opening it, Mark read per row, Mark all read, and older pages on demand. The first page follows the
// live feed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { NotificationView } from "@/server/actions/notifications";
import { useTRPC } from "@/components/ui/trpc";
import { When } from "@/components/ui/When";
import { Alert } from "@/components/ui/Alert";

type Page = { notifications: NotificationView[]; unread: number; next: number | null };

export function NotificationsPanel({ initial, now }: { initial: Page; now: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  // The bell (in the header) listens on your topic and invalidates this query too.
  const first = useQuery(trpc.notifications.list.queryOptions({}, { initialData: initial }));
  const [older, setOlder] = useState<NotificationView[]>([]);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.notifications.unread.queryKey() });
  };
  const mark = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: (_, input) => {
        const ids = (input as { ids?: number[] }).ids;
        setOlder((o) =>
          o.map((n) => (!ids || n.ids.some((i) => ids.includes(i)) ? { ...n, read: true } : n)),
        );
        refresh();
      },
      onError: (e) => setError(e.message),
    }),
  );
  const page = first.data ?? initial;
  const shown = [
    ...page.notifications,
    ...older.filter((o) => !page.notifications.some((n) => n.id === o.id)),
  ];
  const cursor = next === undefined ? page.next : next;
  async function more() {
    if (cursor === null) return;
    try {
      const r = await qc.fetchQuery(trpc.notifications.list.queryOptions({ before: cursor }));
      setOlder((o) => [...o, ...r.notifications]);
      setNext(r.next);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-stone-700" data-testid="unread-count">
          {page.unread === 0 ? "Nothing unread." : `${page.unread} unread`}
        </span>
        <button
          type="button"
          className="btn"
          disabled={page.unread === 0 || mark.isPending}
          title={page.unread === 0 ? "Every notification is read already." : undefined}
          onClick={() => mark.mutate({})}
          data-testid="mark-all-read"
        >
          Mark all read
        </button>
        {page.unread === 0 ? (
          <span className="text-xs text-stone-500">Every notification is read already.</span>
        ) : null}
      </div>
      <Alert text={error} className="text-sm text-red-700" />
      {shown.length === 0 ? (
        <p className="card text-sm text-stone-600" data-testid="no-notifications">
          Nothing yet. When a table starts or your turn comes, it shows here.
        </p>
      ) : (
        <ul
          className="divide-y divide-stone-100 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm"
          data-testid="notifications"
        >
          {shown.map((n) => (
            <li
              key={n.id}
              className={`flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center ${n.read ? "" : "bg-amber-50"}`}
              data-testid="notification"
              data-kind={n.kind}
              data-read={n.read || undefined}
            >
              <div className="flex-1 break-words">
                {n.read ? null : <span className="sr-only">Unread: </span>}
                <Link
                  href={n.link}
                  className={n.read ? "text-stone-700" : "font-medium"}
                  onClick={() => (n.read ? undefined : mark.mutate({ ids: n.ids }))}
                >
                  {n.text}
                </Link>
                {n.count > 1 ? (
                  // A burst shows its latest; the rest open beneath it, oldest first, each with its time.
                  <details className="mt-1 text-xs text-stone-600" data-testid="notification-burst">
                    <summary className="cursor-pointer text-stone-600" data-testid="notification-count">
                      and {n.count - 1} more about it
                    </summary>
                    <ol className="mt-1 space-y-1 border-l-2 border-stone-200 pl-3">
                      {n.notes.map((note) => (
                        <li key={note.id} data-testid="notification-note">
                          {note.text}{" "}
                          <span className="text-stone-500">
                            · <When at={note.at} mode="ago" now={now} />
                          </span>
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </div>
              <span className="flex items-center gap-3 text-xs text-stone-500">
                <When at={n.at} mode="ago" now={now} />
                {n.read ? (
                  <span>read</span>
                ) : (
                  <button
                    type="button"
                    className="btn-quiet"
                    disabled={mark.isPending}
                    onClick={() => mark.mutate({ ids: n.ids })}
                    aria-label={`Mark read: ${n.text}`}
                  >
                    Mark read
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {cursor !== null && shown.length > 0 ? (
        <button type="button" className="btn" onClick={() => void more()} data-testid="older">
          Show older
        </button>
      ) : null}
    </div>
  );
}
