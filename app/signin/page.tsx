// /signin – local accounts (name and password) and, when configured, GitHub and Google.
import type { Metadata } from "next";
import { SignInForm } from "@/components/identity/SignInForm";
import Link from "next/link";
import { providerNames } from "@/server/auth";
import { env } from "@/server/env";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

/** Only a path on this site: `/\\evil.com` or `/%09/evil.com` would leave it, so parse rather than pattern-match. */
function sameSitePath(to: string | undefined): string {
  if (!to) return "/";
  try {
    const u = new URL(to, "http://parley.invalid");
    return u.origin === "http://parley.invalid" ? u.pathname + u.search + u.hash : "/";
  } catch {
    return "/";
  }
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  const { to } = await searchParams;
  const providers = providerNames();
  const next = sameSitePath(to);
  return (
    <Page title="Sign in" width="mx-auto max-w-sm">
      <SignInForm providers={providers} next={next} />
      {env().SMTP_URL ? (
        <p className="text-sm">
          <Link href="/reset">Forgot your password?</Link> A link is mailed to your account&apos;s confirmed
          address.
        </p>
      ) : null}
    </Page>
  );
}
