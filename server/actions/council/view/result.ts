// The table's result, counted again from the record: the same vote over the same exported state the CLI reads.
import { isFinal, toState, vote } from "../../../rules/council";
import { rulesCouncil, type LoadedCouncil } from "../load";
import { lensOf } from "./seats";

export type VoteRow = {
  name: string;
  lens: string;
  vote: string;
  confidence: number;
  rationale: string;
  dissentNote: string | null;
};

export type ResultView = {
  kind: "decided" | "escalated" | "reprompt";
  afterRound: number;
  winner: string | null;
  /** The decision block, line by line, exactly as `parley council vote` prints it for the exported state. */
  lines: string[];
  tally: { option: string; sum: number; count: number }[];
  weightedConfidence: { sum: number; max: number; percent: number } | null;
  votes: VoteRow[];
  reasons: string[];
};

export function resultOf(l: LoadedCouncil): ResultView | null {
  const final = l.verdicts.find((v) => isFinal(v.verdict));
  if (!final) return null;
  const council = rulesCouncil(l);
  if (final.afterRound === 4) {
    const r = vote(toState(council));
    if (r.kind === "decided" || r.kind === "escalated")
      return {
        kind: r.kind,
        afterRound: 4,
        winner: r.winner,
        lines: r.lines,
        tally: r.tally,
        weightedConfidence: r.weightedConfidence,
        votes: r.votes.map((v) => ({ ...v, lens: lensOf(v.name) })),
        reasons: r.reasons.map((x) => x.text),
      };
    if (r.kind === "reprompt")
      return {
        kind: "reprompt",
        afterRound: 4,
        winner: null,
        lines: r.lines,
        tally: [],
        weightedConfidence: null,
        votes: [],
        reasons: [],
      };
  }
  // A final verdict the vote does not count (the inspector's before round 4, or a record the vote calls invalid):
  // the verdict's own line is the whole result.
  return {
    kind: "escalated",
    afterRound: final.afterRound,
    winner: null,
    lines: final.line.split("\n"),
    tally: [],
    weightedConfidence: null,
    votes: [],
    reasons: [final.line.replace(/^ESCALATE: /, "")],
  };
}
