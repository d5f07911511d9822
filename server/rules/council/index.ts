// The Round Table's rules: the public surface every door and action imports (nothing reaches past it).
export {
  AGGREGATORS,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  DEFAULT_AGGREGATOR,
  DEFAULT_SEATS,
  DEFAULT_VALUES_KEYWORDS,
  DEFERENCE_MAX_OTHERS,
  EARLY_STOP_MIN,
  FIT_MAX,
  FORBIDDEN_FINAL_CONFIDENCE,
  HABIT_MAX,
  NO_CHANGE,
  OPTIONS_MAX,
  OPTIONS_MIN,
  QUESTION_MAX,
  RATIONALE_MAX,
  REPROMPTS,
  ROUND_DEADLINE_DEFAULT_MS,
  ROUND_DEADLINE_MAX_MS,
  ROUND_DEADLINE_MIN_MS,
  ROUNDS,
  SEAT_NAME_MAX,
  SEATS_MAX,
  SEATS_MIN,
  SPLIT_THRESHOLD,
  UNANIMITY_MIN,
  type Aggregator,
} from "@/server/rules/council/constants";
export { FIT_ASKS, FIT_KEYS, type Fit, type FitKey } from "@/server/rules/council/fit";
export {
  REPLY_FIELDS,
  ROUND_NAMES,
  ROUND_NUMBERS,
  replySchemas,
  stanceOf,
  validateReply,
  type Answer,
  type Reply,
  type ReplyContext,
  type ReplyFor,
  type Round1Reply,
  type Round2Reply,
  type Round3Reply,
  type Round4Reply,
  type RoundNumber,
} from "@/server/rules/council/replies";
export { parseReplyText, type JsonObject } from "@/server/rules/council/reply-text";
export {
  parseState,
  quorumProblem,
  valuesKeywordsOf,
  type CouncilState,
  type StateAgent,
  type StateFinal,
  type StateRound,
} from "@/server/rules/council/state";
export {
  VERDICTS,
  inspect,
  judge,
  type InspectResult,
  type Inspection,
  type InspectorRow,
  type Verdict,
} from "@/server/rules/council/inspect";
export {
  vote,
  type CastVote,
  type EscalationKind,
  type EscalationReason,
  type Problem,
  type ProblemKind,
  type Tally,
  type VoteResult,
} from "@/server/rules/council/vote";
export { renderPrompt, type PromptInput } from "@/server/rules/council/prompts";
export { AXES_MAX, AXES_MIN, draftAxes } from "@/server/rules/council/axes";
export {
  AXES_SYSTEM,
  readDraftedAxes,
  renderAxesPrompt,
  type AxesPromptInput,
} from "@/server/rules/council/axes-draft";
export { liveSeats, type Council, type Seat, type SeatStatus } from "@/server/rules/council/council";
export {
  afterBadReply,
  emptySeat,
  missedDeadline,
  nextStep,
  roundStatus,
  type NextStep,
  type RoundStatus,
} from "@/server/rules/council/lifecycle";
export { fromState, toState } from "@/server/rules/council/convert";
export {
  FINAL_VERDICTS,
  countVerdict,
  isFinal,
  standing,
  type CloseReason,
  type Due,
  type FinalVerdict,
  type Phase,
  type Progress,
  type RoundRecord,
  type Standing,
  type VerdictRecord,
} from "@/server/rules/council/progress";
export { ROUND_REMINDER_MS, roundReminderDue, roundReminderLead } from "@/server/rules/council/notices";
export { MODEL_TRIES_MAX, nextTryAt } from "@/server/rules/council/retry";
