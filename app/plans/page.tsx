// /plans – Wave checkpoints: every plan, live; create or import one.
import type { Metadata } from "next";
import Link from "next/link";
import { PlanList } from "@/components/checkpoint/PlanList";
import { listPlans } from "@/server/actions/checkpoint";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";

export const metadata: Metadata = { title: "Wave checkpoints" };
export const dynamic = "force-dynamic";

export default async function PlansPage() {
  const who = await whoFromSession();
  const r = await listPlans(await getDb(), who);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-4">
        <h1 className="text-2xl font-semibold">Wave checkpoints</h1>
        <p className="max-w-3xl text-sm text-stone-600">
          Between wave N and wave N+1 of a plan: outcome evidence joined to dependencies, risks reassessed,
          approvals bound to a revision, superseding graph revisions, and an audit that refuses to admit on
          missing or bad evidence.
        </p>
        {who.kind === "user" ? (
          <Link href="/plans/new" className="btn ml-auto no-underline" data-testid="new-plan-link">
            New plan
          </Link>
        ) : (
          <Link href="/signin?to=/plans/new" className="btn-quiet ml-auto no-underline">
            Sign in to plan
          </Link>
        )}
      </div>
      <PlanList initial={r.ok ? r.value : []} />
      <p className="text-xs text-stone-500">
        Orchestrators report outcomes with an agent token over{" "}
        <code>POST /api/plans/&lt;id&gt;/outcomes</code> or the MCP tool <code>post_outcome</code>; any
        plan&apos;s declaration can be audited offline with{" "}
        <code>npx parley checkpoint audit --input FILE</code>.
      </p>
    </div>
  );
}
