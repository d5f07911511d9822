// /moderation – an admin's desk: suspend or reinstate an account, and the whole moderation log (each table's and
// round table's own part is also on its page). Anyone else is told who may use it.
import type { Metadata } from "next";
import { ModerationDesk } from "@/components/moderation/ModerationDesk";
import { signedIn } from "@/app/signedIn";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Moderation" };
export const dynamic = "force-dynamic";

export default async function ModerationPage() {
  const who = await signedIn("/moderation");
  return (
    <Page title="Moderation">
      {who.admin ? (
        <ModerationDesk />
      ) : (
        <p className="text-sm text-stone-600" data-testid="moderation-refused">
          Only an admin may moderate (an account listed in ADMIN_EMAILS). Every moderator&apos;s act is shown
          on the table or round table it concerns.
        </p>
      )}
    </Page>
  );
}
