"use client";
// The minutes page: the document the Markdown download is written from, rendered, kept current while the table
// deliberates.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import type { MinutesDoc } from "@/server/actions/council";
import { MinutesView } from "./MinutesView";

type Minutes = { markdown: string; filename: string; doc: MinutesDoc };

export function MinutesLive({ id, initial }: { id: number; initial: Minutes }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.councils.minutes.queryOptions({ councilId: id });
  const { data } = useQuery({ ...opts, initialData: initial });
  const m = data ?? initial;
  useLive([`council:${id}`], () => void qc.invalidateQueries({ queryKey: opts.queryKey }));
  return (
    <div className="space-y-4" data-testid="minutes">
      <p className="flex flex-wrap gap-3 text-sm">
        <a href={`/councils/${id}`}>← the live view</a>
        <a
          href={`/councils/${id}/minutes.md`}
          download={m.filename}
          className="btn no-underline"
          data-testid="minutes-download"
        >
          Download the minutes (Markdown)
        </a>
        <a href={`/api/councils/${id}/state.json`} download={`round-table-${id}.json`}>
          state.json for <code>npx parley council vote</code>
        </a>
      </p>
      <article className="card">
        <MinutesView doc={m.doc} />
      </article>
    </div>
  );
}
