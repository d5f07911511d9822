// /email/confirm?change=…&token=… – where an address's confirmation link lands: one button makes it the account's.
import type { Metadata } from "next";
import { LinkAction } from "@/components/identity/LinkAction";
import { onLink } from "@/app/onLink";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Confirm your address" };
export const dynamic = "force-dynamic";

export default onLink("change", ({ id, token }) => (
  <Page title="Confirm your address" width="mx-auto max-w-md">
    <LinkAction act="confirm-email" id={id} token={token} />
  </Page>
));
