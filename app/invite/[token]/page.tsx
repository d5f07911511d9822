// /invite/:token – an invite link opened in a browser: a signed-in person joins its table or round table with one
// click (a POST, never the GET itself, so a link preview or a prefetch joins nobody); a guest signs in first.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { JoinByLink } from "@/components/identity/JoinByLink";
import { whoFromSession } from "@/server/auth";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Invite link", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function InviteLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const who = await whoFromSession();
  if (who.kind !== "user") redirect(`/signin?to=${encodeURIComponent(`/invite/${token}`)}`);
  return (
    <Page title="You have an invite link" width="mx-auto max-w-xl">
      <p className="text-sm text-stone-600">
        It makes you a member of an invited table or round table: you may read it, and its host or facilitator
        may seat you. Joining puts you in no seat — that still waits for your yes.
      </p>
      <JoinByLink token={token} />
    </Page>
  );
}
