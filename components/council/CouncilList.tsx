"use client";
// The list of round tables — yours, in deliberation, decided, escalated, imported records — live without reload.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { CouncilSummary } from "@/server/actions/council";
import { ListSection } from "@/components/ui/ListSection";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import { When } from "@/components/ui/When";

const BADGE: Record<CouncilSummary["status"], string> = {
  open: "bg-sky-100 text-sky-800",
  decided: "bg-emerald-100 text-emerald-800",
  escalated: "bg-amber-100 text-amber-800",
  record: "bg-stone-200 text-stone-700",
  cancelled: "bg-red-100 text-red-800",
};

/** The list's sections after yours, each the round tables of one status. */
const SECTIONS: { title: string; status: CouncilSummary["status"]; empty: string }[] = [
  { title: "In deliberation", status: "open", empty: "No round table is deliberating. Convene one!" },
  { title: "Decided", status: "decided", empty: "No round table has decided yet." },
  { title: "Escalated", status: "escalated", empty: "No round table has escalated." },
  { title: "Imported records", status: "record", empty: "No state file has been imported." },
];

function statusWord(c: CouncilSummary): string {
  if (c.status === "open") return c.round ? `round ${c.round} open` : "waiting for the facilitator";
  if (c.status === "record") return "imported record";
  return c.outcome === "reprompt" ? "re-prompt" : c.status;
}

function Section({
  title,
  councils,
  now,
  empty,
}: {
  title: string;
  councils: CouncilSummary[];
  now: number;
  empty: string;
}) {
  return (
    <ListSection
      title={title}
      testId="councils"
      rowTestId="council-row"
      items={councils}
      empty={empty}
      wrap
      row={(c) => (
        <>
          <Link href={`/councils/${c.id}`} className="font-medium">
            {c.question}
          </Link>
          <span className={`badge ${BADGE[c.status]}`}>{statusWord(c)}</span>
          {c.yourTurn ? (
            <span className="badge bg-teal-700 text-white">your answer is owed</span>
          ) : c.yours ? (
            <span className="badge bg-teal-100 text-teal-800">yours</span>
          ) : null}
          {c.demo ? <span className="badge bg-violet-100 text-violet-800">demo</span> : null}
          <span className="ml-auto text-xs text-stone-500">
            {c.seats} souls · {c.options.join(" / ")} · {c.facilitator} ·{" "}
            <When at={c.closedAt ?? c.createdAt} mode="ago" now={now} />
          </span>
        </>
      )}
    />
  );
}

export function CouncilList({ initial, now }: { initial: CouncilSummary[]; now: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.councils.list.queryOptions();
  const { data } = useQuery({ ...opts, initialData: { councils: initial } });
  const councils = (data ?? { councils: initial }).councils;
  useLive(["lobby"], (e) => {
    if (e.type.startsWith("council.") || e.type === "live.open")
      void qc.invalidateQueries({ queryKey: opts.queryKey });
  });
  const yours = councils.filter((c) => c.yours && c.status === "open");
  return (
    <div className="space-y-6">
      {yours.length ? <Section title="Yours" councils={yours} now={now} empty="" /> : null}
      {SECTIONS.map((s) => (
        <Section
          key={s.title}
          title={s.title}
          councils={councils.filter((c) => c.status === s.status)}
          now={now}
          empty={s.empty}
        />
      ))}
    </div>
  );
}
