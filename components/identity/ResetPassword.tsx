"use client";
// A forgotten password: without a link, ask for one by account name; with the link, choose the new password.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/ui/trpc";
import { bound } from "@/components/ui/bound";

export function ResetPassword({ reset, token }: { reset: number | null; token: string }) {
  const trpc = useTRPC();
  const ask = useMutation(trpc.identity.requestReset.mutationOptions());
  const change = useMutation(trpc.identity.resetPassword.mutationOptions());
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const m = reset ? change : ask;
  return (
    <form
      className="card space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (reset) change.mutate({ reset, token, password });
        else ask.mutate({ name });
      }}
    >
      {reset ? (
        <>
          <label className="label" htmlFor="new-password">
            New password (at least 8 characters)
          </label>
          <input
            id="new-password"
            className="field"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            {...bound(password, setPassword)}
          />
        </>
      ) : (
        <>
          <label className="label" htmlFor="reset-name">
            Your account&apos;s name
          </label>
          <input
            id="reset-name"
            className="field"
            autoComplete="username"
            required
            {...bound(name, setName)}
          />
        </>
      )}
      <button className="btn" type="submit" disabled={m.isPending || m.isSuccess}>
        {reset ? "Change my password" : "Mail me a link"}
      </button>
      {m.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {m.data.message} {reset ? <Link href="/signin">Sign in</Link> : null}
        </p>
      ) : null}
      {m.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {m.error.message}
        </p>
      ) : null}
    </form>
  );
}
