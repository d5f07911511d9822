// The reference strategies of §15: scripted players on the pure rules that the arena measures the house bots
// against. Each reads what its seat can see (like a bot) and is simple on purpose; docs/game.md says each in one
// paragraph.

import { accordTable, type AccordTable } from "./accords";
import type { BotInput } from "./bot";
import { progressOf } from "./concession";
import { AIM_WEIGHTS, FALLBACK_MAX } from "./constants";
import { runClock, seatToAct, tallyOf, type Tally } from "./ledger";
import { settingsOf } from "./pool";
import { streamFrom } from "./prng";
import { claimOf } from "./score";
import type { Claim, ProposedAct } from "./types";

/** A scripted player: the act it takes for its seat, from what its seat can see. */
export type Player = (input: BotInput) => ProposedAct;

type Seen = { t: Tally; table: AccordTable; own: Uint8Array; apparent: (Float64Array | null)[] };

/** The table as a scripted player reads it, or null when it is not its turn (it then passes). */
function see(input: BotInput): Seen | null {
  const t = tallyOf(input.game, null, input.game.acts);
  if (t.boundAt !== null) return null;
  runClock(t, input.now);
  if (input.now >= t.deadlineAt || seatToAct(t) !== input.seat) return null;
  const table = accordTable(input.game.charter);
  const own = new Uint8Array(table.accords.length);
  for (const aim of input.charge.aims) {
    const m = table.matches(aim);
    if (m) for (let x = 0; x < own.length; x++) own[x]! += m[x]! * aim.weight;
  }
  return { t, table, own, apparent: apparentPayoffs(table, t, input.seat) };
}

/**
 * What each other seat's public claims say an accord pays it, taking every claim at its word: said claims weighed
 * 3, 2, 1 in the order their clauses were first named, sworn aims 2 unless said before. Null for the seat itself.
 */
export function apparentPayoffs(table: AccordTable, t: Tally, seat: number): (Float64Array | null)[] {
  const aims: Map<string, { setting: string; weight: number }>[] = Array.from(
    { length: t.seats },
    () => new Map(),
  );
  for (const s of t.said) {
    if (s.clause === undefined || s.setting === undefined) continue;
    const mine = aims[s.seat]!;
    mine.set(s.clause, {
      setting: s.setting,
      weight: mine.get(s.clause)?.weight ?? AIM_WEIGHTS[mine.size] ?? 1,
    });
  }
  for (const s of t.sworn) {
    const known = aims[s.seat]!.get(s.clause);
    aims[s.seat]!.set(s.clause, {
      setting: s.setting,
      weight: known?.setting === s.setting ? known.weight : 2,
    });
  }
  return aims.map((mine, j) => {
    if (j === seat) return null;
    const pay = new Float64Array(table.accords.length);
    for (const [clause, aim] of mine) {
      const m = table.matches({ clause, setting: aim.setting });
      if (m) for (let x = 0; x < pay.length; x++) pay[x]! += m[x]! * aim.weight;
    }
    return pay;
  });
}

/** Accepts the standing offer if it beats the fallback and this seat has not accepted it yet. */
function acceptIfBetter(input: BotInput, s: Seen): ProposedAct | null {
  const offer = s.t.standingOffer;
  if (!offer || s.t.acceptances.includes(input.seat)) return null;
  return s.own[s.table.indexOf(offer.accord)]! > input.charge.fallback ? { type: "accept" } : null;
}

/**
 * The accord paying this seat the most among those that a quorum's worth of other seats appear to get at least
 * `need` from; then the one they appear to get most from. With none such, the most other seats wins first.
 */
function bestFor(s: Seen, need: number): number {
  let best = 0;
  let key = [-1, -1, -1];
  for (let x = 0; x < s.own.length; x++) {
    let count = 0;
    let given = 0;
    for (const pay of s.apparent)
      if (pay) {
        given += pay[x]!;
        if (pay[x]! >= need) count++;
      }
    const k = [Math.min(count, s.t.quorum - 1), s.own[x]!, given];
    if (k[0]! > key[0]! || (k[0] === key[0] && (k[1]! > key[1]! || (k[1] === key[1] && k[2]! > key[2]!))))
      [best, key] = [x, k];
  }
  return best;
}

