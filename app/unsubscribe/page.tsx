// /unsubscribe?user=…&token=… – where a mail's unsubscribe link lands a person: one button, no sign-in needed (a
// mail client's one-click POST goes straight to /api/notifications/unsubscribe, RFC 8058).
import type { Metadata } from "next";
import { Unsubscribe } from "@/components/identity/Unsubscribe";

export const metadata: Metadata = { title: "Unsubscribe" };
export const dynamic = "force-dynamic";

export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ user?: string; token?: string }>;
}) {
  const { user, token } = await searchParams;
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">Unsubscribe</h1>
      <p className="text-sm text-stone-700">
        Stop every mail from this Parley. You are still told in the app (the bell); sign in to turn mail back
        on for what you want.
      </p>
      <Unsubscribe user={Number(user) || 0} token={token ?? ""} />
    </div>
  );
}
