// What one seat can tell of the others from what it sees: sworn claims (true), said and whispered claims (weighed by
// each seat's track record), and how each seat has offered, accepted and refused. Read by the house bot and the
// reference players; it never sees a charge but its own.

import type { AccordTable } from "./accords";
import { AIM_WEIGHTS } from "./constants";
import type { Tally } from "./ledger";
import type { Act, Claim, Whisper } from "./types";

/** One seat as another sees it. */
export type SeatBelief = {
  /** What each accord (by its index in the accord table) is believed to pay the seat. */
  estimate: Float64Array;
  /** The most any accord is believed to pay it. */
  best: number;
  /** The share of its claims believed true: its sworn confirmations against its refutations, from a kind prior. */
  credibility: number;
  /** How many of its aims are known: sworn, or claimed and not refuted. */
  known: number;
  /** When the seat last told something new (a claim or a sworn aim not heard from it before), or -Infinity. */
  newsAt: number;
  /** The least an accord it accepted is believed to pay it (what it settles for, at most), or null. */
  acceptedLevel: number | null;
  /**
   * The most an accord it refused on its latest turn is believed to pay it (it wants more, at least), or null. Only
   * an accord meeting one of its known aims counts: it may have refused another because it could not swear.
   */
  refusedLevel: number | null;
};

// A sworn aim's weight is never public: the middle weight is the honest guess.
const SWORN_WEIGHT_GUESS = AIM_WEIGHTS[1];
// Claims beyond a seat's first three clauses (it changed its story, or it lies) get the least weight.
const LATE_CLAIM_WEIGHT = AIM_WEIGHTS[AIM_WEIGHTS.length - 1]!;
const ALL_WEIGHT = AIM_WEIGHTS.reduce((a, b) => a + b, 0);
// Credibility before any claim is checked: (confirmed + TRUST_PRIOR) / (checked + TRUST_PRIOR + DOUBT_PRIOR).
const TRUST_PRIOR = 3;
const DOUBT_PRIOR = 1;
// An aim nobody has named meets a given accord about this often (most clauses have two settings, some three).
const UNKNOWN_MATCH = 0.4;

type Statement = Claim & { at: number };

/**
 * Every other seat as `seat` sees them: from the tally of the public record (said, sworn), the acts, and the whispers
 * sent to `seat` (any other whisper passed in is ignored: a seat reads only its own).
 */
export function beliefsOf(
  table: AccordTable,
  t: Tally,
  acts: readonly Act[],
  whispers: readonly Whisper[],
  seat: number,
): (SeatBelief | null)[] {
  const statements: Statement[][] = Array.from({ length: t.seats }, () => []);
  for (const entry of t.said)
    if (entry.clause !== undefined && entry.setting !== undefined)
      statements[entry.seat]?.push({
        clause: entry.clause,
        setting: entry.setting,
        at: acts[entry.act]?.at ?? 0,
      });
  for (const w of whispers)
    if (w.to === seat) for (const c of w.claims ?? []) statements[w.from]?.push({ ...c, at: w.at });
  for (const list of statements) list.sort((a, b) => a.at - b.at);
  const sworn: Map<string, string>[] = Array.from({ length: t.seats }, () => new Map());
  const swornNews: number[] = Array(t.seats).fill(-Infinity);
  for (const s of t.sworn) {
    const mine = sworn[s.seat];
    if (!mine || mine.get(s.clause) === s.setting) continue;
    mine.set(s.clause, s.setting);
    swornNews[s.seat] = acts[s.act]?.at ?? 0;
  }
  const conduct = conductOf(table, t.seats, acts);
  return statements.map((said, other) => {
    if (other === seat) return null;
    const c = conduct[other]!;
    const { floor, ...belief } = readSeat(table, said, sworn[other]!);
    belief.newsAt = Math.max(belief.newsAt, swornNews[other]!);
    let acceptedLevel: number | null = null;
    for (const x of c.accepted) acceptedLevel = Math.min(acceptedLevel ?? Infinity, belief.estimate[x]!);
    const refused = c.refused >= 0 ? belief.estimate[c.refused]! : 0;
    return { ...belief, acceptedLevel, refusedLevel: refused > floor + 1e-9 ? refused : null };
  });
}

