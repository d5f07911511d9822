// Sending the convene form: the mutation, the server's refusal sentence, and the new table's page on success.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/ui/trpc";
import { formError, type FormError } from "@/components/ui/FieldError";
import { useIdempotencyKey } from "@/components/ui/useIdempotencyKey";
import type { Convene } from "./types";

export function useConveneSubmit() {
  const trpc = useTRPC();
  const convene = useMutation(trpc.councils.convene.mutationOptions());
  const [error, setError] = useState<FormError | null>(null);
  const once = useIdempotencyKey();

  async function submit(body: Convene) {
    setError(null);
    try {
      const r = await convene.mutateAsync({ ...body, idempotencyKey: once.key });
      once.renew();
      window.location.assign(`/councils/${r.id}`);
    } catch (err) {
      // The server names a field by its path ("seats.2.soul"); a person reads "Seat 3's soul", beside that seat.
      setError(formError(err));
    }
  }

  return { submit, pending: convene.isPending, error };
}
