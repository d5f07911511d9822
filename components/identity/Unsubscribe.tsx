"use client";
// The unsubscribe button of /unsubscribe: the link's person and token, sent as the one-click POST would send them.
import { useMutation } from "@tanstack/react-query";
import { OneClick } from "@/components/ui/OneClick";
import { useTRPC } from "@/components/ui/trpc";

export function Unsubscribe({ user, token }: { user: number; token: string }) {
  const trpc = useTRPC();
  const off = useMutation(trpc.notifications.unsubscribe.mutationOptions());
  return (
    <OneClick
      label="Unsubscribe from all mail"
      testId="unsubscribe"
      action={off}
      run={() => off.mutate({ user, token })}
    />
  );
}
