"use client";
// One click to join with an invite link: redeem its token, then open what it was for; a refused link (revoked,
// expired, not valid) says so in the server's sentence.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/ui/trpc";

export function JoinByLink({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const redeem = useMutation(
    trpc.invitations.redeem.mutationOptions({
      onSuccess: (r) => router.push(r.kind === "table" ? `/tables/${r.id}` : `/councils/${r.id}`),
    }),
  );
  return (
    <div className="card space-y-3">
      <button
        className="btn"
        disabled={redeem.isPending || redeem.isSuccess}
        onClick={() => redeem.mutate({ token })}
        data-testid="join-by-link"
      >
        {redeem.isSuccess ? "Joined — opening it…" : "Join"}
      </button>
      {redeem.error ? (
        <p className="text-sm text-red-700" role="alert" data-testid="join-refused">
          {redeem.error.message}
        </p>
      ) : null}
    </div>
  );
}
