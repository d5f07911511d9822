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
} from "./constants";
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
} from "./replies";
export { parseReplyText, type JsonObject } from "./reply-text";
export {
  parseState,
  quorumProblem,
  valuesKeywordsOf,
  type CouncilState,
  type StateAgent,
  type StateFinal,
  type StateRound,
} from "./state";
export {
  VERDICTS,
  inspect,
  judge,
  type InspectResult,
  type Inspection,
  type InspectorRow,
  type Verdict,
} from "./inspect";
export {
  vote,
  type CastVote,
  type EscalationKind,
  type EscalationReason,
  type Problem,
  type ProblemKind,
  type Tally,
  type VoteResult,
} from "./vote";
export { renderPrompt, type PromptInput } from "./prompts";
export { AXES_MAX, AXES_MIN, draftAxes } from "./axes";
export { liveSeats, type Council, type Seat, type SeatStatus } from "./council";
export {
  afterBadReply,
  emptySeat,
  missedDeadline,
  nextStep,
  roundStatus,
  type NextStep,
  type RoundStatus,
} from "./lifecycle";
export { fromState, toState } from "./convert";
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
} from "./progress";
export { ROUND_REMINDER_MS, roundReminderDue } from "./notices";
export { MODEL_TRIES_MAX, nextTryAt } from "./retry";
export { hideReplyProse, replyProse } from "./hidden";
