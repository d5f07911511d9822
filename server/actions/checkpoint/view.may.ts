// What the reader of a plan may do at the revision shown, each either true or the sentence that says why not.
import type { Who } from "../../identity";
import type { LoadedPlan, RevisionRow } from "./load";
import { mayWrite } from "./state";
import type { AuditView, GateView } from "./view.standing";

export type PlanMay = {
  write: true | string;
  approve: true | string;
  confirm: true | string;
  admit: true | string;
};

export function mayOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  who: Who,
  s: { isLatest: boolean; gates: GateView | null; result: AuditView | null; admitted: boolean },
): PlanMay {
  const superseded = `Revision ${revision.number} is superseded: it is history.`;
  const writer = mayWrite(who, loaded);
  const write: true | string = !s.isLatest ? superseded : writer.ok ? true : writer.message;
  const personal: true | string =
    who.kind === "user"
      ? true
      : who.kind === "agent"
        ? "Only a signed-in person can do this."
        : "Sign in to do this.";
  const noWave = "There is no proposed next wave yet.";
  let approve: true | string = personal;
  if (approve === true) {
    if (!s.isLatest) approve = superseded;
    else if (!s.gates) approve = noWave;
    else if (!s.gates.approvalRequired) approve = "This wave needs no approval.";
    else if (who.kind === "user" && revision.proposerId === who.userId)
      approve = `You proposed this wave (revision ${revision.number} is yours); another person must approve it.`;
    else if (who.kind === "user" && s.gates.approvals.some((a) => a.by === who.name))
      approve = "You have approved this wave.";
  }
  let confirm: true | string = personal;
  if (confirm === true) {
    if (!s.isLatest) confirm = superseded;
    else if (!s.gates) confirm = noWave;
    else if (s.gates.authority && s.gates.resources) confirm = "Both checks are confirmed.";
  }
  let admit: true | string = write;
  if (admit === true) {
    if (who.kind !== "user") admit = "A person admits a wave.";
    else if (!s.result || !s.gates) admit = noWave;
    else if (s.admitted) admit = "This wave is already admitted.";
    else if (!s.result.eligibleToAdmit)
      admit = `The audit holds the wave (${[...new Set(s.result.findings.map((f) => f.id))].join(", ")}).`;
  }
  return { write, approve, confirm, admit };
}
