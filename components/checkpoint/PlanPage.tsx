"use client";
// The plan page: the canvas with the audit beside it, the revision switcher, gates, decision, evidence and history.
import Link from "next/link";
import { useState } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { CheckpointHistory } from "./CheckpointHistory";
import { STATUS_STYLE, ROLE_STYLE } from "./colors";
import { DecisionForm } from "./DecisionForm";
import { FindingsList } from "./FindingsList";
import { GatesPanel } from "./GatesPanel";
import { MembersPanel } from "./MembersPanel";
import { NodeDetails } from "./NodeDetails";
import { OutcomesPanel } from "./OutcomesPanel";
import { PlanInvitation } from "./PlanInvitation";
import { PlanCanvas } from "./PlanCanvas";
import { RevisionSwitcher } from "./RevisionSwitcher";
import { RisksPanel } from "./RisksPanel";
import { usePlanView } from "./usePlan";
import { WebhooksPanel } from "./WebhooksPanel";

/** How many souls an escalation's Round Table takes: the council's rules, passed down by the page. */
export type Souls = { min: number; max: number };

export function PlanPage({
  id,
  revision,
  initial,
  souls,
}: {
  id: number;
  revision: number | null;
  initial: PlanView;
  souls: Souls;
}) {
  const [shown, setShown] = useState<number | null>(revision);
  const [focused, setFocused] = useState<string | null>(null);
  const query = usePlanView(id, shown, initial);
  const view = query.data ?? initial;
  const show = (n: number | null) => {
    setShown(n);
    setFocused(null);
    // The address follows the revision shown, without asking the server for the page again.
    window.history.replaceState(null, "", n === null ? `/plans/${id}` : `/plans/${id}?revision=${n}`);
  };
  const focus = (nodeId: string | null) => setFocused(nodeId);
  return (
    <div className="space-y-4" data-testid="plan-page" data-revision={view.revision.number}>
      <header className="flex flex-wrap items-end gap-x-4 gap-y-1">
        <div>
          <p className="text-xs text-stone-500">
            <Link href="/plans">Plans</Link> · owned by {view.plan.owner} ·{" "}
            {view.plan.visibility.replace("_", " ")}
          </p>
          <h1 className="text-2xl font-semibold" data-testid="plan-name">
            {view.plan.name}
          </h1>
        </div>
        <Standing view={view} />
        <span className="ml-auto text-xs text-stone-500">
          <a href={`/api/plans/${id}/declaration`}>declaration JSON</a> ·{" "}
          <a href={`/api/plans/${id}/audit`}>audit JSON</a>
        </span>
      </header>
      <PlanInvitation view={view} />
      <RevisionSwitcher view={view} onShow={show} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="card h-[620px] overflow-hidden p-0">
          <PlanCanvas view={view} focused={focused} onFocus={focus} />
        </div>
        <div className="h-[620px]">
          {focused && view.nodes.some((n) => n.id === focused) ? (
            <NodeDetails view={view} id={focused} onFocus={focus} />
          ) : (
            <FindingsList view={view} onFocus={focus} />
          )}
        </div>
      </div>
      <Legend />
      {view.revision.superseded ? null : (
        <div className="grid gap-4 lg:grid-cols-2">
          <GatesPanel view={view} />
          <DecisionForm key={view.revision.number} view={view} souls={souls} />
        </div>
      )}
      <OutcomesPanel view={view} onFocus={focus} />
      <div className="grid gap-4 lg:grid-cols-2">
        <RisksPanel view={view} onFocus={focus} />
        <CheckpointHistory view={view} onShow={show} />
      </div>
      <MembersPanel view={view} />
      {view.may.manage === true ? <WebhooksPanel planId={id} /> : null}
    </div>
  );
}

/** Where the plan stands, in one badge: what the audit of the proposed wave says now. */
function Standing({ view }: { view: PlanView }) {
  const p = view.proposal;
  if (view.revision.superseded)
    return (
      <span className="badge bg-stone-200 text-stone-700">revision {view.revision.number} · superseded</span>
    );
  if (!("nextWave" in p))
    return (
      <span className="badge bg-stone-100 text-stone-700" data-testid="standing">
        waiting
      </span>
    );
  if (p.admitted)
    return (
      <span className="badge bg-emerald-600 text-white" data-testid="standing">
        wave {p.wave + 2} admitted
      </span>
    );
  if (view.audit?.eligibleToAdmit)
    return (
      <span className="badge bg-emerald-100 text-emerald-800" data-testid="standing">
        wave {p.wave + 2} eligible to admit
      </span>
    );
  return (
    <span className="badge bg-red-100 text-red-800" data-testid="standing">
      wave {p.wave + 2} held: {view.findings.length} finding{view.findings.length === 1 ? "" : "s"}
    </span>
  );
}

function Legend() {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
      {Object.entries(STATUS_STYLE).map(([k, s]) => (
        <span key={k} className={`badge border ${s.node}`}>
          {s.label}
        </span>
      ))}
      <span className={`badge ${ROLE_STYLE.justFinished.tag}`}>{ROLE_STYLE.justFinished.label}</span>
      <span className={`badge ${ROLE_STYLE.next.tag}`}>{ROLE_STYLE.next.label}</span>
      <span className="badge bg-red-600 text-white">finding</span>
      <span className="badge bg-teal-700 text-white">added</span>
      <span className="badge bg-sky-700 text-white">rewired</span>
      <span className="badge bg-stone-700 text-white">held by a prune</span>
      <span>red edge: a prerequisite the audit blames · ↻ risk to reassess · ◆ needs approval</span>
    </div>
  );
}
