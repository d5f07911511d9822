// The Round Table actions: every door calls these and decides nothing itself.
export { convene, prepareConvening, writeConvening, type Convening, ZConvene } from "./convene";
export { answerRound, ZAnswer } from "./answer";
export { confirmStep, setAxes, recordRuling, ZConfirm, ZAxes, ZRuling } from "./facilitate";
export { councilState, listCouncils, type CouncilSummary } from "./read";
export { listDecisions } from "./decisions";
export { waitForRound, WAIT_MAX_MS } from "./wait";
export { exportState, importState } from "./exchange";
export { councilMinutes } from "./minutes";
export type { MinutesDoc } from "./markdown";
export { announceChange } from "./events";
export { loadCouncil, lockCouncil } from "./load";
export { runModelSeats } from "./models";
export { sweepCouncils } from "./sweep";
export { seedCouncilDemo, renewLiveDemo } from "./demo";
export { kickModels, setModelKicker } from "./common";
export { COUNCIL_INVARIANTS } from "./invariants";
export { replaceSeat, setCouncilVisibility, ZReplaceSeat } from "./consent";
export type { AnswerView, CouncilView, RoundView, YourRound } from "./view";
