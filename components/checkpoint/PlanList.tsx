"use client";
// The list of plans you may read, kept current by the plans' live events (each reaches only those who may read it).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { PlanSummary } from "@/server/actions/checkpoint";
import { ScrollX } from "@/components/ui/ScrollX";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import { When } from "@/components/ui/When";
import { DECISION_STYLE } from "./colors";
import { TableHead } from "@/components/ui/TableHead";

export function PlanList({ initial }: { initial: PlanSummary[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const plans = useQuery({ ...trpc.plans.list.queryOptions(), initialData: initial });
  useLive(["plan:*"], (e) => {
    if (e.type.startsWith("plan.") || e.type === "live.open")
      void qc.invalidateQueries({ queryKey: trpc.plans.list.queryKey() });
  });
  const list = plans.data ?? initial;
  return (
    <ScrollX label="The plans" className="card p-0">
      <table className="w-full text-sm" data-testid="plans-table">
        <TableHead
          className="border-b border-stone-200 text-left text-xs uppercase text-stone-500"
          cell="px-4 py-2"
          columns={["Plan", "Owner", "Revision", "Nodes", "Outcomes", "Last checkpoint", "Created"]}
        />
        <tbody>
          {list.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-6 text-center text-stone-500">
                No plans yet.
              </td>
            </tr>
          ) : null}
          {list.map((p) => (
            <tr key={p.id} className="border-b border-stone-100 last:border-0" data-testid="plan-row">
              <td className="px-4 py-2 font-medium">
                <Link href={`/plans/${p.id}`}>{p.name}</Link>
                {p.yours ? <span className="badge ml-1 bg-teal-100 text-teal-800">yours</span> : null}
                {p.visibility === "public" ? null : (
                  <span className="badge ml-1 bg-stone-100 text-stone-700">
                    {p.visibility.replace("_", " ")}
                  </span>
                )}
              </td>
              <td className="px-4 py-2">{p.owner}</td>
              <td className="px-4 py-2">r{p.revision}</td>
              <td className="px-4 py-2">{p.nodes}</td>
              <td className="px-4 py-2">{p.outcomes}</td>
              <td className="px-4 py-2">
                {p.lastCheckpoint ? (
                  <>
                    <span className={`badge ${DECISION_STYLE[p.lastCheckpoint.decision] ?? ""}`}>
                      {p.lastCheckpoint.decision}
                    </span>{" "}
                    <span className="text-xs text-stone-500">at r{p.lastCheckpoint.revision}</span>
                  </>
                ) : (
                  <span className="text-stone-500">none</span>
                )}
              </td>
              <td className="px-4 py-2">
                <When at={p.createdAt} mode="ago" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}
