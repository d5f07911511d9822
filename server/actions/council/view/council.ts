// One round table as one viewer may see it, put together from its parts; what an open round keeps sealed is
// decided in ./rounds alone.
import { moderationLog, type ModerationEntry } from "../../moderation/view";
import type { Who } from "../../../identity";
import { standing, type Fit } from "../../../rules/council";
import { VISIBILITY_TEXT, type Visibility } from "../../../rules/access";
import { personOf } from "../../access";
import { axesDrafters } from "../axes";
import { axesDraft, NO_DECISION } from "../facilitate";
import { isFacilitator, progressOf, rulesCouncil, seatOf, type LoadedCouncil } from "../load";
import { iso } from "./iso";
import { mayOf, type CouncilMay } from "./may";
import { phaseView, statusOf, type PhaseView } from "./phase";
import {
  callsView,
  rulingView,
  verdictsView,
  type CallView,
  type RulingView,
  type VerdictView,
} from "./record";
import { resultOf, type ResultView } from "./result";
import { failuresView, roundsView, type FailureView, type RoundView } from "./rounds";
import { seatsView, type SeatView } from "./seats";
import { yourRoundOf, type YourRound } from "./your-round";

export type CouncilView = {
  id: number;
  question: string;
  /** Step 0: the convener's three sentences; null for an imported record, which had none. */
  fit: Fit | null;
  context: string;
  options: string[];
  aggregator: string;
  valuesKeywords: string[];
  roundDeadlineMs: number;
  facilitator: { id: number; name: string };
  createdAt: string;
  closedAt: string | null;
  imported: boolean;
  /** The state file's id (an imported record's own, else this table's number). */
  stateId: string;
  demo: boolean;
  /** Who may read it, and that in words. */
  visibility: Visibility;
  visibilityText: string;
  /** Seats this viewer is invited to and may answer for (their own, or their agents'). */
  invitations: { seat: string; agentId: number | null }[];
  /** What moderators did here, oldest first (a hidden text's original for admins only). */
  moderation: ModerationEntry[];
  status: string;
  phase: PhaseView;
  seats: SeatView[];
  rounds: RoundView[];
  failures: FailureView[];
  calls: CallView[];
  verdicts: VerdictView[];
  axes: string[] | null;
  /** The draft of the axes on offer, once rounds 1–2 are closed and until round 3 opens: a model's, or the template's. */
  draftAxes: string[] | null;
  /** Who drafted it: a model (seat or provider · model), or null for the engine's template. */
  draftAxesBy: string | null;
  /** Where the axes came from: model, model-edited, template or facilitator; null until they are written. */
  axesSource: "model" | "model-edited" | "template" | "facilitator" | null;
  /** The same in words, as the minutes say it ("drafted by the finance soul (…), edited by the facilitator"). */
  axesFrom: string | null;
  /** Whom the facilitator may ask to draft the axes: the table's model seats, and providers with keys set. */
  axesDrafters: { seats: string[]; providers: string[] };
  result: ResultView | null;
  ruling: RulingView | null;
  noDecision: string;
  you: { facilitator: boolean; seat: string | null };
  yourRound: YourRound | null;
  may: CouncilMay;
  now: string;
};

const AXES_SOURCES = ["model", "model-edited", "template", "facilitator"] as const;
const axesSourceOf = (l: LoadedCouncil): CouncilView["axesSource"] =>
  (AXES_SOURCES as readonly string[]).includes(l.axesSource ?? "")
    ? (l.axesSource as CouncilView["axesSource"])
    : null;

/** Where the axes came from, in words; null until written (or for a table from before this was recorded). */
function axesFromOf(l: LoadedCouncil): string | null {
  const by = l.axesDraftBy ?? "a model";
  switch (axesSourceOf(l)) {
    case "model":
      return `drafted by ${by} from the transcript, unedited`;
    case "model-edited":
      return `drafted by ${by} from the transcript, edited by the facilitator`;
    case "template":
      return "the engine's template draft (no model drafted them)";
    case "facilitator":
      return "written by the facilitator";
    default:
      return null;
  }
}

/** The invited seats `who` answers for: their own, or (a person) their agents'. */
export function invitationsOf(l: LoadedCouncil, who: Who): { seat: string; agentId: number | null }[] {
  const p = personOf(who);
  return l.seats.flatMap((s) =>
    s.consent === "invited" &&
    (who.kind === "agent"
      ? s.agentId === who.agentId
      : p !== null && (s.userId === p || (s.agentId !== null && s.agent?.ownerId === p)))
      ? [{ seat: s.name, agentId: s.agentId }]
      : [],
  );
}

export function viewOf(l: LoadedCouncil, who: Who, now: number): CouncilView {
  const mine = seatOf(l, who);
  const facilitator = isFacilitator(l, who);
  const phase = phaseView(l, l.imported ? null : standing(progressOf(l), now).phase);
  const result = resultOf(l);
  const yourRound = yourRoundOf(l, mine);
  const draft = l.rounds.some((r) => r.round >= 3) ? null : axesDraft(l);
  return {
    id: l.id,
    question: l.question,
    fit: l.fit,
    context: l.context,
    options: l.options,
    aggregator: l.aggregator,
    valuesKeywords: l.valuesKeywords,
    roundDeadlineMs: l.roundDeadlineMs,
    facilitator: { id: l.facilitatorId, name: l.facilitator.name },
    createdAt: l.createdAt.toISOString(),
    closedAt: iso(l.closedAt),
    imported: l.imported,
    stateId: rulesCouncil(l).id,
    demo: l.demo !== null,
    visibility: l.visibility as Visibility,
    visibilityText: VISIBILITY_TEXT[l.visibility as Visibility] ?? VISIBILITY_TEXT.invited,
    invitations: invitationsOf(l, who),
    moderation: moderationLog(
      l.moderation,
      who,
      "the round table",
      (id) => l.seats.find((s) => s.id === id)?.name ?? null,
    ),
    status: statusOf(l, phase, result),
    phase,
    seats: seatsView(l, mine),
    rounds: roundsView(l, mine),
    failures: failuresView(l, mine),
    calls: callsView(l),
    verdicts: verdictsView(l),
    axes: l.axes,
    draftAxes: draft?.axes ?? null,
    draftAxesBy: draft?.by ?? null,
    axesSource: axesSourceOf(l),
    axesFrom: axesFromOf(l),
    axesDrafters: facilitator ? axesDrafters(l) : { seats: [], providers: [] },
    result,
    ruling: rulingView(l),
    noDecision: NO_DECISION,
    you: { facilitator, seat: mine?.name ?? null },
    yourRound,
    may: mayOf(l, { mine, facilitator, phase, yourRound }),
    now: new Date(now).toISOString(),
  };
}
