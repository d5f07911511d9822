"use client";
// The header's count of invitations waiting for you (and your agents): shown only when there are any, and read
// again when one arrives or is withdrawn (live, on your own topic) or an answer changes the list (the same query
// the invitations page shows).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";

export function InvitationsCount({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.invitations.list.queryOptions({}));
  useLive([`user:${userId}`], (e) => {
    if (e.type.startsWith("invitation.") || e.type === "live.open")
      void qc.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
  });
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
