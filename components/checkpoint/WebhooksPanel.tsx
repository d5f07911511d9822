"use client";
// The plan's webhooks, for its owner: register a URL for some events (the secret is shown this once), the latest
// deliveries of each with every attempt (status or error, how long), resend one, remove a webhook. Read again after
// each change and every 10 s while open (a retry lands on its own schedule).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/ui/trpc";
import { When } from "@/components/ui/When";

export function WebhooksPanel({ planId }: { planId: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.plans.webhooks.queryOptions({ planId }, { refetchInterval: 10_000 });
  const list = useQuery(opts);
  const refresh = () => qc.invalidateQueries({ queryKey: opts.queryKey });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["checkpoint"]);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = { onSuccess: () => void refresh(), onError: (e: { message: string }) => setError(e.message) };
  const add = useMutation(
    trpc.plans.addWebhook.mutationOptions({
      onSuccess: (r) => {
        setSecret(r.secret);
        setUrl("");
        setError(null);
        void refresh();
      },
      onError: (e) => setError(e.message),
    }),
  );
  const remove = useMutation(trpc.plans.removeWebhook.mutationOptions(done));
  const resend = useMutation(trpc.plans.resendDelivery.mutationOptions(done));
  const hooks = list.data?.webhooks ?? [];
  return (
    <section className="card space-y-4" aria-labelledby="webhooks-title" data-testid="webhooks">
      <h2 id="webhooks-title" className="font-semibold">
        Webhooks
      </h2>
      <p className="text-sm text-stone-600">
        Each event you pick is POSTed as JSON, signed (<code>Parley-Signature</code>: HMAC-SHA256 of id,
        timestamp and body), and retried with backoff for more than a day until your orchestrator answers 2xx;
        every attempt keeps the same <code>Parley-Delivery</code> id.
      </p>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ planId, url, events: events as never });
        }}
      >
        <label className="label" htmlFor="webhook-url">
          URL
        </label>
        <input
          id="webhook-url"
          className="field"
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://orchestrator.example.com/parley"
        />
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="label">Events</legend>
          {(list.data?.choices ?? []).map((ev) => (
            <label key={ev} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents((xs) => (e.target.checked ? [...xs, ev] : xs.filter((x) => x !== ev)))
                }
              />
              {ev}
            </label>
          ))}
        </fieldset>
        <button
          className="btn"
          type="submit"
          disabled={add.isPending || events.length === 0}
          aria-describedby={events.length === 0 ? "webhook-why" : undefined}
        >
          Register the webhook
        </button>
        {events.length === 0 ? (
          <span id="webhook-why" className="ml-2 text-xs text-stone-600">
            Pick at least one event.
          </span>
        ) : null}
      </form>
      {secret ? (
        <p
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="webhook-secret"
        >
          Its secret, shown only now — keep it where your orchestrator checks signatures:{" "}
          <code className="break-all">{secret}</code>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hooks.length === 0 ? <p className="text-sm text-stone-500">No webhook yet.</p> : null}
      {hooks.map((h) => (
        <div key={h.id} className="space-y-2 border-t border-stone-100 pt-3" data-testid="webhook">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <code className="break-all">{h.url}</code>
            <span className="text-xs text-stone-500">{h.events.join(", ")}</span>
            <button
              type="button"
              className="btn-quiet ml-auto"
              onClick={() => remove.mutate({ planId, webhook: h.id })}
              disabled={remove.isPending}
            >
              Remove
            </button>
          </div>
          {h.deliveries.length === 0 ? (
            <p className="text-xs text-stone-500">Nothing delivered yet.</p>
          ) : (
            <ul className="space-y-1 text-xs" aria-label={`Deliveries to ${h.url}`}>
              {h.deliveries.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-2" data-testid="delivery">
                  <span
                    className={`badge ${d.delivered ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
                  >
                    {d.delivered ? "delivered" : "retrying"}
                  </span>
                  <span>{d.event}</span>
                  <When at={d.at} mode="ago" />
                  <span className="text-stone-600">
                    {d.attempts.length} attempt{d.attempts.length === 1 ? "" : "s"}:{" "}
                    {d.attempts
                      .map((a) => (a.status !== null ? a.status : (a.error ?? "no answer")))
                      .join(" · ")}
                  </span>
                  <button
                    type="button"
                    className="btn-quiet ml-auto"
                    onClick={() => resend.mutate({ planId, delivery: d.id })}
                    disabled={resend.isPending}
                    aria-label={`Resend ${d.event} (${d.id})`}
                  >
                    Resend
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
