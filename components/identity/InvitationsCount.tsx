"use client";
// The header's count of invitations waiting for you (and your agents): shown only when there are any, and read
// again whenever an answer or a page changes the list (the same query the invitations page shows).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/ui/trpc";

export function InvitationsCount() {
  const trpc = useTRPC();
  const list = useQuery(trpc.invitations.list.queryOptions({}, { refetchInterval: 60_000 }));
  const n = list.data?.invitations.length ?? 0;
  if (n === 0) return null;
  return (
    <Link
      href="/invitations"
      className="whitespace-nowrap no-underline"
      data-testid="invitations-count"
      aria-label={`Invitations: ${n} waiting for your answer`}
    >
      Invitations <span className="badge bg-amber-100 text-amber-900">{n}</span>
    </Link>
  );
}
