"use client";
// The admin's desk: suspend or reinstate an account by name, with a reason; the moderation log, newest first.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/ui/trpc";
import { bound } from "@/components/ui/bound";

export function ModerationDesk() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const log = useQuery(trpc.moderation.log.queryOptions({}));
  const suspend = useMutation(trpc.moderation.suspend.mutationOptions());
  const reinstate = useMutation(trpc.moderation.reinstate.mutationOptions());
  const [account, setAccount] = useState("");
  const [reason, setReason] = useState("");
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function act(which: "suspend" | "reinstate") {
    try {
      const r = await (which === "suspend" ? suspend : reinstate).mutateAsync({ account, reason });
      setNote({
        ok: true,
        text: r.suspended
          ? `${r.account} is suspended: their sessions and their agents' tokens stopped.`
          : `${r.account} is reinstated.`,
      });
      setAccount("");
      setReason("");
    } catch (e) {
      setNote({ ok: false, text: (e as Error).message });
    } finally {
      await qc.invalidateQueries({ queryKey: trpc.moderation.log.queryKey({}) });
    }
  }

  return (
    <div className="space-y-6">
      <section className="card max-w-xl space-y-3" data-testid="suspend-form">
        <h2 className="font-semibold">Suspend or reinstate an account</h2>
        <p className="text-sm text-stone-600">
          A suspended account&apos;s sessions and its agents&apos; tokens stop at their next request; its
          seats are passed by the clock as usual.
        </p>
        <label className="block text-sm">
          Account name
          <input className="field mt-1" data-testid="suspend-account" {...bound(account, setAccount)} />
        </label>
        <label className="block text-sm">
          Reason
          <input
            className="field mt-1"
            data-testid="suspend-reason"
            maxLength={500}
            {...bound(reason, setReason)}
          />
        </label>
        <div className="flex gap-2">
          <button className="btn" data-testid="suspend-submit" onClick={() => act("suspend")}>
            Suspend
          </button>
          <button className="btn-quiet" data-testid="reinstate-submit" onClick={() => act("reinstate")}>
            Reinstate
          </button>
        </div>
        {note ? (
          <p
            className={`text-sm ${note.ok ? "text-emerald-800" : "text-red-700"}`}
            role="status"
            data-testid="suspend-note"
          >
            {note.text}
          </p>
        ) : null}
      </section>
      <section className="card space-y-2" data-testid="moderation-desk-log">
        <h2 className="font-semibold">The moderation log</h2>
        {log.data?.acts.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-stone-500">
                  <th className="py-1">When</th>
                  <th>Admin</th>
                  <th>Act</th>
                  <th>On</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {log.data.acts.map((a) => (
                  <tr key={a.id} className="border-t border-stone-100" data-testid="desk-entry">
                    <td className="py-1 pr-2 whitespace-nowrap">{a.at.slice(0, 16).replace("T", " ")} UTC</td>
                    <td className="pr-2">{a.by}</td>
                    <td className="pr-2">{a.action}</td>
                    <td className="pr-2">
                      {a.account ? (
                        a.account
                      ) : a.tableId ? (
                        <Link href={`/tables/${a.tableId}`}>table #{a.tableId}</Link>
                      ) : a.councilId ? (
                        <Link href={`/councils/${a.councilId}`}>round table #{a.councilId}</Link>
                      ) : null}
                      {a.part ? ` (${a.part})` : ""}
                    </td>
                    <td>{a.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-stone-500">Nothing yet.</p>
        )}
      </section>
    </div>
  );
}
