"use client";
// The moderation log where it applies (a table, a round table), for everyone who may read the thing; and, for an
// admin, the reason field and the acts (cancel; hide is offered beside each text). The sentences are the server's.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ModerationEntry } from "@/server/actions/moderationLog";
import { useTRPC } from "./trpc";
import { When } from "./When";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";

/** Whether the viewer is an admin (the server refuses anyone else; this only decides what the page offers). */
export function useAdmin(): boolean {
  const trpc = useTRPC();
  const me = useQuery(trpc.identity.me.queryOptions());
  return me.data?.kind === "user" && me.data.tier === "admin";
}

/**
 * What a page needs to moderate: whether the viewer is an admin, the one reason its acts share, the sentence of the
 * last refusal, and `moderate` to run an act through the page's own `attempt` (which refreshes the view).
 */
export function useModerator(attempt: (run: () => Promise<unknown>) => Promise<string | null>) {
  const admin = useAdmin();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const moderate = async (run: () => Promise<unknown>) => setProblem(await attempt(run));
  return { admin, reason, setReason, problem, moderate };
}

export function ModerationLog({ entries, now }: { entries: ModerationEntry[]; now: number }) {
  if (entries.length === 0) return null;
  return (
    <section
      className="card space-y-2 border-red-300"
      data-testid="moderation-log"
      aria-label="Moderation log"
    >
      <h2 className="font-semibold">Moderation log</h2>
      <ol className="space-y-1 text-sm">
        {entries.map((e) => (
          <li key={e.id} data-testid="moderation-entry" data-action={e.action}>
            {e.text}: {e.reason} · <When at={e.at} mode="ago" now={now} />
            {e.original !== null ? (
              <details className="text-stone-600">
                <summary className="cursor-pointer text-xs">What it said (admins only)</summary>
                <p className="whitespace-pre-wrap">{e.original}</p>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An admin's panel: one reason for the acts taken here, and a cancel button when the thing is still going. */
export function ModeratorPanel({
  what,
  reason,
  setReason,
  onCancel,
  problem,
}: {
  what: string;
  reason: string;
  setReason: (r: string) => void;
  /** Absent when there is nothing to cancel (it is over already). */
  onCancel?: () => Promise<void>;
  problem: string | null;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <section className="card space-y-2 border-red-300" data-testid="moderator-panel" aria-label="Moderation">
      <h2 className="font-semibold">Moderate</h2>
      <p className="text-sm text-stone-600">
        You are an admin. Every act you take here is recorded in the moderation log with your name and this
        reason; it never shows you a secret early.
      </p>
      <label className="block text-sm">
        Reason
        <input
          className="field mt-1"
          data-testid="moderation-reason"
          maxLength={500}
          {...bound(reason, setReason)}
        />
      </label>
      {onCancel ? (
        <button
          className="btn"
          data-testid="moderation-cancel"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onCancel();
            setBusy(false);
          }}
        >
          Cancel this {what}
        </button>
      ) : null}
      <Alert text={problem} className="text-sm text-red-700" />
    </section>
  );
}
