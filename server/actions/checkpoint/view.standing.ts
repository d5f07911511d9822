// Where a plan stands at one revision: the wave in question, its audit and gates, and whether it was admitted.
import { audit as runAudit, waveKey, type AuditResult, type Proposal } from "../../rules/checkpoint";
import type { LoadedPlan, RevisionRow } from "./loaded";
import { lapsedOf, planStateOf, proposalOf, type Gates } from "./state";

export type GateView = {
  waveKey: string;
  approvalRequired: boolean;
  needed: number;
  /** The approvals that count now, one per approver, each with when it stops counting (null: it does not expire). */
  approvals: { by: string; at: string; expiresAt: string | null }[];
  /** Approvals and confirmations given for this wave that no longer count, each with why. */
  lapsed: string[];
  /** Who is still needed, one line each ("needs 1 more approver: ana or ben"). */
  stillNeeded: string[];
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

const iso = (ms: number) => new Date(ms).toISOString();

const checkView = (c: { by: string; at: number; note: string } | null) =>
  c && { by: c.by, at: iso(c.at), note: c.note };

export function gateViewOf(g: Gates): GateView {
  return {
    waveKey: g.waveKey,
    approvalRequired: g.approvalRequired,
    needed: g.needed,
    approvals: g.approval.counted.map((a) => ({
      by: a.by,
      at: iso(a.at),
      expiresAt: a.expiresAt === null ? null : iso(a.expiresAt),
    })),
    lapsed: lapsedOf(g),
    stillNeeded: g.needs,
    authority: checkView(g.authority),
    resources: checkView(g.resources),
  };
}

export function standingOf(
  loaded: LoadedPlan,
  revision: RevisionRow,
  isLatest: boolean,
  now: number,
): Standing & { built: Gates | null } {
  // The live proposal at the latest revision, else the last checkpoint recorded there.
  const proposal = isLatest ? proposalOf(loaded, revision) : null;
  const recorded = loaded.checkpoints.filter((c) => c.revision === revision.number).at(-1) ?? null;
  if (proposal?.justFinished) {
    const wave = { justFinished: proposal.justFinished, nextWave: proposal.nextWave };
    const built = planStateOf(loaded, revision, wave, now);
    const gates = gateViewOf(built.gates);
    const admitted = loaded.checkpoints.some(
      (c) =>
        c.decision === "admit" && c.revision === revision.number && waveKey(c.nextWave) === gates.waveKey,
    );
    return {
      proposal,
      wave,
      audit: { ...runAudit(built.declaration), source: "now" },
      gates,
      admitted,
      built: built.gates,
    };
  }
  if (!isLatest && recorded)
    return {
      proposal,
      wave: { justFinished: recorded.justFinished, nextWave: recorded.nextWave },
      audit: { ...(recorded.audit as AuditResult), source: { checkpointId: recorded.id } },
      gates: null,
      admitted: false,
      built: null,
    };
  return { proposal, wave: null, audit: null, gates: null, admitted: false, built: null };
}
