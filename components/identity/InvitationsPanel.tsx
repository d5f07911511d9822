"use client";
// The invitations waiting for you and your agents, each with Accept and Decline; an answer is reported in the
// server's own sentence, and the list follows the live feed, so an invitation made elsewhere shows at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { Invitation } from "@/server/actions/invitations";
import type { AssignableRole } from "@/server/rules/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import { AnswerButtons } from "@/components/ui/AnswerButtons";

const WHAT: Record<Invitation["kind"], string> = {
  table: "A seat at the table",
  council: "A seat at the round table",
  plan: "A role on the plan",
};
const HREF: Record<Invitation["kind"], string> = { table: "/tables", council: "/councils", plan: "/plans" };

const keyOf = (i: Invitation) => `${i.kind}:${i.id}:${i.seat}:${i.agent?.id ?? ""}`;

export function InvitationsPanel({ userId, initial }: { userId: number; initial: Invitation[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.invitations.list.queryOptions({}, { initialData: { invitations: initial } }));
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
  useLive([`user:${userId}`], (e) => {
    if (e.type.startsWith("invitation.") || e.type === "live.open") void refresh();
  });
  const answered = {
    onSuccess: (r: { message: string }) => {
      setSaid({ ok: true, text: r.message });
      void refresh();
    },
    onError: (e: { message: string }) => {
      setSaid({ ok: false, text: e.message });
      void refresh();
    },
  };
  const accept = useMutation(trpc.invitations.accept.mutationOptions(answered));
  const decline = useMutation(trpc.invitations.decline.mutationOptions(answered));
  const busy = accept.isPending || decline.isPending;
  const invitations = list.data?.invitations ?? [];
  const answer = (i: Invitation, yes: boolean) => {
    const input = {
      kind: i.kind,
      id: i.id,
      ...(i.agent ? { agentId: i.agent.id } : {}),
      // On a plan the seat is the role: naming it answers this invitation when there are several on one plan.
      ...(i.kind === "plan" ? { role: i.seat as AssignableRole } : {}),
    };
    if (yes) accept.mutate(input);
    else decline.mutate(input);
  };
  return (
    <div className="space-y-3">
      {said ? (
        <p
          className={`text-sm ${said.ok ? "text-emerald-800" : "text-red-700"}`}
          role={said.ok ? "status" : "alert"}
          data-testid="invitation-said"
        >
          {said.text}
        </p>
      ) : null}
      {invitations.length === 0 ? (
        <p className="card text-sm text-stone-600" data-testid="no-invitations">
          Nothing is waiting for your answer.
        </p>
      ) : (
        <ul className="space-y-3">
          {invitations.map((i) => (
            <li
              key={keyOf(i)}
              className="card flex flex-col gap-3 sm:flex-row sm:items-center"
              data-testid="invitation-row"
              data-kind={i.kind}
              data-id={i.id}
              data-seat={i.seat}
            >
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-xs uppercase tracking-wide text-stone-500">
                  {WHAT[i.kind]}
                  {i.agent ? <> · for your agent {i.agent.name}</> : null}
                </p>
                <p className="break-words">
                  <Link href={`${HREF[i.kind]}/${i.id}`} className="font-semibold">
                    {i.title}
                  </Link>
                </p>
                <p className="text-stone-600">
                  {i.kind === "plan" ? (
                    <>
                      {i.from} invites {i.agent ? "your agent" : "you"} to the <strong>{i.seat}</strong> role
                    </>
                  ) : i.kind === "table" ? (
                    <>
                      {i.from} keeps seat <strong>{Number(i.seat) + 1}</strong> for{" "}
                      {i.agent ? "your agent" : "you"}
                    </>
                  ) : (
                    <>
                      {i.from} asks {i.agent ? "your agent" : "you"} to wear the seat{" "}
                      <strong>{i.seat}</strong>
                    </>
                  )}
                </p>
              </div>
              <div className="flex gap-2">
                <AnswerButtons
                  testId="invitation"
                  busy={busy}
                  answer={(yes) => answer(i, yes)}
                  what={`${WHAT[i.kind].toLowerCase()} ${i.title}, ${i.seat}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
