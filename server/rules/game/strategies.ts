// The house's characters, and which house bot plays which. Pure: a bot's luck is a stream drawn from its own seed
// (one-way from the table's seed and its seat, so it tells nothing of the deal), the same on every replay.

import { createHash } from "node:crypto";

/**
 * Each character concedes along its own curve over the table's clock (concession.ts), lets others' offers through
 * or blocks them in its own way (bot.ts), and talks in its own way (talk.ts):
 * - cooperative: concedes early, tells its true aims one at a time, lets through any offer that beats its fallback;
 * - hard: holds out and concedes late, names an aim or two and never its weights, blocks what falls short of it;
 * - bluffer: concedes at an even pace, mixes its true aims with decoys it does not hold.
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

/** A bot's own stream: SHA-256 of the table's seed and its seat, so it can neither read nor steer the deal. */
export function botLuck(tableSeedHex: string, seat: number): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`${tableSeedHex}:bot:${seat}`).digest());
}

/** A bot's stream for its n-th whisper: one-way from the table's seed, its seat and n, like botLuck. */
export function whisperLuck(tableSeedHex: string, seat: number, n: number): Uint8Array {
  return new Uint8Array(createHash("sha256").update(`${tableSeedHex}:whisper:${seat}:${n}`).digest());
}
