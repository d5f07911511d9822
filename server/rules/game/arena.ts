// The arena (§14, §16), offline: tables dealt from one seed and played on the pure rules between chosen players, and
// the standings across them. The loop is a generator: a pure strategy is asked here, an outside program's decision is
// yielded to the door that talks to it, which sends back its reply (or the fault that stood for one). The same seed,
// players and replies give the same tables and the same standings on any machine.

import { createHash } from "node:crypto";
import { publicGame } from "./bot";
import { check } from "./check";
import { SEATS_MAX, SEATS_MIN } from "./constants";
import { derive } from "./derive";
import { readReply } from "./model";
import { seedBytes } from "./seed";
import { appendActs, dealtGame, turnsOf } from "./simulate";
import { frozen } from "../frozen";
import { botLuck } from "./strategies";
import type { Game, ProposedAct } from "./types";
import { checkWhisper } from "./whisper";
import { arenaPlayers } from "./arena-players";
import { standingsAcross, type ArenaFault, type ArenaStanding, type FaultKind } from "./arena-standings";
import { fail, ok, type Result } from "../result";

/** Where every arena table starts: a fixed moment, so a record replays the same on any day. */
export const ARENA_START = Date.parse("2026-01-01T00:00:00Z");
/** How long each player takes to act in the arena. */
export const ARENA_STEP_MS = 5 * 60_000;
/** The most tables one run plays (duplicate replays included). */
export const ARENA_TABLES_MAX = 10_000;

export type ArenaTable = {
  /** The dealt table's seed (with --duplicate, every rotation of one deal shares it). */
  seed: string;
  /** Which deal this is, counting from 0 (without --duplicate, the table's own number). */
  deal: number;
  players: string[];
  game: Game;
  status: "bound" | "ended";
  /** Outside programs' faults at this table, in order. */
  faults: ArenaFault[];
};

/**
 * An outside program's seat must act: the table (its number in the run, its seed, who sits where), the seat, and
 * the game as it stands — live: read it before replying, for the run goes on with it.
 */
export type ArenaDecision = {
  table: number;
  seed: string;
  players: readonly string[];
  seat: number;
  player: string;
  game: Game;
  now: number;
};

/** What the door brings back: the program's reply as it parsed it (JSON, id removed), or why there is none. */
export type ArenaReply = { reply: unknown } | { fault: Exclude<FaultKind, "refused">; reason: string };

export type ArenaInput = {
  tables: number;
  seats: number;
  players: readonly string[];
  seed: string;
  /** Play each dealt table once per rotation of the players around its seats (§16). */
  duplicate?: boolean;
};

export type ArenaOutcome = { tables: ArenaTable[]; standings: ArenaStanding[] };

/** Each dealt table's own seed: SHA-256 of the arena's seed and the table's number. */
const tableSeed = (seedHex: string, i: number) =>
  createHash("sha256").update(`${seedHex.toLowerCase()}:table:${i}`).digest("hex");

/**
 * Plays the run, yielding each decision of an outside program. Without `duplicate`, table i is dealt from its own
 * seed and seats the players in turn from player i (so each plays every seat position as often as the others); with
 * it, deal i is played once per rotation r of the P players (seat s held by player (r + s) mod P), P tables in a row.
 */
