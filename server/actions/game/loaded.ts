// The table as a read hands it on: its row, its seats in order, its members, and the rules' Game.
import type { Game } from "../../rules/game";
import type { ModerationRow } from "../moderation/view";

export type SeatRow = {
  id: number;
  position: number;
  userId: number | null;
  agentId: number | null;
  botName: string | null;
  charge: unknown;
  /** "taken", or "invited": the seat holds its place until its invitee answers. */
  status: string;
  /** Whom the host invited, as named (shown until the invitation is accepted). */
  invitee: string | null;
  /** A model player's provider, model id, base URL and script (game.md §13); null for anyone else. */
  modelProvider: string | null;
  modelName: string | null;
  modelBaseUrl: string | null;
  modelScript: unknown;
  user: { name: string } | null;
  agent: { name: string; ownerId: number } | null;
};

export type LoadedTable = {
  table: {
    id: number;
    title: string;
    /** The person who hosts, or whose agent does (they answer for it, and may act as its host). */
    hostId: number;
    /** The agent that opened the table and sits in seat 1, when an agent hosts; null when a person does. */
    hostAgentId: number | null;
    /** The host's name as shown: the agent's when an agent hosts. */
    host: { name: string };
    seatsMax: number;
    turnWindowMs: number;
    deadlineMs: number;
    createdAt: Date;
    startedAt: Date | null;
    seed: string | null;
    commitment: string | null;
    charter: unknown;
    finishedAt: Date | null;
    outcome: string | null;
    autoStart: boolean;
    visibility: string;
    modelBudgetTokens: number | null;
    modelBudgetUsd: number | null;
  };
  /** In the order of sitting; a seat's index in this array is its seat index in the rules. */
  seats: SeatRow[];
  /** The people who joined with an invite link (members, not seats). */
  members: number[];
  /** The rules' Game, once started; a text a moderator hid already reads HIDDEN_TEXT in it. */
  game: Game | null;
  /** The moderation log's acts about this table, oldest first (what a hidden text said is kept for admins). */
  moderation: ModerationRow[];
  /** Model players' finished calls (game.md §13), oldest first: usage and what came of each, never its words. */
  modelCalls: ModelCallRow[];
  /** Only when this is the table as the process kept it, unread (keptTable): what a write on it must find still so. */
  asKept?: AsKept;
};

/** The stamp of the table's parts and the id of its last act (null: none), as a process kept them. */
export type AsKept = { stamp: string; lastId: number | null };

export type ModelCallRow = {
  seat: number;
  turn: number;
  outcome: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
  latencyMs: number | null;
};
