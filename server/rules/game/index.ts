// The public surface of the Sworn & Said rules engine (docs/game.md); import from here only.

export {
  SEATS_MIN,
  SEATS_MAX,
  SEATS_DEFAULT,
  CHARTER_CLAUSES,
  AIM_WEIGHTS,
  FALLBACK_MIN,
  FALLBACK_MAX,
  TURN_WINDOW_MIN_MS,
  TURN_WINDOW_MAX_MS,
  TURN_WINDOW_DEFAULT_MS,
  DEADLINE_MIN_MS,
  DEADLINE_MAX_MS,
  DEADLINE_DEFAULT_MS,
  DEADLINE_MIN_WINDOWS,
  SAID_MAX,
  SAID_CLAIMS_MAX,
  WHISPERS_PER_SEAT,
  TITLE_MIN,
  TITLE_MAX,
  quorumFor,
} from "./constants";
export { CLAUSE_POOL, settingsOf } from "./pool";
export type { Accord, Act, Charge, Claim, Game, ProposedAct, Said, SaidEntry, Sworn } from "./types";
export { score } from "./score";
export { commitment } from "./seed";
export { deal, dealOutput, validateDealInput } from "./deal";
export { validateTableSettings } from "./settings";
export { derive, type Derived } from "./derive";
export { markLedger, type LedgerMark } from "./ledger";
export { check, checkWithDue, WHISPERED_LATER } from "./check";
export { may, type May } from "./may";
export { type Standing } from "./standings";
export { view, type GameView, type ViewAct } from "./view";
export { checkWhisper, type ViewWhisper } from "./whisper";
export { chooseBotAct, publicGame } from "./bot";
export { BOT_STRATEGIES, botLuck, HOUSE_BOTS, strategyOf, whisperLuck, type BotStrategy } from "./strategies";
export { botWhisper } from "./talk";
export { playBotTable } from "./simulate";
export {
  ARENA_PLAYERS,
  ARENA_START,
  arenaRun,
  FAULT_KINDS,
  seatRecords,
  standingsAcross,
  type ArenaDecision,
  type ArenaReply,
  type ArenaStanding,
  type SeatRecord,
} from "./arena";
export {
  modelPrompt,
  modelTable,
  readModelReply,
  scriptedPlayerReply,
  type ModelPlayerFacts,
  type ModelTable,
} from "./model";
export { toRecord, type RecordAct, type TableRecord } from "./record";
export { replay } from "./replay";
export { WORKED_EXAMPLE } from "./worked-example";
export {
  fillRefusal,
  guestRefusal,
  inviteRefusal,
  joinRefusal,
  leaveRefusal,
  lobbyMay,
  MODEL_PEOPLE_ONLY,
  modelRefusal,
  startRefusal,
  type LobbyFacts,
  type LobbyMay,
} from "./lobby";
export {
  noticesAfter,
  noticesAtStart,
  reminderDue,
  reminderLeadMs,
  REMINDER_LEAD_MAX_MS,
  REMINDER_LEAD_SHARE,
  type GameNotice,
} from "./notices";
