"use client";
// The header's bell: how many of your notifications are unread, read again live when one arrives or is marked read
// (on your own topic), and the same count at the front of the tab's title.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import { useTitleCount } from "@/components/ui/tabTitle";

export function NotificationsBell({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const unread = useQuery(trpc.notifications.unread.queryOptions({}));
  useLive([`user:${userId}`], (e) => {
    if (e.type.startsWith("notification.") || e.type === "live.open") {
      void qc.invalidateQueries({ queryKey: trpc.notifications.unread.queryKey() });
      void qc.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
    }
  });
  const n = unread.data?.unread ?? 0;
  useTitleCount(n);
  return (
    <Link
      href="/notifications"
      className="inline-flex items-center gap-1 whitespace-nowrap no-underline"
      data-testid="bell"
      aria-label={n ? `Notifications: ${n} unread` : "Notifications: none unread"}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.4 2.8A1 1 0 0 0 4.5 14h11a1 1 0 0 0 .9-1.6L15 9.6V7a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0H8Z" />
      </svg>
      {n ? (
        <span className="badge bg-amber-100 text-amber-900" data-testid="bell-count">
          {n}
        </span>
      ) : null}
    </Link>
  );
}
