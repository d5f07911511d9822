"use client";
// The unsubscribe button of /unsubscribe: the link's person and token, sent as the one-click POST would send them.
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/ui/trpc";

export function Unsubscribe({ user, token }: { user: number; token: string }) {
  const trpc = useTRPC();
  const off = useMutation(trpc.notifications.unsubscribe.mutationOptions());
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn"
        disabled={off.isPending || off.isSuccess}
        onClick={() => off.mutate({ user, token })}
        data-testid="unsubscribe"
      >
        Unsubscribe from all mail
      </button>
      {off.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {off.data.message}
        </p>
      ) : null}
      {off.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {off.error.message}
        </p>
      ) : null}
    </div>
  );
}
