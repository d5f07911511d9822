"use client";
// The roles on this plan you (or one of your agents) are invited to, asked at the top of the plan's page: you read
// the plan to decide, and a role counts (the gate's N, a check, posting) only once accepted here or on /invitations.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { messageOf, usePlanRefresh } from "./usePlan";
import { AnswerButtons } from "@/components/ui/AnswerButtons";

export function PlanInvitation({ view }: { view: PlanView }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = usePlanRefresh();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const done = {
    onSuccess: (r: { message: string }) => {
      setSaid({ ok: true, text: r.message });
      void refresh();
      void qc.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
    },
    onError: (e: unknown) => setSaid({ ok: false, text: messageOf(e) }),
  };
  const accept = useMutation(trpc.invitations.accept.mutationOptions(done));
  const decline = useMutation(trpc.invitations.decline.mutationOptions(done));
  const busy = accept.isPending || decline.isPending;
  const asked = [
    ...view.invitedAs.map((role) => ({ role, agent: null })),
    ...view.agentsInvited.map((a) => ({ role: a.role, agent: a.agent })),
  ];
  if (asked.length === 0 && !said) return null;
  return (
    <section className="card space-y-2 border-amber-400 text-sm" data-testid="plan-invitation">
      {asked.map(({ role, agent }) => {
        const answer = {
          kind: "plan" as const,
          id: view.plan.id,
          role,
          ...(agent ? { agentId: agent.id } : {}),
        };
        return (
          <div
            key={`${role}:${agent?.id ?? ""}`}
            className="flex flex-wrap items-center gap-3"
            data-role={role}
            data-agent={agent?.id}
          >
            <span className="min-w-0 flex-1">
              {view.plan.owner} invites {agent ? <>your agent {agent.name}</> : "you"} to the{" "}
              <strong>{role}</strong> role on this plan. It counts for nothing until you accept.
            </span>
            <AnswerButtons
              testId="plan-invitation"
              busy={busy}
              answer={(yes) => (yes ? accept : decline).mutate(answer)}
            />
          </div>
        );
      })}
      {said ? (
        <p className={said.ok ? "text-emerald-800" : "text-red-700"} role={said.ok ? "status" : "alert"}>
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