export function* arenaRun(input: ArenaInput): Generator<ArenaDecision, Result<ArenaOutcome>, ArenaReply> {
  const bytes = seedBytes(input.seed);
  if (!bytes.ok) return bytes;
  const rotations = input.duplicate ? input.players.length : 1;
  if (!Number.isInteger(input.tables) || input.tables < 1 || input.tables * rotations > ARENA_TABLES_MAX)
    return fail(
      "invalid",
      rotations > 1
        ? `Play from 1 to ${Math.floor(ARENA_TABLES_MAX / rotations)} deals (each played ${rotations} times, at most ${ARENA_TABLES_MAX} tables).`
        : `Play from 1 to ${ARENA_TABLES_MAX} tables.`,
    );
  if (!Number.isInteger(input.seats) || input.seats < SEATS_MIN || input.seats > SEATS_MAX)
    return fail("invalid", `A table has ${SEATS_MIN} to ${SEATS_MAX} seats.`);
  const players = arenaPlayers(input.players);
  if (!players.ok) return players;
  const n = players.value.length;
  const tables: ArenaTable[] = [];
  for (let d = 0; d < input.tables; d++) {
    const seed = tableSeed(input.seed, d);
    for (let r = 0; r < rotations; r++) {
      const first = input.duplicate ? r : d;
      const seated = Array.from({ length: input.seats }, (_, s) => players.value[(first + s) % n]!);
      const labels = seated.map((p) => p.label);
      // Its ledger is kept frozen, as a server keeps one: a view made at every decision then views each act once.
      const game = { ...dealtGame(seed, input.seats, { startedAt: ARENA_START }), acts: frozen([]) };
      const faults: ArenaFault[] = [];
      const number = tables.length;
      for (const { seat, now } of turnsOf(game, { stepMs: ARENA_STEP_MS })) {
        const player = seated[seat]!;
        if (player.strategy) {
          const proposed = player.strategy({
            seat,
            charge: game.charges[seat]!,
            game: publicGame(game),
            now,
            luck: botLuck(seed, seat),
            whispers: (game.whispers ?? []).filter((w) => w.from === seat || w.to === seat),
          });
          const act = check(game, seat, proposed, now);
          // A sound strategy never acts illegally; if one did, the run would stop, and the arena says so.
          if (!act.ok)
            return fail(
              "conflict",
              `Table ${number} stopped: ${player.label}'s act was refused (${act.message}).`,
            );
          appendActs(game, [act.value]);
          continue;
        }
        const answer = yield { table: number, seed, players: labels, seat, player: player.label, game, now };
        const fault = takeReply(game, seat, answer, now);
        if (fault) faults.push(...fault);
      }
      const end = derive(game, game.startedAt + game.deadlineMs).status;
      tables.push({
        seed,
        deal: d,
        players: labels,
        game,
        status: end === "bound" ? "bound" : "ended",
        faults,
      });
    }
  }
  return ok({ tables, standings: standingsAcross(tables) });
}

/**
 * An outside program's reply taken at its turn, as the server takes a model player's (§13): the act, checked like
 * anyone's, then its whispers, each judged like anyone's. A fault, a malformed reply or a refused act is a pass, and
 * a fault; a refused whisper is dropped (the act stands), and a fault too. Returns the faults, if any.
 */
function takeReply(game: Game, seat: number, answer: ArenaReply, now: number): ArenaFault[] | null {
  const at = game.acts.length;
  const pass = (kind: FaultKind, reason: string): ArenaFault[] => {
    appendActs(game, [{ type: "pass", at: now }]);
    return [{ seat, act: at, kind, reason }];
  };
  if ("fault" in answer) return pass(answer.fault, answer.reason);
  const read = readReply(answer.reply);
  if (!read.ok) return pass("malformed", read.message);
  const act = check(game, seat, read.value.proposed as ProposedAct, now);
  if (!act.ok) return pass("refused", act.message);
  appendActs(game, [act.value]);
  const faults: ArenaFault[] = [];
  read.value.whispers.forEach((raw, i) => {
    const w = checkWhisper(game, seat, raw, now);
    if (w.ok) (game.whispers ??= []).push(w.value);
    else
      faults.push({
        seat,
        act: at,
        kind: "refused",
        reason: `whisper ${i} dropped (the act stood): ${w.message}`,
      });
  });
  return faults.length ? faults : null;
}

/** Plays a run of pure strategies only (an outside program needs a door: the CLI's `cmd:` players). */
export function playArena(input: ArenaInput): Result<ArenaOutcome> {
  const run = arenaRun(input);
  const step = run.next();
  if (step.done) return step.value;
  return fail("invalid", `"${step.value.player}" is an outside program: play it with \`npx parley arena\`.`);
}

export { ARENA_PLAYERS, arenaPlayers } from "./arena-players";
export {
  FAULT_KINDS,
  meanInterval,
  seatRecords,
  standingsAcross,
  type ArenaFault,
  type ArenaStanding,
  type FaultKind,
  type SeatRecord,
} from "./arena-standings";
