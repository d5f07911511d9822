"use client";
// The confirmation link's button: the address becomes the account's, in the server's own sentence.
import { useMutation } from "@tanstack/react-query";
import { OneClick } from "@/components/ui/OneClick";
import { useTRPC } from "@/components/ui/trpc";

export function ConfirmEmail({ change, token }: { change: number; token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.identity.confirmEmail.mutationOptions());
  return (
    <OneClick
      label="Confirm this address"
      testId="confirm-email"
      action={confirm}
      run={() => confirm.mutate({ change, token })}
    />
  );
}