/** Offers the accord unless it is already the standing offer (then it passes). */
function offerOrPass(s: Seen, x: number, said?: ProposedAct["said"]): ProposedAct {
  const standing = s.t.standingOffer;
  const extra = said ? { said } : {};
  if (standing && s.table.indexOf(standing.accord) === x) return { type: "pass", ...extra };
  return { type: "offer", accord: { ...s.table.accords[x]! }, ...extra };
}

/** ref:passive — only passes, and accepts whatever beats its fallback. */
export const passivePlayer: Player = (input) => {
  const s = see(input);
  return (s && acceptIfBetter(input, s)) ?? { type: "pass" };
};

/** ref:greedy — offers the accord paying itself the most that the public claims suggest a quorum takes. */
export const greedyPlayer: Player = (input) => {
  const s = see(input);
  if (!s) return { type: "pass" };
  return acceptIfBetter(input, s) ?? offerOrPass(s, bestFor(s, 1));
};

/**
 * ref:opportunist — the exploit of the old bots: once a quorum's worth of seats has claimed something, it offers the
 * accord paying itself the most while paying each of them one over the highest fallback by their claims, and takes
 * nothing less until the last tenth of the table, when it accepts whatever beats its fallback.
 */
export const opportunistPlayer: Player = (input) => {
  const s = see(input);
  if (!s) return { type: "pass" };
  const heard = s.apparent.filter((pay) => pay?.some((p) => p > 0)).length;
  const target = heard < s.t.quorum - 1 ? null : bestFor(s, FALLBACK_MAX + 1);
  const late = progressOf(s.t, input.game.startedAt, input.game.deadlineMs, input.now) >= OPPORTUNIST_LATE;
  const offer = s.t.standingOffer;
  if (offer && !s.t.acceptances.includes(input.seat)) {
    const pay = s.own[s.table.indexOf(offer.accord)]!;
    if (pay > input.charge.fallback && (late || target === null || pay >= s.own[target]!))
      return { type: "accept" };
  }
  return target === null ? { type: "pass" } : offerOrPass(s, target);
};

/** When the opportunist stops holding out for its own offer. */
const OPPORTUNIST_LATE = 0.9;

/** ref:truthful — says its true aims on its first act, offers the fairest split the claims show, accepts gains. */
export const truthfulPlayer: Player = (input) => {
  const s = see(input);
  if (!s) return { type: "pass" };
  const said = s.t.said.some((e) => e.seat === input.seat)
    ? undefined
    : { text: "My aims, truly, most wanted first.", claims: input.charge.aims.map(claimOf) };
  const accepted = acceptIfBetter(input, s);
  if (accepted) return said ? { ...accepted, said } : accepted;
  // The fairest: the greatest least payoff over the seats whose aims are known (itself by its charge).
  let best = 0;
  let key = [-1, -1];
  for (let x = 0; x < s.own.length; x++) {
    let least = s.own[x]!;
    let total = s.own[x]!;
    for (const pay of s.apparent)
      if (pay?.some((p) => p > 0)) {
        least = Math.min(least, pay[x]!);
        total += pay[x]!;
      }
    if (s.own[x]! <= input.charge.fallback) continue;
    if (least > key[0]! || (least === key[0] && total > key[1]!)) [best, key] = [x, [least, total]];
  }
  return offerOrPass(s, best, said);
};

/** ref:liar — on its first act claims three aims it does not hold; otherwise plays as ref:greedy. */
export const liarPlayer: Player = (input) => {
  const s = see(input);
  if (!s) return { type: "pass" };
  const act = greedyPlayer(input);
  if (s.t.said.some((e) => e.seat === input.seat)) return act;
  const stream = streamFrom(input.luck ?? new Uint8Array(32));
  const free = input.game.charter.filter((c) => !input.charge.aims.some((a) => a.clause === c));
  const lies: Claim[] = [];
  while (lies.length < AIM_WEIGHTS.length && free.length) {
    const clause = free.splice(stream.int(free.length), 1)[0]!;
    const settings = settingsOf(clause) ?? [];
    lies.push({ clause, setting: settings[stream.int(settings.length)]! });
  }
  return { ...act, said: { text: "Here is what I need.", claims: lies } };
};

/** The reference players by their arena label. */
export const REFERENCE_PLAYERS: ReadonlyMap<string, Player> = new Map([
  ["ref:greedy", greedyPlayer],
  ["ref:truthful", truthfulPlayer],
  ["ref:liar", liarPlayer],
  ["ref:passive", passivePlayer],
  ["ref:opportunist", opportunistPlayer],
]);
