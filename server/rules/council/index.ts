// The Round Table's rules: the public surface every door and action imports (nothing reaches past it).
export {
  AGGREGATORS,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  DEFAULT_AGGREGATOR,
  DEFAULT_VALUES_KEYWORDS,
  FIT_MAX,
  FORBIDDEN_FINAL_CONFIDENCE,
  HABIT_MAX,
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
  type Aggregator,
} from "./constants";
export { FIT_ASKS, FIT_KEYS, type Fit } from "./fit";
export {
  REPLY_FIELDS,
  ROUND_NAMES,
  stanceOf,
  validateReply,
  type Answer,
  type Reply,
  type ReplyContext,
  type RoundNumber,
} from "./replies";
export { parseReplyText } from "./reply-text";
export { parseState, valuesKeywordsOf, type CouncilState } from "./state";
export { inspect } from "./inspect";
export { vote, type VoteResult } from "./vote";
export { renderPrompt, type PromptInput } from "./prompts";
export { AXES_MAX, AXES_MIN, draftAxes } from "./axes";
export { AXES_SYSTEM, readDraftedAxes, renderAxesPrompt } from "./axes-draft";
export { type Council } from "./council";
export { afterBadReply, emptySeat, missedDeadline, nextStep, roundStatus } from "./lifecycle";
export { fromState, toState } from "./convert";
export {
  countVerdict,
  isFinal,
  standing,
  type Due,
  type Phase,
  type Progress,
  type RoundRecord,
  type VerdictRecord,
} from "./progress";
export { ROUND_REMINDER_MS, roundReminderDue, roundReminderLead } from "./notices";
export { nextTryAt } from "./retry";
export { hideReplyProse, replyProse } from "./hidden";
