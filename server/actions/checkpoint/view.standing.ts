// Where a plan stands at one revision: the wave in question, its audit and gates, and whether it was admitted.
import { audit as runAudit, type AuditResult, type Proposal } from "../../rules/checkpoint";
import type { LoadedPlan, RevisionRow } from "./load";
import { gatesOf, planStateOf, proposalOf } from "./state";

export type GateView = {
  waveKey: string;
  approvalRequired: boolean;
  needed: number;
  approvals: { by: string; at: string }[];
  authority: { by: string; at: string; note: string } | null;
  resources: { by: string; at: string; note: string } | null;
};

/** Latest revision: the audit of the proposal now. Superseded: the audit of its last recorded checkpoint. */
export type AuditView = AuditResult & { source: "now" | { checkpointId: number } };

export type Standing = {
  /** The live proposal (latest revision only), or null for a superseded one. */
  proposal: Proposal | null;
  wave: { justFinished: string[]; nextWave: string[] } | null;
  audit: AuditView | null;
  gates: GateView | null;
  admitted: boolean;
};

const iso = (d: Date) => d.toISOString();

const checkView = (c: { by: string; at: Date; note: string } | null) =>
  c && { by: c.by, at: iso(c.at), note: c.note };

export function standingOf(loaded: LoadedPlan, revision: RevisionRow, isLatest: boolean): Standing {
  // The live proposal at the latest revision, else the last checkpoint recorded there.
  const proposal = isLatest ? proposalOf(loaded, revision) : null;
  const recorded = loaded.checkpoints.filter((c) => c.revision === revision.number).at(-1) ?? null;
  if (proposal?.justFinished) {
    const wave = { justFinished: proposal.justFinished, nextWave: proposal.nextWave };
    const built = planStateOf(loaded, revision, wave);
    const gates: GateView = {
      waveKey: built.gates.waveKey,
      approvalRequired: built.gates.approvalRequired,
      needed: built.gates.needed,
      approvals: built.gates.approvals.map((a) => ({ by: a.by, at: iso(a.at) })),
      authority: checkView(built.gates.authority),
      resources: checkView(built.gates.resources),
    };
    const admitted = loaded.checkpoints.some(
      (c) =>
        c.decision === "admit" &&
        c.revision === revision.number &&
        gatesOf(loaded, revision, c.nextWave).waveKey === gates.waveKey,
    );
    return { proposal, wave, audit: { ...runAudit(built.declaration), source: "now" }, gates, admitted };
  }
  if (!isLatest && recorded)
    return {
      proposal,
      wave: { justFinished: recorded.justFinished, nextWave: recorded.nextWave },
      audit: { ...(recorded.audit as AuditResult), source: { checkpointId: recorded.id } },
      gates: null,
      admitted: false,
    };
  return { proposal, wave: null, audit: null, gates: null, admitted: false };
}
