"use client";
// What is mailed to you, per group of notifications: immediately, a daily digest, or off. Says so plainly when this
// server mails nothing (no SMTP_URL) or your account has no address.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MailSettings as Settings } from "@/server/actions/mail";
import { useTRPC } from "@/components/ui/trpc";
import { bound } from "@/components/ui/bound";
import { Field } from "@/components/ui/FieldError";

const MODE_TEXT = { immediately: "Immediately", digest: "Daily digest", off: "Off" } as const;

export function MailSettings({ initial }: { initial: Settings }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.notifications.mail.queryOptions({}, { initialData: initial }));
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const set = useMutation(
    trpc.notifications.setMail.mutationOptions({
      onSuccess: (r) => {
        qc.setQueryData(trpc.notifications.mail.queryKey({}), r);
        setSaid({ ok: true, text: "Saved." });
      },
      onError: (e) => setSaid({ ok: false, text: e.message }),
    }),
  );
  const [email, setEmail] = useState("");
  const ask = useMutation(
    trpc.identity.requestEmail.mutationOptions({
      onSuccess: (r) => setSaid({ ok: true, text: r.message }),
      onError: (e) => setSaid({ ok: false, text: e.message }),
    }),
  );
  const s = q.data ?? initial;
  const why = !s.configured
    ? "This server sends no mail (it has no SMTP_URL), so nothing is mailed: the bell and this page are where you are told."
    : !s.email
      ? "Your account has no confirmed address, so nothing is mailed to you yet: add one below."
      : null;
  return (
    <section className="card space-y-3" id="mail" aria-labelledby="mail-title" data-testid="mail-settings">
      <h2 id="mail-title" className="font-semibold">
        What is mailed to you
      </h2>
      {why ? (
        <p className="text-sm text-stone-700" data-testid="mail-off">
          {why}
        </p>
      ) : (
        <p className="text-sm text-stone-700">
          Mail goes to <strong>{s.email}</strong>. A daily digest comes once a day with the day&apos;s
          notifications of that kind; every mail has a one-click unsubscribe.
        </p>
      )}
      {s.configured ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            ask.mutate({ email });
          }}
        >
          <Field id="mail-address" label={s.email ? "Another address" : "Your address"} className="flex-1">
            {(c) => <input {...c} type="email" required autoComplete="email" {...bound(email, setEmail)} />}
          </Field>
          <button className="btn" type="submit" disabled={ask.isPending} data-testid="request-email">
            Mail me a confirmation link
          </button>
        </form>
      ) : null}
      <ul className="divide-y divide-stone-100">
        {s.groups.map((g) => (
          <li key={g.group} className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center">
            <label htmlFor={`mail-${g.group}`} className="flex-1">
              {g.text}
            </label>
            <select
              id={`mail-${g.group}`}
              // "!": the unlayered .field's w-full (styles/globals.css) outranks a plain width utility
              className="field sm:w-44! sm:flex-none"
              value={g.mode}
              disabled={!!why || set.isPending}
              onChange={(e) => set.mutate({ group: g.group, mode: e.target.value as keyof typeof MODE_TEXT })}
            >
              {Object.entries(MODE_TEXT).map(([mode, text]) => (
                <option key={mode} value={mode}>
                  {text}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {said ? (
        <p
          className={`text-sm ${said.ok ? "text-emerald-800" : "text-red-700"}`}
          role={said.ok ? "status" : "alert"}
        >
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
