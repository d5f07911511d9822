"use client";
// The proposed checkpoint and its gates: approvals bound to this revision and wave, and the assignment checks; who
// is still needed, what no longer counts, and why you may or may not act (the server's sentences).
import { useMutation } from "@tanstack/react-query";
import { useAttempt } from "@/components/ui/useAttempt";
import type { PlanView } from "@/server/actions/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { When } from "@/components/ui/When";
import { messageOf, usePlanRefresh } from "./usePlan";
import { Alert } from "@/components/ui/Alert";

export function GatesPanel({ view }: { view: PlanView }) {
  const trpc = useTRPC();
  const refresh = usePlanRefresh();
  const { error, attempt } = useAttempt(refresh, messageOf);
  const approve = useMutation(trpc.plans.approve.mutationOptions(attempt()));
  const withdraw = useMutation(trpc.plans.withdrawApproval.mutationOptions(attempt()));
  const confirm = useMutation(trpc.plans.confirm.mutationOptions(attempt()));
  const p = view.proposal;
  if (!("nextWave" in p) || !view.gates)
    return (
      <section className="card p-4 text-sm" data-testid="gates">
        <h2 className="mb-1 font-semibold">The next wave</h2>
        <p className="text-stone-600">{"reason" in p ? p.reason : ""}</p>
      </section>
    );
  const g = view.gates;
  const bound = { planId: view.plan.id, revision: view.revision.number, nextWave: p.nextWave };
  return (
    <section className="card space-y-3 p-4 text-sm" data-testid="gates">
      <h2 className="font-semibold">
        Between wave {p.wave + 1} and wave {p.wave + 2}
        {p.admitted ? <span className="badge ml-2 bg-emerald-600 text-white">admitted</span> : null}
      </h2>
      <p>
        <span className="text-stone-500">Just finished:</span> <code>{few(p.justFinished)}</code>
        <br />
        <span className="text-stone-500">Proposed next:</span> <code>{few(p.nextWave)}</code>{" "}
        <span className="text-stone-500">
          (proposed by {p.proposer} in revision {view.revision.number})
        </span>
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="rounded-md border border-stone-200 p-3" data-testid="approval-gate">
          <h3 className="font-medium">Approval</h3>
          {g.approvalRequired ? (
            <>
              <p className="text-stone-600">
                {g.approvals.length} of {g.needed} approval{g.needed === 1 ? "" : "s"}, bound to revision{" "}
                {view.revision.number} and exactly this wave.
              </p>
              <ul className="my-1 space-y-0.5">
                {g.approvals.map((a) => (
                  <li key={a.by}>
                    ✓ <strong>{a.by}</strong> <When at={a.at} mode="ago" />
                    {a.expiresAt ? (
                      <span className="text-xs text-stone-500">
                        {" "}
                        · counts for <When at={a.expiresAt} mode="left" />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
              {needs(g.stillNeeded, /approv/)}
              {g.lapsed
                .filter((l) => /approv/.test(l))
                .map((l) => (
                  <p key={l} className="text-xs text-amber-800" data-testid="gate-lapsed">
                    ⌛ {l}.
                  </p>
                ))}
              {view.may.approve === true || view.may.withdraw === true ? (
                <GateButton
                  {...(view.may.approve === true
                    ? { act: approve, className: "btn", testId: "approve", label: "Approve this wave" }
                    : {
                        act: withdraw,
                        className: "btn-quiet",
                        testId: "withdraw-approval",
                        label: "Withdraw my approval",
                      })}
                  wave={bound}
                />
              ) : (
                <p className="text-xs text-stone-500">{view.may.approve}</p>
              )}
            </>
          ) : (
            <p className="text-stone-600">No node of this wave needs approval.</p>
          )}
        </div>
        <div className="rounded-md border border-stone-200 p-3" data-testid="assignment-gate">
          <h3 className="font-medium">Assignment</h3>
          {(["authority", "resources"] as const).map((kind) => {
            const check = g[kind];
            return (
              <div key={kind} className="mt-1 flex items-center gap-2">
                {check ? (
                  <span>
                    ✓ {kind}: <strong>{check.by}</strong> <When at={check.at} mode="ago" />
                  </span>
                ) : (
                  <>
                    <span className="text-red-700">✗ {kind}</span>
                    {view.may.confirm[kind] === true ? (
                      <button
                        className="btn-quiet py-0.5 text-xs"
                        disabled={confirm.isPending}
                        onClick={() => confirm.mutate({ kind, ...bound })}
                        data-testid={`confirm-${kind}`}
                      >
                        Confirm {kind}
                      </button>
                    ) : null}
                  </>
                )}
              </div>
            );
          })}
          {needs(g.stillNeeded, /authority|resources/)}
          {g.lapsed
            .filter((l) => /authority|resources/.test(l))
            .map((l) => (
              <p key={l} className="text-xs text-amber-800" data-testid="gate-lapsed">
                ⌛ {l}.
              </p>
            ))}
          {(["authority", "resources"] as const).map((kind) =>
            view.may.confirm[kind] !== true && !g[kind] ? (
              <p key={kind} className="mt-1 text-xs text-stone-500">
                {view.may.confirm[kind]}
              </p>
            ) : null,
          )}
        </div>
      </div>
      <Alert text={error} className="text-sm text-red-700" />
    </section>
  );
}

/** Who the gate still needs, as the server says it ("needs 1 more approver: ana or ben"). */
function needs(lines: string[], about: RegExp) {
  const shown = lines.filter((l) => about.test(l));
  if (shown.length === 0) return null;
  return shown.map((l) => (
    <p key={l} className="text-xs font-medium text-red-800" data-testid="gate-needs">
      {l.charAt(0).toUpperCase() + l.slice(1)}.
    </p>
  ));
}

/** A wave of a hundred nodes is named by its first few; the canvas shows the rest. */
const few = (ids: string[]) =>
  ids.length <= 8 ? ids.join(", ") : `${ids.slice(0, 8).join(", ")} and ${ids.length - 8} more`;

/** The one approval act open to the viewer on this wave: approve it, or withdraw the approval they gave. */
function GateButton<W>({
  act,
  wave,
  className,
  testId,
  label,
}: {
  act: { isPending: boolean; mutate: (wave: W) => void };
  wave: W;
  className: string;
  testId: string;
  label: string;
}) {
  return (
    <button
      className={className}
      disabled={act.isPending}
      onClick={() => act.mutate(wave)}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
