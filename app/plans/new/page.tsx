// /plans/new – create a plan from a typed graph, or import a JSON graph or a whole checkpoint declaration.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CreatePlanForm } from "@/components/checkpoint/CreatePlanForm";
import { whoFromSession } from "@/server/auth";

export const metadata: Metadata = { title: "New plan" };
export const dynamic = "force-dynamic";

export default async function NewPlanPage() {
  const who = await whoFromSession();
  if (who.kind !== "user") redirect("/signin?to=/plans/new");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">A new plan</h1>
      <p className="max-w-3xl text-sm text-stone-600">
        Revision 1 is the graph you give. Every later change makes a new revision that supersedes it; nothing
        is edited in place.
      </p>
      <CreatePlanForm />
    </div>
  );
}
