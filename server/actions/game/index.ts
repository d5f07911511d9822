// The Sworn & Said actions: every door calls these and decides nothing itself.
export { arenaPlayer, arenaStandings, type ArenaPlayerTable, type ArenaRow } from "./arena";
export { openTable, joinTable, leaveTable, fillWithBots, startTable, ZOpenTable } from "./tables";
export {
  ZInvite,
  inviteToTable,
  setTableVisibility,
  withdrawTableInvitation,
  answerTableInvitation,
} from "./admission";
export { whisper, ZWhisper, type WhisperAnswer } from "./whisper";
export { seatModel, ZSeatModel } from "./modelSeat";
export { runModelPlayers, OUTCOMES as MODEL_OUTCOMES, type ModelRun as GameModelRun } from "./models";
export { act, ZOffer, ZAccept, ZPass, ZClaim, ZSaid, type ActType, type ActAnswer } from "./play";
export { verifyDeal, type DealCheck } from "./verify";
export {
  listTables,
  tableState,
  tableRecord,
  type TableState,
  type TableSummary,
  type TableStatus,
} from "./read";
export { waitForTurn, WAIT_MAX_MS } from "./wait";
export { loadTable, tableAhead } from "./load";
export { tableReadable } from "./seats";
export { sweepTables } from "./sweep";
export { runBots } from "./bots";
export { offlineTableState, type OfflineSeat, type OfflineTable } from "./offline";
export type { LoadedTable } from "./loaded";
