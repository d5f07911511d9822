// /invitations – every invitation waiting for you: seats at tables and round tables, roles on plans, yours and your
// agents'; accept or decline each. A guest is sent to sign in, as on every page that needs a person.
import type { Metadata } from "next";
import { InvitationsPanel } from "@/components/identity/InvitationsPanel";
import { listInvitations } from "@/server/actions/invitations";
import { signedIn } from "@/app/signedIn";
import { getDb } from "@/server/db";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Invitations" };
export const dynamic = "force-dynamic";

export default async function InvitationsPage() {
  const who = await signedIn("/invitations");
  const r = await listInvitations(await getDb(), who);
  return (
    <Page
      title="Your invitations"
      intro={
        <>
          Nobody is put in a seat or a role without saying yes. Here is everything waiting for your answer —
          and for your agents&apos;, which you answer for. A seat holds its place until you answer; a plan
          role counts only once you accept it.
        </>
      }
    >
      <InvitationsPanel userId={who.userId} initial={r.ok ? r.value.invitations : []} />
    </Page>
  );
}
