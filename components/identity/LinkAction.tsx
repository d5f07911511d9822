"use client";
// The one button a mailed link lands on: confirm the address the link was sent to, or stop every mail (sent as the
// mail client's one-click POST would send it), said in the server's own sentence.
import { useMutation } from "@tanstack/react-query";
import { OneClick } from "@/components/ui/OneClick";
import { useTRPC } from "@/components/ui/trpc";

export function LinkAction({
  act,
  id,
  token,
}: {
  act: "confirm-email" | "unsubscribe";
  id: number;
  token: string;
}) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.identity.confirmEmail.mutationOptions());
  const off = useMutation(trpc.notifications.unsubscribe.mutationOptions());
  const [label, action, run] =
    act === "confirm-email"
      ? ["Confirm this address", confirm, () => confirm.mutate({ change: id, token })]
      : ["Unsubscribe from all mail", off, () => off.mutate({ user: id, token })];
  return <OneClick label={label} testId={act} action={action} run={run} />;
}
