// replay (§11): re-derive a table from its record alone, refusing the first act the rules refuse.

import { AIM_WEIGHTS, CHARTER_CLAUSES, FALLBACK_MAX, FALLBACK_MIN, SEATS_MAX, SEATS_MIN } from "./constants";
import { deal } from "./deal";
import { summarize } from "./derive";
import { judgeAct } from "./judge";
import { applyAct, openTally, runClock, seatToAct, type TableTerms } from "./ledger";
import { poolIndexOf, settingsOf } from "./pool";
import { recordAct, ZTableRecord, type RecordAct } from "./record";
import { commitment, seedBytes } from "./seed";
import { readClock } from "./settings";
import { instantText } from "../span";
import { standingsOf, type Standing } from "./standings";
import type { Act, Charge, StandingOffer, Status, Sworn, Whisper } from "./types";
import { judgeWhisper, whispered, type WhisperedClaim } from "./whisper";

export type ReplayOutput = {
  status: Status;
  quorum: number;
  /** The seat index to act, while playing. */
  turn: number | null;
  turnEndsAt: string | null;
  deadlineAt: string;
  standingOffer: StandingOffer | null;
  acceptances: number[];
  sworn: Sworn[];
  /** By seat index, once bound or ended. */
  payoffs: number[] | null;
  standings: Standing[] | null;
  /** Each said claim; `truthful` once revealed (bound or ended), else null. */
  said: { seat: number; act: number; clause: string; setting: string; truthful: boolean | null }[];
  boundAt: string | null;
  endedAt: string | null;
  /** Every claim of every whisper (§12), in order; `truthful` once revealed, else null. */
  whispered: WhisperedClaim[];
  /** Acts replayed, clock passes due by `now` included. */
  acts: number;
  /** With `now`: the clock passes that were due but not in the record. */
  dueClockActs: RecordAct[];
  /** SHA-256 of the seed, when the record carries one (compare it with the published commitment). */
  commitment: string | null;
};

/** `index` names the refused act, `whisper` the refused whisper (§12); both null when the record itself is malformed. */
export type ReplayRefusal = { ok: false; index: number | null; whisper?: number; reason: string };
export type ReplayResult = { ok: true; value: ReplayOutput } | ReplayRefusal;

const refuse = (index: number | null, reason: string): ReplayRefusal => ({ ok: false, index, reason });
const refuseWhisper = (whisper: number, reason: string): ReplayRefusal => ({
  ok: false,
  index: null,
  whisper,
  reason,
});

/** What is wrong with a record's charter, or null. */
function charterProblem(charter: readonly string[]): string | null {
  if (charter.length !== CHARTER_CLAUSES) return `The charter must have ${CHARTER_CLAUSES} clauses.`;
  for (const [i, clause] of charter.entries()) {
    if (poolIndexOf(clause) < 0) return `The charter names “${clause}”, which is not a clause of the pool.`;
    const before = charter[i - 1];
    if (before !== undefined && poolIndexOf(before) >= poolIndexOf(clause)) {
      return "The charter must list distinct clauses in pool order.";
    }
  }
  return null;
}

/** What is wrong with a record's charges, or null. */
function chargesProblem(
  charter: readonly string[],
  charges: readonly Charge[],
  seats: number,
): string | null {
  if (charges.length !== seats) return `The record has ${seats} seats but ${charges.length} charges.`;
  for (const [seat, charge] of charges.entries()) {
    const whose = `The charge of seat ${seat}`;
    if (charge.aims.length !== AIM_WEIGHTS.length) return `${whose} must have ${AIM_WEIGHTS.length} aims.`;
    const clauses = new Set<string>();
    for (const [i, aim] of charge.aims.entries()) {
      if (aim.weight !== AIM_WEIGHTS[i])
        return `${whose} must weigh its aims ${AIM_WEIGHTS.join(", ")}, in order.`;
      if (!charter.includes(aim.clause))
        return `${whose} aims at “${aim.clause}”, which is not on the charter.`;
      if (!(settingsOf(aim.clause) ?? []).includes(aim.setting)) {
        return `${whose} sets ${aim.clause} to “${aim.setting}”, which is not one of its settings.`;
      }
      clauses.add(aim.clause);
    }
    if (clauses.size !== charge.aims.length) return `${whose} must aim at three different clauses.`;
    if (
      !Number.isInteger(charge.fallback) ||
      charge.fallback < FALLBACK_MIN ||
      charge.fallback > FALLBACK_MAX
    ) {
      return `${whose} must have a fallback from ${FALLBACK_MIN} to ${FALLBACK_MAX}.`;
    }
  }
  return null;
}

/**
 * Replays a record act by act with the rules of check, each act at its own `at`: a clock pass must be at
 * exactly the previous time + the window, a seat's act before its window ran out, every act in time order,
 * before the deadline and before binding. A refusal names the act's index (from 0), or null when the record
 * itself is malformed. With `now`, due clock passes and the deadline are applied after the last act.
 */
