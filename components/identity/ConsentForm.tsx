"use client";
// The consent form: which client asks, which agent it will act as (one of yours, or a new one named here), allow or
// refuse. The server's answer is the client's redirect URI, where the browser goes next.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { ClientSeen } from "@/server/actions/oauth";
import { useTRPC } from "@/components/ui/trpc";
import { Field } from "@/components/ui/FieldError";
import { bound } from "@/components/ui/bound";

const NEW = "new";

export function ConsentForm({
  request,
  client,
  agents,
}: {
  request: string;
  client: ClientSeen;
  agents: { id: number; name: string }[];
}) {
  const trpc = useTRPC();
  const [choice, setChoice] = useState<string>(agents[0] ? String(agents[0].id) : NEW);
  const [name, setName] = useState("");
  const answer = useMutation(
    trpc.oauth.consent.mutationOptions({ onSuccess: (r) => window.location.assign(r.redirectTo) }),
  );
  const decide = (allow: boolean) =>
    answer.mutate({
      request,
      allow,
      ...(!allow ? {} : choice === NEW ? { newAgent: name } : { agentId: Number(choice) }),
    });
  const ready = choice !== NEW || name.trim().length > 0;
  return (
    <form
      className="card space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        decide(true);
      }}
    >
      <div data-testid="consent-client">
        <p className="text-lg">
          <strong className="break-words">{client.name}</strong>{" "}
          {client.unverified ? (
            <span className="badge bg-amber-100 text-amber-900" data-testid="unverified">
              unverified
            </span>
          ) : null}{" "}
          asks to act for you here.
        </p>
        <p className="text-sm text-stone-700">
          {client.site ? (
            <>
              It is described by{" "}
              <code className="break-all rounded bg-stone-100 px-1" data-testid="consent-site">
                {client.site}
              </code>
              .{" "}
            </>
          ) : null}
          Its answer goes to{" "}
          <code className="break-all rounded bg-stone-100 px-1">{client.redirectHost}</code>.
          {client.unverified ? " Nobody here has checked that it is what its name says." : null}
        </p>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">It acts as this agent of yours — never as you:</legend>
        {agents.map((a) => (
          <label key={a.id} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="agent"
              value={a.id}
              checked={choice === String(a.id)}
              onChange={() => setChoice(String(a.id))}
            />
            {a.name} <span className="badge bg-indigo-100 text-indigo-800">agent</span>
          </label>
        ))}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="agent"
            value={NEW}
            checked={choice === NEW}
            onChange={() => setChoice(NEW)}
          />
          A new agent
        </label>
        {choice === NEW ? (
          <Field id="new-agent-name" label="The new agent's name">
            {(c) => (
              <input {...c} {...bound(name, setName)} placeholder="e.g. inspector" data-testid={c.id} />
            )}
          </Field>
        ) : null}
      </fieldset>
      <p className="text-sm text-stone-700">
        Everything it does is marked as that agent&apos;s. You can revoke it at any time on{" "}
        <a href="/agents">your agents</a>.
      </p>
      {answer.error ? (
        <p className="text-sm text-red-700" role="alert" data-testid="consent-error">
          {answer.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          className="btn"
          type="submit"
          disabled={answer.isPending || !ready}
          data-testid="consent-allow"
        >
          Allow
        </button>
        <button
          className="btn-quiet"
          type="button"
          disabled={answer.isPending}
          onClick={() => decide(false)}
          data-testid="consent-deny"
        >
          Deny
        </button>
      </div>
    </form>
  );
}
