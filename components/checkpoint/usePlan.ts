"use client";
// The plan page's data: the view from tRPC, kept current by the plan's live topic, and a refresh after each write.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";

export function usePlanView(id: number, revision: number | null, initial: PlanView | undefined) {
  const trpc = useTRPC();
  const refresh = usePlanRefresh();
  useLive([`plan:${id}`], () => void refresh());
  return useQuery({
    ...trpc.plans.view.queryOptions({ planId: id, ...(revision === null ? {} : { revision }) }),
    initialData: initial && (revision === null || initial.revision.number === revision) ? initial : undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePlanRefresh() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: trpc.plans.view.queryKey() }),
        qc.invalidateQueries({ queryKey: trpc.plans.list.queryKey() }),
      ]),
    [qc, trpc],
  );
}

/** One line a person can act on, from a tRPC error. */
export const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Something went wrong.");
