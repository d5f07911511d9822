// A plan's history as its reader sees it: every revision in the chain, the outcome log, every recorded checkpoint.
import type { AuditResult, OutcomeStatus } from "../../rules/checkpoint";
import { adviceBeside, type Advice } from "./advice";
import type { Actor, LoadedPlan } from "./loaded";

export type RevisionSummary = {
  number: number;
  parentNumber: number | null;
  author: Actor;
  createdAt: string;
  rationale: string;
  superseded: boolean;
  counts: { added: number; removed: number; rewired: number; held: number };
};

export type OutcomeView = {
  nodeId: string;
  revision: number;
  status: OutcomeStatus;
  evidenceHash: string;
  provenance: string;
  by: Actor | null;
  at: string;
};

export type CheckpointView = {
  id: number;
  revision: number;
  decision: string;
  justFinished: string[];
  nextWave: string[];
  rationale: string;
  by: Actor | null;
  at: string;
  declarationValid: boolean;
  eligibleToAdmit: boolean;
  findings: { id: string; message: string }[];
  councilId: number | null;
  advice: Advice | null;
};

/** The page shows the latest reports; the whole log stays in the ledger. */
const OUTCOME_LOG_MAX = 100;

const iso = (d: Date) => d.toISOString();

/** Oldest first, the latest not superseded; an added count leaves out revision 1, whose every node is new. */
export function revisionsOf(loaded: LoadedPlan): RevisionSummary[] {
  const latest = loaded.revisions.at(-1)!;
  return loaded.revisions.map((r) => ({
    number: r.number,
    parentNumber: r.parentNumber,
    author: r.author,
    createdAt: iso(r.createdAt),
    rationale: r.rationale,
    superseded: r.number !== latest.number,
    counts: {
      added: r.parentNumber === null ? 0 : r.changes.added.length,
      removed: r.changes.removed.length,
      rewired: r.changes.rewired.length,
      held: r.holds.length,
    },
  }));
}

/** Newest first. */
export function outcomeLogOf(loaded: LoadedPlan): OutcomeView[] {
  return loaded.outcomes
    .slice(-OUTCOME_LOG_MAX)
    .reverse()
    .map((o) => ({
      nodeId: o.nodeId,
      revision: o.revision,
      status: o.status,
      evidenceHash: o.evidenceHash,
      provenance: o.provenance,
      by: o.by,
      at: iso(o.at),
    }));
}

/** Newest first, each with the audit it was decided on and any advice (`unrecorded`: derived, not yet written). */
export function checkpointsOf(loaded: LoadedPlan, unrecorded: ReadonlyMap<number, Advice>): CheckpointView[] {
  return loaded.checkpoints
    .slice()
    .reverse()
    .map((c) => {
      const a = c.audit as AuditResult;
      return {
        id: c.id,
        revision: c.revision,
        decision: c.decision,
        justFinished: c.justFinished,
        nextWave: c.nextWave,
        rationale: c.rationale,
        by: c.by,
        at: iso(c.at),
        declarationValid: a.declarationValid,
        eligibleToAdmit: a.eligibleToAdmit,
        findings: a.findings.map((f) => ({ id: f.id, message: f.message })),
        councilId: c.councilId,
        advice: adviceBeside(c, unrecorded),
      };
    });
}
