// Who may play in the arena (§14, §16): the pure strategies by label — one line each — and outside programs
// (`cmd:NAME`), which the rules only name: a door asks them for their acts.

import { fail, ok, type Result } from "../result";
import { chooseBotAct } from "./bot";
import { REFERENCE_PLAYERS } from "./reference";
import { BOT_STRATEGIES, type BotStrategy } from "./strategies";
import type { Charge, ProposedAct, PublicGame, Whisper } from "./types";

/** All a pure strategy reads for its seat: its charge, the public record, the moment, and its own luck. */
export type ArenaSeatInput = {
  seat: number;
  charge: Charge;
  game: PublicGame & { charges?: never };
  now: number;
  /** Its own stream's seed (botLuck of the table's seed and the seat): the same draws on every replay. */
  luck: Uint8Array;
  /** The whispers its seat sent or received (§12), in time order: never another pair's. */
  whispers: readonly Whisper[];
};

/** A pure strategy: the act it proposes for its seat, which the rules then check like anyone's. */
export type ArenaStrategy = (input: ArenaSeatInput) => ProposedAct;

const bot =
  (strategy: BotStrategy): ArenaStrategy =>
  (input) =>
    chooseBotAct({ ...input, strategy });

/**
 * The pure strategies, by the label a run names them with. Adding one is one line here. The scripted model player
 * (model.ts) plays as the cooperative house bot does, so offline it is that strategy under its own label.
 */
const STRATEGIES = new Map<string, ArenaStrategy>([
  ...BOT_STRATEGIES.map((s) => [`bot:${s}`, bot(s)] as const),
  ["model:scripted", bot("cooperative")],
  ...REFERENCE_PLAYERS,
]);

export const ARENA_PLAYERS = [...STRATEGIES.keys()];

/** An outside program's label: `cmd:` and a short name (its standings row). */
export const CMD_LABEL = /^cmd:[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/** A player of a run: its label and its strategy, or null for an outside program (asked through a door). */
export type ArenaPlayer = { label: string; strategy: ArenaStrategy | null };

/** The players, checked: each a known strategy's label or an outside program's. */
export function arenaPlayers(labels: readonly string[]): Result<ArenaPlayer[]> {
  if (labels.length === 0) return fail("invalid", "Name at least one player.");
  const out: ArenaPlayer[] = [];
  for (const label of labels) {
    const strategy = STRATEGIES.get(label);
    if (strategy) out.push({ label, strategy });
    else if (CMD_LABEL.test(label)) out.push({ label, strategy: null });
    else
      return fail(
        "invalid",
        label.startsWith("model:")
          ? `"${label}": a model behind a provider plays only at a table on the server; offline, play ${ARENA_PLAYERS.join(", ")}.`
          : label.startsWith("cmd:")
            ? `"${label}": an outside program is cmd:NAME=COMMAND, its NAME 1–40 letters, digits, _ . or -.`
            : `"${label}" is not a player the arena knows; play ${ARENA_PLAYERS.join(", ")}, or cmd:NAME=COMMAND.`,
      );
  }
  return ok(out);
}
