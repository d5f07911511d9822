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
  SEED_BYTES,
  quorumFor,
} from "./constants";
export { CLAUSE_POOL, settingsOf, type ClauseEntry } from "./pool";
export type {
  Accord,
  Act,
  Aim,
  Charge,
  Claim,
  Deal,
  Game,
  ProposedAct,
  PublicGame,
  Said,
  SaidEntry,
  StandingOffer,
  Status,
  Sworn,
  Whisper,
} from "./types";
export { score } from "./score";
export { commitment } from "./seed";
export { deal, dealOutput, validateDealInput } from "./deal";
export { validateTableSettings, type TableSettings, type TableSettingsInput } from "./settings";
export { derive, seatOfAct, type Derived } from "./derive";
export { markLedger, type LedgerMark } from "./ledger";
export { check, checkWithDue, WHISPERED_LATER } from "./check";
export { may, yourPayoff, type May } from "./may";
export { standings, type Standing } from "./standings";
export { view, type GameView, type ViewAct } from "./view";
export { checkWhisper, whispered, whispersEndAt, type ViewWhisper } from "./whisper";
export { chooseBotAct, publicGame, type BotInput } from "./bot";
export { BOT_STRATEGIES, botLuck, HOUSE_BOTS, strategyOf, whisperLuck, type BotStrategy } from "./strategies";
export { botWhisper, type TalkSeen } from "./talk";
export { REFERENCE_PLAYERS, type Player } from "./reference";
export { playBotTable, type BotTableOptions } from "./simulate";
export {
  ARENA_PLAYERS,
  ARENA_START,
  ARENA_STEP_MS,
  arenaPlayers,
  arenaRun,
  FAULT_KINDS,
  playArena,
  seatRecords,
  standingsAcross,
  type ArenaDecision,
  type ArenaFault,
  type ArenaInput,
  type ArenaOutcome,
  type ArenaReply,
  type ArenaStanding,
  type ArenaTable,
  type FaultKind,
  type SeatRecord,
} from "./arena";
export {
  MODEL_SYSTEM,
  MODEL_WHISPERS_PER_REPLY,
  modelPrompt,
  modelTable,
  readModelReply,
  scriptedPlayerReply,
  type ModelPlayerFacts,
  type ModelReply,
  type ModelTable,
} from "./model";
export { toRecord, type RecordAct, type TableRecord } from "./record";
export { replay, type ReplayOutput, type ReplayRefusal, type ReplayResult } from "./replay";
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
