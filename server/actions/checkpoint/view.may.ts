// What the reader of a plan may do at the revision shown, each either true or the sentence that says why not. Each
// asks the same pure check as the action it stands for (server/rules/checkpoint/roles.ts), so the page never says
// yes where the action says no.
import type { Who } from "../../identity";
import { approvalRefusal, confirmRefusal, ownerRefusal, withdrawRefusal } from "../../rules/checkpoint";
import type { LoadedPlan, RevisionRow } from "./loaded";
import { mayReport, maySteer, type Gates } from "./state";
import type { AuditView } from "./view.standing";

export type PlanMay = {
  /** Post outcome records and assess risks. */
  write: true | string;
  /** Revise the plan and record checkpoint decisions. */
  decide: true | string;
  approve: true | string;
  /** Withdraw one's own approval of this wave, while it counts. */
  withdraw: true | string;
  confirm: { authority: true | string; resources: true | string };
  admit: true | string;
  /** Assign and remove roles, change the visibility and the approval gate's terms. */
  manage: true | string;
};

const said = (refusal: { message: string } | null): true | string => (refusal ? refusal.message : true);

export function mayOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  who: Who,
  s: { isLatest: boolean; gates: Gates | null; result: AuditView | null; admitted: boolean },
): PlanMay {
  const superseded = `Revision ${revision.number} is superseded: it is history.`;
  const noWave = "There is no proposed next wave yet.";
  const reporter = mayReport(who, loaded);
  const write: true | string = !s.isLatest ? superseded : reporter.ok ? true : reporter.message;
  const steerer = maySteer(who, loaded);
  const decide: true | string = !s.isLatest ? superseded : steerer.ok ? true : steerer.message;
  const gated = (ask: (g: Gates) => true | string): true | string =>
    !s.isLatest ? superseded : !s.gates ? noWave : ask(s.gates);
  const approve = gated((g) => said(approvalRefusal(loaded.access, g.gate, g.approval, who)));
  const withdraw = gated((g) => said(withdrawRefusal(g.approval, who)));
  const confirm = {
    authority: gated((g) =>
      said(confirmRefusal(loaded.access, "authority", g.checks.authority.counted, who)),
    ),
    resources: gated((g) =>
      said(confirmRefusal(loaded.access, "resources", g.checks.resources.counted, who)),
    ),
  };
  let admit: true | string = decide;
  if (admit === true) {
    if (who.kind !== "user") admit = "A person admits a wave.";
    else if (!s.result || !s.gates) admit = noWave;
    else if (s.admitted) admit = "This wave is already admitted.";
    else if (!s.result.eligibleToAdmit)
      admit = `The audit holds the wave (${[...new Set(s.result.findings.map((f) => f.id))].join(", ")}).`;
  }
  return { write, decide, approve, withdraw, confirm, admit, manage: said(ownerRefusal(loaded.access, who)) };
}
