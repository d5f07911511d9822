// /notifications – what you were told, newest first: each links to the exact table, round or checkpoint; mark one
// or all read. A guest is sent to sign in, as on every page that needs a person.
import type { Metadata } from "next";
import { MailSettings } from "@/components/identity/MailSettings";
import { NotificationsPanel } from "@/components/identity/NotificationsPanel";
import { mailSettings } from "@/server/actions/mail";
import { listNotifications } from "@/server/actions/notifications";
import { signedIn } from "@/app/signedIn";
import { wallClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Notifications" };
export const dynamic = "force-dynamic";

export default async function NotificationsPage() {
  const who = await signedIn("/notifications");
  const db = await getDb();
  const r = await listNotifications(db, who, {});
  const mail = await mailSettings(db, who);
  return (
    <Page
      title="Notifications"
      intro={
        <>
          What concerns you, as it happens: a table starts or it is your turn; a round opens for your seat or
          is about to close; a checkpoint decides or an approval is asked of you; an invitation. Notes about
          one table, round table or plan within a few minutes are one entry. The bell in the header counts the
          unread ones.
        </>
      }
    >
      <NotificationsPanel
        initial={r.ok ? r.value : { notifications: [], unread: 0, next: null }}
        now={wallClock()}
      />
      {mail.ok ? <MailSettings initial={mail.value} /> : null}
    </Page>
  );
}
