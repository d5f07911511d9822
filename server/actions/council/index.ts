// The Round Table actions: every door calls these and decides nothing itself.
export {
  convene,
  prepareConvening,
  writeConvening,
  type Convening,
  ZConvene,
  SOUL_SOURCES,
  WEARERS,
  type ConveneInput,
} from "./convene";
export { answerRound, ZAnswer } from "./answer";
export { axesDrafters, draftAxesByModel, ZDraftAxes, type Drafting } from "./axes";
export { confirmStep, setAxes, recordRuling, ZConfirm, ZAxes, ZRuling, NO_DECISION } from "./facilitate";
export { councilState, listCouncils, type CouncilSummary } from "./read";
export { listDecisions, type DecisionLine } from "./decisions";
export { waitForRound, WAIT_MAX_MS } from "./wait";
export { exportState, importState } from "./exchange";
export { councilMinutes, minutesMarkdown } from "./minutes";
export { runModelSeats, type ModelRun } from "./models";
export { sweepCouncils } from "./sweep";
export { seedCouncilDemo, renewLiveDemo } from "./demo";
export { kickModels, setModelKicker } from "./common";
export { COUNCIL_INVARIANTS } from "./invariants";
export { answerCouncilInvitation, replaceSeat, setCouncilVisibility, ZReplaceSeat } from "./consent";
export type {
  AnswerView,
  CallView,
  CouncilMay,
  CouncilView,
  FailureView,
  PhaseView,
  ResultView,
  RoundView,
  SeatView,
  VerdictView,
  VoteRow,
  YourRound,
} from "./view";
