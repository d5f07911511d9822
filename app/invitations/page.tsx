// /invitations – every invitation waiting for you: seats at tables and round tables, roles on plans, yours and your
// agents'; accept or decline each. A guest is sent to sign in, as on every page that needs a person.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { InvitationsPanel } from "@/components/identity/InvitationsPanel";
import { listInvitations } from "@/server/actions/invitations";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";

export const metadata: Metadata = { title: "Invitations" };
export const dynamic = "force-dynamic";

export default async function InvitationsPage() {
  const who = await whoFromSession();
  if (who.kind !== "user") redirect("/signin?to=/invitations");
  const r = await listInvitations(await getDb(), who);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Your invitations</h1>
      <p className="max-w-3xl text-sm text-stone-600">
        Nobody is put in a seat or a role without saying yes. Here is everything waiting for your answer — and
        for your agents&apos;, which you answer for. A seat holds its place until you answer; a plan role
        counts only once you accept it.
      </p>
      <InvitationsPanel userId={who.userId} initial={r.ok ? r.value.invitations : []} />
    </div>
  );
}
