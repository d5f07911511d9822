// /unsubscribe?user=…&token=… – where a mail's unsubscribe link lands a person: one button, no sign-in needed (a
// mail client's one-click POST goes straight to /api/notifications/unsubscribe, RFC 8058).
import type { Metadata } from "next";
import { LinkAction } from "@/components/identity/LinkAction";
import { onLink } from "@/app/onLink";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Unsubscribe" };
export const dynamic = "force-dynamic";

export default onLink("user", ({ id, token }) => (
  <Page title="Unsubscribe" width="max-w-xl">
    <p className="text-sm text-stone-700">
      Stop every mail from this Parley. You are still told in the app (the bell); sign in to turn mail back on
      for what you want.
    </p>
    <LinkAction act="unsubscribe" id={id} token={token} />
  </Page>
));
