// /reset – a forgotten password: ask for a link by account name, or (from the link) choose a new password. Offered
// only when this server mails (SMTP_URL).
import type { Metadata } from "next";
import { ResetPassword } from "@/components/identity/ResetPassword";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "Reset your password" };
export const dynamic = "force-dynamic";

export default async function ResetPage({
  searchParams,
}: {
  searchParams: Promise<{ reset?: string; token?: string }>;
}) {
  const { reset, token } = await searchParams;
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Reset your password</h1>
      {env().SMTP_URL ? (
        <ResetPassword reset={Number(reset) || null} token={token ?? ""} />
      ) : (
        <p className="text-sm text-stone-700">
          This server sends no mail, so a password cannot be reset by mail here: ask an admin.
        </p>
      )}
    </div>
  );
}