export function replay(record: unknown, now?: number): ReplayResult {
  const parsed = ZTableRecord.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    const index = path[0] === "acts" && typeof path[1] === "number" ? path[1] : null;
    const where = path.length > 0 ? ` at ${path.map(String).join(".")}` : "";
    const reason = `The record is malformed${where}: ${issue?.message ?? "unreadable"}.`;
    if (path[0] === "whispers" && typeof path[1] === "number") return refuseWhisper(path[1], reason);
    return refuse(index, reason);
  }
  const r = parsed.data;
  if (now !== undefined && !Number.isFinite(now))
    return refuse(null, "The time to replay up to is not a time.");
  if (r.seats.length < SEATS_MIN || r.seats.length > SEATS_MAX) {
    return refuse(null, `A table has ${SEATS_MIN} to ${SEATS_MAX} seats; the record has ${r.seats.length}.`);
  }
  const seats = r.seats.length;
  const problem = charterProblem(r.charter) ?? chargesProblem(r.charter, r.charges, seats);
  if (problem !== null) return refuse(null, problem);
  const clock = readClock(r.turnWindowMs, r.deadlineMs);
  if (!clock.ok) return refuse(null, `The record's clock is out of range: ${clock.message}`);

  let seedCommitment: string | null = null;
  if (r.seed !== undefined) {
    if (!seedBytes(r.seed).ok) return refuse(null, "The record's seed is not 64 hex digits.");
    const dealt = deal(r.seed, seats);
    if (JSON.stringify(dealt) !== JSON.stringify({ charter: r.charter, charges: r.charges })) {
      return refuse(null, "The charter and charges are not the deal of the record's seed.");
    }
    seedCommitment = commitment(r.seed);
  }

  const terms: TableTerms = { seats, charter: r.charter, startedAt: Date.parse(r.startedAt), ...clock.value };
  const t = openTally(terms, r.charges);
  for (const [index, raw] of r.acts.entries()) {
    const at = Date.parse(raw.at);
    if (t.boundAct !== null)
      return refuse(index, `The accord bound at act ${t.boundAct}; no act is taken after binding.`);
    if (at < t.lastAt) {
      return refuse(
        index,
        `This act is at ${instantText(at)}, before the act before it (${instantText(t.lastAt)}); acts must be in time order.`,
      );
    }
    if (at >= t.deadlineAt) {
      return refuse(
        index,
        `This act is at ${instantText(at)}, at or after the deadline (${instantText(t.deadlineAt)}); no act is taken then.`,
      );
    }
    const windowEnd = t.lastAt + t.windowMs;
    let act: Act;
    if (raw.type === "pass" && raw.by === "clock") {
      if (at !== windowEnd) {
        return refuse(
          index,
          `A clock pass must be at exactly ${instantText(windowEnd)} (the previous act's time plus the window), not ${instantText(at)}.`,
        );
      }
      if (raw.said !== undefined) return refuse(index, "A clock pass carries no said.");
      act = { type: "pass", by: "clock", at };
    } else {
      const seat = seatToAct(t);
      const name = r.seats[seat] ?? `seat ${seat}`;
      if (at >= windowEnd) {
        return refuse(
          index,
          `${name}'s turn window ran out at ${instantText(windowEnd)}, before this act at ${instantText(at)}; the clock passes there.`,
        );
      }
      const judged = judgeAct(t, seat, raw, at);
      if (!judged.ok) return refuse(index, `${name} (seat ${seat}): ${judged.message}`);
      act = judged.value;
    }
    applyAct(t, act);
  }

  // A cancelled table's clock stops at its cancellation, as derive's does.
  const cancelledAt = r.cancelledAt === undefined ? undefined : Date.parse(r.cancelledAt);

  // Then the whispers (§12), each against those before it and the table's end as the acts left it.
  const endsAt = t.boundAt ?? Math.min(t.deadlineAt, cancelledAt ?? Infinity);
  const whispers: Whisper[] = [];
  for (const [i, raw] of (r.whispers ?? []).entries()) {
    const judged = judgeWhisper(terms, whispers, endsAt, raw.from, raw, Date.parse(raw.at));
    if (!judged.ok) return refuseWhisper(i, judged.message);
    whispers.push(judged.value);
  }

  const until =
    cancelledAt === undefined ? now : now === undefined ? cancelledAt : Math.min(now, cancelledAt);
  const due = until === undefined ? [] : runClock(t, Math.max(until, t.lastAt));
  const d = summarize(t, due, until, cancelledAt);
  return {
    ok: true,
    value: {
      status: d.status,
      quorum: d.quorum,
      turn: d.turn,
      turnEndsAt: d.turnEndsAt === null ? null : instantText(d.turnEndsAt),
      deadlineAt: instantText(d.deadlineAt),
      standingOffer: d.standingOffer,
      acceptances: d.acceptances,
      sworn: d.sworn,
      payoffs: d.payoffs,
      standings: d.payoffs ? standingsOf(d.payoffs, r.charges) : null,
      said: d.said.flatMap((s) =>
        s.clause === undefined || s.setting === undefined
          ? []
          : [{ seat: s.seat, act: s.act, clause: s.clause, setting: s.setting, truthful: s.truthful }],
      ),
      boundAt: d.boundAt === null ? null : instantText(d.boundAt),
      endedAt: d.endedAt === null ? null : instantText(d.endedAt),
      whispered: whispered({ charges: r.charges, whispers }, d.status !== "playing"),
      acts: d.actCount,
      dueClockActs: d.dueClockActs.map(recordAct),
      commitment: seedCommitment,
    },
  };
}
