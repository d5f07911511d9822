// What a house bot says, in character (§15): in public on its acts, and in private when whispered to. None tells its
// whole charge at once: the cooperative bot tells its true aims one at a time, most wanted first; the hard bargainer
// names an aim or two and never in the order of their weights; the bluffer mixes true aims with decoys it does not
// hold, set against what a rival wants, so that it has something to give up that costs it nothing.

import { tallyOf, type Tally } from "./ledger";
import { settingsOf } from "./pool";
import { streamFrom } from "./prng";
import { claimOf } from "./score";
import type { BotStrategy } from "./strategies";
import type { Accord, Charge, Claim, PublicGame, Said, Whisper } from "./types";

/** How many aims a hard bargainer names to anyone over a whole table (in public and in private), and a bluffer's decoys. */
export const HARD_SAYS_AT_MOST = 2;
export const BLUFFER_DECOYS = 2;

/** What the talking seat can see that its words depend on. */
export type TalkSeen = {
  seat: number;
  charter: readonly string[];
  /** Claims each seat has said in public so far (and sworn: a sworn aim is public too). */
  said: readonly (Claim & { seat: number })[];
  /** The standing offer, if any. */
  offer: Accord | null;
};

/** What `seat` can see that talk depends on, from the public record (or its tally, when the caller has one). */
export function talkSeenOf(game: PublicGame, seat: number, tally?: Tally): TalkSeen {
  const t = tally ?? tallyOf(game, null, game.acts);
  const said = t.said.flatMap((s) =>
    s.clause && s.setting ? [{ seat: s.seat, clause: s.clause, setting: s.setting }] : [],
  );
  return { seat, charter: game.charter, said: [...said, ...t.sworn], offer: t.standingOffer?.accord ?? null };
}

const words = (c: Claim) => `the ${c.clause} ${c.setting.replaceAll("_", " ")}`;
const key = (c: Claim) => `${c.clause}=${c.setting}`;

/**
 * A decoy for a bluffer: a charter clause it holds no aim on, set against what another seat has claimed there (else
 * to a setting its luck picks), that it has not named yet. Null when none is left.
 */
function decoy(charge: Charge, seen: TalkSeen, named: ReadonlySet<string>, luck: Uint8Array): Claim | null {
  const stream = streamFrom(luck);
  const free = seen.charter.filter(
    (clause) =>
      !charge.aims.some((a) => a.clause === clause) && ![...named].some((k) => k.startsWith(`${clause}=`)),
  );
  if (!free.length) return null;
  const rivalled = free.filter((clause) =>
    seen.said.some((s) => s.seat !== seen.seat && s.clause === clause),
  );
  const clause = (rivalled.length ? rivalled : free)[stream.int((rivalled.length ? rivalled : free).length)]!;
  const rival = seen.said.find((s) => s.seat !== seen.seat && s.clause === clause)?.setting;
  const settings = (settingsOf(clause) ?? []).filter((s) => s !== rival);
  return settings.length ? { clause, setting: settings[stream.int(settings.length)]! } : null;
}

/** The bluffer's story in order: its weightiest aim, a decoy, its second aim, a decoy, its last aim. */
function bluffNext(
  charge: Charge,
  seen: TalkSeen,
  named: ReadonlySet<string>,
  luck: Uint8Array,
): Claim | null {
  const told = charge.aims.filter((a) => named.has(key(a))).length;
  const decoys = named.size - told;
  const nextTrue = charge.aims.find((a) => !named.has(key(a)));
  const wantsDecoy = decoys < BLUFFER_DECOYS && told > decoys;
  if (wantsDecoy) {
    const d = decoy(charge, seen, named, luck);
    if (d) return d;
  }
  return nextTrue ? claimOf(nextTrue) : null;
}

