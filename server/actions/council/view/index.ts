// The per-viewer view of a round table: the one way a table leaves the actions (read, wait, minutes, sweep).
export { viewOf, type CouncilView } from "./council";
export type { CouncilMay } from "./may";
export type { PhaseView } from "./phase";
export type { CallView, VerdictView } from "./record";
export type { ResultView, VoteRow } from "./result";
export type { AnswerView, FailureView, RoundView } from "./rounds";
export { lensOf, type SeatView, type Wearer } from "./seats";
export type { YourRound } from "./your-round";
