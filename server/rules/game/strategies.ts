// The house's strategies, and which house bot plays which. Pure: a bot's luck is a stream drawn from its own seed
// (one-way from the table's seed and its seat, so it tells nothing of the deal), the same on every replay.

import { createHash } from "node:crypto";
import { settingsOf } from "./pool";
import { streamFrom, type Stream } from "./prng";
import type { Charge, Claim } from "./types";

/**
 * - cooperative: says all its aims, truly, and accepts any accord that pays more than its fallback;
 * - hard: says only its weightiest aim, and until late in the game accepts and offers only accords that pay it at
 *   least HARD_MARGIN over its fallback;
 * - bluffer: says all its aims, but each with a chance of naming a setting it does not want; accepts like the
 *   cooperative one. Its lies are judged at the reveal like anyone's.
 */
export const BOT_STRATEGIES = ["cooperative", "hard", "bluffer"] as const;
export type BotStrategy = (typeof BOT_STRATEGIES)[number];

/** The house's bots, each with its character; a table seats them in this order. */
export const HOUSE_BOTS: readonly { name: string; strategy: BotStrategy }[] = [
  { name: "Bosun", strategy: "cooperative" },
  { name: "Gull", strategy: "bluffer" },
  { name: "Skerry", strategy: "hard" },
  { name: "Tern", strategy: "cooperative" },
  { name: "Wrack", strategy: "hard" },
  { name: "Kelp", strategy: "bluffer" },
];

/** A bot's strategy by its name; a name the house does not know plays cooperatively (older tables). */
export const strategyOf = (botName: string): BotStrategy =>
  HOUSE_BOTS.find((b) => b.name === botName)?.strategy ?? "cooperative";

/** How much over its fallback a hard bargainer holds out for, and until what share of the game's time. */
export const HARD_MARGIN = 2;
export const HARD_UNTIL = 0.6;
/** The chance a bluffer names a setting it does not want, per aim: one in BLUFF_ODDS. */
export const BLUFF_ODDS = 3;

/** A bot's own stream: SHA-256 of the table's seed and its seat, so it can neither read nor steer the deal. */
export function botLuck(tableSeedHex: string, seat: number): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`${tableSeedHex}:bot:${seat}`).digest());
}

/** What a strategy says about its aims, weightiest first; a bluffer's claims may be false. */
export function claimsFor(strategy: BotStrategy, charge: Charge, luck: Uint8Array | undefined): Claim[] {
  const truly = charge.aims.map((a) => ({ clause: a.clause, setting: a.setting }));
  if (strategy === "hard") return truly.slice(0, 1);
  if (strategy !== "bluffer") return truly;
  const stream: Stream = streamFrom(luck ?? new Uint8Array(32));
  return truly.map((claim) => {
    if (stream.int(BLUFF_ODDS) !== 0) return claim;
    const others = (settingsOf(claim.clause) ?? []).filter((s) => s !== claim.setting);
    return others.length ? { clause: claim.clause, setting: others[stream.int(others.length)]! } : claim;
  });
}

/** A bot's stream for its n-th whisper: one-way from the table's seed, its seat and n, like botLuck. */
export function whisperLuck(tableSeedHex: string, seat: number, n: number): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`${tableSeedHex}:whisper:${seat}:${n}`).digest());
}

/**
 * How a house bot answers a whisper (§12), pure: in private each strategy tells a little more than in public — the
 * cooperative one all its aims, the hard bargainer its two weightiest, the bluffer all three with a fresh chance of
 * lying about each (so a private lie can differ from a public one). Its claims are judged at the reveal like anyone's.
 */
export function botWhisper(
  strategy: BotStrategy,
  charge: Charge,
  luck: Uint8Array | undefined,
): { text: string; claims: Claim[] } {
  const truly = charge.aims.map((a) => ({ clause: a.clause, setting: a.setting }));
  if (strategy === "hard")
    return { text: "Between us: give me these two and you have my accept.", claims: truly.slice(0, 2) };
  if (strategy === "bluffer")
    return { text: "Just between us, this is all I need.", claims: claimsFor("bluffer", charge, luck) };
  return { text: "Happy to talk. Here is what I am after.", claims: truly };
}
