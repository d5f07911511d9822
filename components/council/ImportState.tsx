"use client";
// Import a state file of the original skill (RoundTableState JSON): it becomes a read-only record with its count.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/ui/trpc";
import { useIdempotencyKey } from "@/components/ui/useIdempotencyKey";
import { Alert } from "@/components/ui/Alert";

export function ImportState() {
  const trpc = useTRPC();
  const importState = useMutation(trpc.councils.importState.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const once = useIdempotencyKey();

  async function load(file: File | undefined) {
    if (!file) return;
    setError(null);
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setError(`${file.name} is not valid JSON.`);
      return;
    }
    try {
      const r = await importState.mutateAsync({ state: json, idempotencyKey: once.key });
      once.renew();
      window.location.assign(`/councils/${r.id}`);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <div className="card space-y-2 text-sm">
      <h2 className="font-semibold">Import a state file</h2>
      <p className="text-stone-600">
        A <code>STATE.json</code> from the original skill becomes a read-only record here, counted exactly as{" "}
        <code>npx parley council vote</code> counts it.
      </p>
      <input
        type="file"
        accept="application/json,.json"
        className="text-xs"
        aria-label="State file"
        onChange={(e) => void load(e.target.files?.[0])}
        data-testid="import-file"
      />
      <Alert text={error} className="text-rose-700" />
    </div>
  );
}
