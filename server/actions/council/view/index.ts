// The per-viewer view of a round table: the one way a table leaves the actions (read, wait, minutes, sweep).
export { viewOf, type CouncilView } from "./council";
export type { AnswerView, RoundView } from "./rounds";
export { lensOf, type SeatView } from "./seats";
export type { YourRound } from "./your-round";
