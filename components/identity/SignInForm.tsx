"use client";
// The sign-in form: sign in or create a local account, or continue with GitHub/Google.
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Field } from "@/components/ui/FieldError";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";

type Providers = { local: boolean; github: boolean; google: boolean };

export function SignInForm({ providers, next }: { providers: Providers; next: string }) {
  const [mode, setMode] = useState<"signin" | "register">("signin");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === "register") {
        const res = await fetch("/api/accounts", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, password }),
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          setError(body?.error?.message ?? "The account could not be created.");
          return;
        }
      }
      const r = await signIn("credentials", { name, password, redirect: false });
      if (r?.status === 429)
        setError("Too many sign-in attempts from here for now; wait a few minutes and try again.");
      else if (r?.error) setError("That name and password do not match an account.");
      else window.location.assign(next);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card space-y-4">
      {providers.local ? (
        <form onSubmit={submit} className="space-y-3" data-testid="signin-form">
          <Field id="name" label="Name">
            {(c) => <input {...c} {...bound(name, setName)} autoComplete="username" required />}
          </Field>
          <Field id="password" label="Password">
            {(c) => (
              <>
                <input
                  {...c}
                  type="password"
                  {...bound(password, setPassword)}
                  autoComplete={mode === "register" ? "new-password" : "current-password"}
                  required
                />
                {mode === "register" ? (
                  <p className="mt-1 text-xs text-stone-500">At least 8 characters.</p>
                ) : null}
              </>
            )}
          </Field>
          <Alert text={error} className="text-sm text-red-700" testId="signin-error" />
          <button className="btn w-full justify-center" disabled={busy} data-testid="signin-submit">
            {mode === "register" ? "Create account and sign in" : "Sign in"}
          </button>
          <p className="text-center text-sm">
            {mode === "signin" ? (
              <button
                type="button"
                className="text-tide hover:underline"
                onClick={() => setMode("register")}
                data-testid="to-register"
              >
                New here? Create an account
              </button>
            ) : (
              <button type="button" className="text-tide hover:underline" onClick={() => setMode("signin")}>
                I have an account
              </button>
            )}
          </p>
        </form>
      ) : (
        <p className="text-sm text-stone-600">Local accounts are switched off on this server.</p>
      )}
      {providers.github ? (
        <button
          className="btn-quiet w-full justify-center"
          onClick={() => void signIn("github", { redirectTo: next })}
        >
          Continue with GitHub
        </button>
      ) : null}
      {providers.google ? (
        <button
          className="btn-quiet w-full justify-center"
          onClick={() => void signIn("google", { redirectTo: next })}
        >
          Continue with Google
        </button>
      ) : null}
    </div>
  );
}
