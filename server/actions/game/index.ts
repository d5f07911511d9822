// The Sworn & Said actions: every door calls these and decides nothing itself.
export { arenaPlayer, arenaStandings, type ArenaRow } from "./arena";
export { openTable, joinTable, leaveTable, fillWithBots, startTable, ZOpenTable } from "./tables";
export {
  ZInvite,
  inviteToTable,
  setTableVisibility,
  withdrawTableInvitation,
  answerTableInvitation,
} from "./admission";
export { whisper, ZWhisper } from "./whisper";
export { seatModel, ZSeatModel } from "./modelSeat";
export { runModelPlayers } from "./models";
export { act, ZOffer, ZAccept, ZPass, ZClaim, ZSaid, type ActAnswer } from "./play";
export { verifyDeal } from "./verify";
export {
  listTables,
  tableState,
  tableRecord,
  type TableState,
  type TableSummary,
  type LobbyMay,
} from "./read";
export { waitForTurn, WAIT_MAX_MS } from "./wait";
export { loadTable, tableAhead } from "./load";
export { tableReadable } from "./seats";
export { settleClock } from "./append";
export { tableAndLobby } from "./events";
export { seedGameDemo } from "./demo";
export { sweepTables } from "./sweep";
export { runBots } from "./bots";
export { offlineTableState, type OfflineTable } from "./offline";
export type { LoadedTable } from "./loaded";
