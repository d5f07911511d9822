// /plans/new – create a plan from a typed graph, or import a JSON graph or a whole checkpoint declaration.
import type { Metadata } from "next";
import { CreatePlanForm } from "@/components/checkpoint/CreatePlanForm";
import { signedIn } from "@/app/signedIn";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "New plan" };
export const dynamic = "force-dynamic";

export default async function NewPlanPage() {
  await signedIn("/plans/new");
  return (
    <Page
      title="A new plan"
      intro={
        <>
          Revision 1 is the graph you give. Every later change makes a new revision that supersedes it;
          nothing is edited in place.
        </>
      }
    >
      <CreatePlanForm />
    </Page>
  );
}
