// /email/confirm?change=…&token=… – where an address's confirmation link lands: one button makes it the account's.
import type { Metadata } from "next";
import { ConfirmEmail } from "@/components/identity/ConfirmEmail";

export const metadata: Metadata = { title: "Confirm your address" };
export const dynamic = "force-dynamic";

export default async function ConfirmEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ change?: string; token?: string }>;
}) {
  const { change, token } = await searchParams;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-semibold">Confirm your address</h1>
      <ConfirmEmail change={Number(change) || 0} token={token ?? ""} />
    </div>
  );
}
