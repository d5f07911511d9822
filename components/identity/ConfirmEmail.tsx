"use client";
// The confirmation link's button: the address becomes the account's, in the server's own sentence.
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/ui/trpc";

export function ConfirmEmail({ change, token }: { change: number; token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.identity.confirmEmail.mutationOptions());
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn"
        disabled={confirm.isPending || confirm.isSuccess}
        onClick={() => confirm.mutate({ change, token })}
        data-testid="confirm-email"
      >
        Confirm this address
      </button>
      {confirm.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {confirm.data.message}
        </p>
      ) : null}
      {confirm.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {confirm.error.message}
        </p>
      ) : null}
    </div>
  );
}
