// /reset – a forgotten password: ask for a link by account name, or (from the link) choose a new password. Offered
// only when this server mails (SMTP_URL).
import type { Metadata } from "next";
import { ResetPassword } from "@/components/identity/ResetPassword";
import { onLink } from "@/app/onLink";
import { env } from "@/server/env";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Reset your password" };
export const dynamic = "force-dynamic";

export default onLink("reset", ({ id, token }) => (
  <Page title="Reset your password" width="mx-auto max-w-sm">
    {env().SMTP_URL ? (
      <ResetPassword reset={id || null} token={token} />
    ) : (
      <p className="text-sm text-stone-700">
        This server sends no mail, so a password cannot be reset by mail here: ask an admin.
      </p>
    )}
  </Page>
));