/** The claim a bot names next, to an audience that has heard `named` from it, or null when it says no more. */
function nextClaim(
  strategy: BotStrategy,
  charge: Charge,
  seen: TalkSeen,
  named: ReadonlySet<string>,
  luck: Uint8Array,
  cap: number,
  privately = false,
): Claim | null {
  if (named.size >= cap) return null;
  if (strategy === "cooperative") {
    const aim = charge.aims.find((a) => !named.has(key(a)));
    return aim ? claimOf(aim) : null;
  }
  if (strategy === "bluffer") return bluffNext(charge, seen, named, luck);
  // The hard bargainer: first an aim its luck picks (so its order says nothing of weights), then in public only one
  // the standing offer misses.
  const untold = charge.aims.filter((a) => !named.has(key(a)));
  if (!untold.length) return null;
  const offer = seen.offer;
  const from = named.size > 0 && offer ? untold.filter((a) => offer[a.clause] !== a.setting) : untold;
  if (!from.length || (named.size > 0 && !offer && !privately)) return null;
  return claimOf(from[streamFrom(luck).int(from.length)]!);
}

/** What the bot says in public on its act now: one claim at most, or nothing. */
export function botSaid(
  strategy: BotStrategy,
  charge: Charge,
  seen: TalkSeen,
  luck: Uint8Array,
): Said | undefined {
  const named = new Set(seen.said.filter((s) => s.seat === seen.seat).map(key));
  const cap = strategy === "hard" ? HARD_SAYS_AT_MOST : strategy === "bluffer" ? 3 + BLUFFER_DECOYS : 3;
  const claim = nextClaim(strategy, charge, seen, named, luck, cap);
  if (!claim) return undefined;
  const text =
    strategy === "hard"
      ? named.size === 0
        ? `I will be brief: ${words(claim)}.`
        : `Not without ${words(claim)}.`
      : strategy === "cooperative"
        ? named.size === 0
          ? `Glad to be at this table. Most of all I want ${words(claim)}.`
          : `I would also like ${words(claim)}.`
        : named.size === 0
          ? `Let us be frank. I need ${words(claim)}.`
          : `And I need ${words(claim)}.`;
  return { text, claims: [claim] };
}

/**
 * How a house bot answers a whisper from seat `to` (§12): a little more than in public, never its whole charge at
 * once — the cooperative bot its next two aims that seat has not heard from it, the hard bargainer one (and no more
 * than HARD_SAYS_AT_MOST in all), the bluffer the next of its story (with decoys). With nothing left to tell, a
 * sentence and no claim.
 */
export function botWhisper(input: {
  strategy: BotStrategy;
  seat: number;
  charge: Charge;
  game: PublicGame & { charges?: never };
  /** The whispers between the bot and `to` so far (others are ignored). */
  whispers: readonly Whisper[];
  to: number;
  luck: Uint8Array;
}): { text: string; claims?: Claim[] } {
  const { strategy, charge, to, luck } = input;
  const seen = talkSeenOf(input.game, input.seat);
  const named = new Set(seen.said.filter((s) => s.seat === seen.seat).map(key));
  for (const w of input.whispers)
    if (w.from === seen.seat && w.to === to) for (const c of w.claims ?? []) named.add(key(c));
  const claims: Claim[] = [];
  const many = strategy === "cooperative" ? 2 : 1;
  const cap = strategy === "hard" ? HARD_SAYS_AT_MOST : strategy === "bluffer" ? 3 + BLUFFER_DECOYS : 3;
  for (let i = 0; i < many; i++) {
    const claim = nextClaim(strategy, charge, { ...seen, offer: null }, named, luck, cap, true);
    if (!claim) break;
    claims.push(claim);
    named.add(key(claim));
  }
  if (!claims.length)
    return {
      text:
        strategy === "hard"
          ? "You know what I need. Offer it."
          : strategy === "cooperative"
            ? "I have told you all I want; let us find the accord."
            : "You have heard me. Now make me an offer.",
    };
  const list = claims.map(words).join(" and ");
  const text =
    strategy === "hard"
      ? `Between us: ${list}, and we can talk.`
      : strategy === "cooperative"
        ? `Happy to talk. I am after ${list}.`
        : `Just between us, I need ${list}.`;
  return { text, claims };
}