/** A seat's claims and sworn aims weighed into an estimate of every accord's payoff to it. */
function readSeat(
  table: AccordTable,
  said: readonly Statement[],
  sworn: ReadonlyMap<string, string>,
): Omit<SeatBelief, "acceptedLevel" | "refusedLevel"> & { floor: number } {
  let newsAt = -Infinity;
  // The track record: a claim is confirmed once sworn, refuted once another setting of its clause is sworn or all
  // three aims are sworn without it.
  let confirmed = 0;
  let refuted = 0;
  const seen = new Set<string>();
  for (const s of said) {
    const key = `${s.clause}=${s.setting}`;
    if (seen.has(key)) continue;
    seen.add(key);
    newsAt = s.at;
    const swornSetting = sworn.get(s.clause);
    if (swornSetting === s.setting) confirmed++;
    else if (swornSetting !== undefined || sworn.size >= AIM_WEIGHTS.length) refuted++;
  }
  const credibility = (confirmed + TRUST_PRIOR) / (confirmed + refuted + TRUST_PRIOR + DOUBT_PRIOR);
  // Its aims as claimed: the latest setting per clause, weighed 3, 2, 1 in the order the clauses were first named.
  const aims = new Map<string, { setting: string; weight: number; sure: number }>();
  for (const s of said) {
    const weight = aims.get(s.clause)?.weight ?? AIM_WEIGHTS[aims.size] ?? LATE_CLAIM_WEIGHT;
    aims.set(s.clause, { setting: s.setting, weight, sure: credibility });
  }
  for (const [clause, setting] of sworn) {
    const claimed = aims.get(clause);
    const weight = claimed?.setting === setting ? claimed.weight : SWORN_WEIGHT_GUESS;
    aims.set(clause, { setting, weight, sure: 1 });
  }
  if (sworn.size >= AIM_WEIGHTS.length)
    for (const clause of aims.keys()) if (!sworn.has(clause)) aims.delete(clause);
  let weighed = 0;
  for (const aim of aims.values()) weighed += aim.weight * aim.sure;
  const floor = UNKNOWN_MATCH * Math.max(0, ALL_WEIGHT - weighed);
  const estimate = new Float64Array(table.accords.length).fill(floor);
  for (const [clause, aim] of aims) {
    const matches = table.matches({ clause, setting: aim.setting });
    if (!matches) continue;
    const gain = aim.weight * aim.sure;
    for (let x = 0; x < estimate.length; x++) if (matches[x]) estimate[x]! += gain;
  }
  let best = floor;
  for (const e of estimate) if (e > best) best = e;
  return { estimate, best, credibility, known: Math.min(aims.size, AIM_WEIGHTS.length), newsAt, floor };
}

type Conduct = { accepted: Set<number>; refused: number };

/**
 * How each seat has played: the accords it accepted, and the one it refused on its latest turn (passing or offering
 * while another's offer it had not accepted stood; -1 for none). Clock passes refuse nothing.
 */
function conductOf(table: AccordTable, seats: number, acts: readonly Act[]): Conduct[] {
  const conduct: Conduct[] = Array.from({ length: seats }, () => ({
    accepted: new Set<number>(),
    refused: -1,
  }));
  let standing = -1;
  let offerer = -1;
  let acceptances = 0; // a bit per seat
  for (let i = 0; i < acts.length; i++) {
    const act = acts[i]!;
    const seat = i % seats;
    const c = conduct[seat]!;
    if (act.type === "pass" && act.by === "clock") continue;
    c.refused = -1;
    if (act.type === "accept") {
      if (standing >= 0) c.accepted.add(standing);
      acceptances |= 1 << seat;
      continue;
    }
    if (standing >= 0 && offerer !== seat && !(acceptances & (1 << seat))) c.refused = standing;
    if (act.type === "offer") {
      standing = table.indexOf(act.accord);
      offerer = seat;
      acceptances = 0;
    }
  }
  return conduct;
}
