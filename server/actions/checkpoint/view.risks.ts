// A plan's risks as they stood at one revision: the latest assessment there, its history, whether to reassess.
import { stillToReassess, UNRESOLVED_SEVERITIES, type RiskSeverity } from "../../rules/checkpoint";
import type { AssessmentRow, LoadedPlan, RevisionRow } from "./loaded";

export type RiskView = {
  id: string;
  severity: RiskSeverity;
  revision: number;
  affectedNodes: string[];
  evidenceHash: string;
  unresolved: boolean;
  toReassess: boolean;
  history: (Omit<AssessmentRow, "at"> & { at: string })[];
};

/** `reportedAt` is when each node's evidence at this revision was reported, which is what a reassessment must follow. */
export function risksAt(
  loaded: LoadedPlan,
  revision: RevisionRow,
  justFinished: readonly string[] | null,
  reportedAt: ReadonlyMap<string, number>,
): RiskView[] {
  const risks: RiskView[] = loaded.risks.flatMap((risk) => {
    const history = risk.assessments.filter((a) => a.revision <= revision.number);
    const now = history.at(-1);
    if (!now) return [];
    return [
      {
        id: risk.id,
        severity: now.severity,
        revision: now.revision,
        affectedNodes: now.affectedNodes,
        evidenceHash: now.evidenceHash,
        unresolved: UNRESOLVED_SEVERITIES.includes(now.severity),
        toReassess: false,
        history: history.map((a) => ({ ...a, at: a.at.toISOString() })),
      },
    ];
  });
  const flagged = new Set(
    justFinished
      ? stillToReassess(
          risks.map((r) => ({ ...r, assessedAt: Date.parse(r.history.at(-1)!.at) })),
          justFinished,
          revision.number,
          reportedAt,
        )
      : [],
  );
  for (const r of risks) r.toReassess = flagged.has(r.id);
  return risks;
}
