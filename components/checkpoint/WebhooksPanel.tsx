"use client";
// The plan's webhooks, for its owner: register a URL for some event types (the secret is shown this once), rotate a
// secret once confirmed (the new one shown once; a webhook from before Standard Webhooks is asked to), the latest
// deliveries of each with every attempt (status or error, how long), resend one, remove a webhook. Read again after
// each change and every 10 s while open (a retry lands on its own schedule).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CopyButton } from "@/components/ui/CopyButton";
import { useTRPC } from "@/components/ui/trpc";
import { useAttempt } from "@/components/ui/useAttempt";
import { When } from "@/components/ui/When";
import { bound } from "@/components/ui/bound";

/** A webhook's secret as registering or rotating answers it. */
type Secret = { secret: string; message: string };

export function WebhooksPanel({ planId }: { planId: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.plans.webhooks.queryOptions({ planId }, { refetchInterval: 10_000 });
  const list = useQuery(opts);
  const refresh = () => qc.invalidateQueries({ queryKey: opts.queryKey });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["plan.checkpoint"]);
  /** A secret just made (registered or rotated): shown this once, with what it is for. */
  const [secret, setSecret] = useState<Secret | null>(null);
  /** The webhook whose secret rotation awaits its owner's confirmation. */
  const [rotating, setRotating] = useState<number | null>(null);
  const { error, attempt } = useAttempt(refresh);
  const add = useMutation(
    trpc.plans.addWebhook.mutationOptions(
      attempt((r: Secret) => {
        setSecret(r);
        setUrl("");
      }),
    ),
  );
  const rotate = useMutation(
    trpc.plans.rotateWebhookSecret.mutationOptions(
      attempt((r: Secret) => {
        setSecret(r);
        setRotating(null);
      }),
    ),
  );
  const remove = useMutation(trpc.plans.removeWebhook.mutationOptions(attempt()));
  const resend = useMutation(trpc.plans.resendDelivery.mutationOptions(attempt()));
  const hooks = list.data?.webhooks ?? [];
  return (
    <section className="card space-y-4" aria-labelledby="webhooks-title" data-testid="webhooks">
      <h2 id="webhooks-title" className="font-semibold">
        Webhooks
      </h2>
      <p className="text-sm text-stone-600">
        Each event type you pick is POSTed as JSON (<code>{"{type, timestamp, data}"}</code>, the type as you
        picked it) following <a href="https://www.standardwebhooks.com">Standard Webhooks</a>: your
        orchestrator checks <code>webhook-signature</code> with any Standard Webhooks library and the secret.
        It is retried with backoff for more than a day until it answers 2xx, every attempt with the same{" "}
        <code>webhook-id</code>.
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
          {...bound(url, setUrl)}
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
          {secret.message} Put it where your orchestrator checks signatures:{" "}
          <code id="webhook-secret-text" className="break-all">
            {secret.secret}
          </code>{" "}
          <CopyButton text={secret.secret} target="webhook-secret-text" />
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
              onClick={() => setRotating(h.id)}
              disabled={rotating === h.id}
            >
              Rotate the secret
            </button>
            <button
              type="button"
              className="btn-quiet"
              onClick={() => remove.mutate({ planId, webhook: h.id })}
              disabled={remove.isPending}
            >
              Remove
            </button>
          </div>
          {h.secretOutdated ? (
            <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="webhook-outdated">
              Registered before deliveries followed Standard Webhooks: its secret was shown written in
              base64url, which their libraries refuse. The same key signs on (written with + for - and / for
              _, it verifies) until you rotate it; rotate it for a new secret, shown once.
            </p>
          ) : null}
          {rotating === h.id ? (
            <div
              className="flex flex-wrap items-center gap-2 text-xs"
              role="group"
              aria-label="Rotate the secret"
            >
              <span>
                A new secret is shown once, and signs every delivery from now on; the current one signs
                nothing more.
              </span>
              <button
                type="button"
                className="btn"
                onClick={() => rotate.mutate({ planId, webhook: h.id })}
                disabled={rotate.isPending}
              >
                Rotate it now
              </button>
              <button type="button" className="btn-quiet" onClick={() => setRotating(null)}>
                Keep the current one
              </button>
            </div>
          ) : null}
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
