// The server's own souls: when a round opens, each live model seat is asked (its claim written first, so two
// processes never ask twice), the call's tokens, latency and cost are recorded, and the reply is taken like any other.
// Past the server's budget for model calls today (PARLEY_MODEL_BUDGET_DAY_TOKENS) a seat is not asked: that counts
// as a failed ask, so its second empties the seat, saying why.
import type { Db } from "../../db";
import { enqueue } from "../../jobs/queue";
import { nextTryAt, type RoundNumber } from "../../rules/council";
import {
  providerFor,
  scriptDelay,
  soulsEnv,
  type ModelBudget,
  type ProviderName,
  type SoulReply,
  type SoulRequest,
} from "../../souls";
import { failed } from "../../souls/provider";
import { serverBudgetSpent } from "../modelBudget";
import { advanceIn } from "./advance";
import { isUniqueViolation } from "./common";
import { lockCouncil, openRound, type LoadedCouncil, type SeatRow } from "./load";
import { heard, promptFor } from "./prompt";
import { badReply, takeReply } from "./reply";

/** A claim older than the provider's time limit and this grace was left by a process that stopped. */
const STALE_GRACE_MS = 30_000;
/** A table needs at most 2 asks per seat and round; this bounds one run. */
const MAX_PASSES = 10;

type Claim = {
  callId: number;
  seatId: number;
  round: RoundNumber;
  /** This ask's try (a transient failure is tried again), and the round's deadline the tries must fit before. */
  try: number;
  deadlineAt: number;
  request: SoulRequest;
  provider: ProviderName;
};

export type ModelRun = {
  /** Inject providers (tests); the environment's by default. */
  providerFor?: typeof providerFor;
  clock?: () => number;
  /** The retry backoff's jitter, in [0, 1) (tests fix it). */
  random?: () => number;
};

/** The ask for one seat: the prompt, and the plain facts a scripted soul answers from. */
function requestFor(l: LoadedCouncil, seat: SeatRow, round: RoundNumber, attempt: number): SoulRequest {
  return {
    prompt: promptFor(l, seat, round),
    model: seat.model ?? "",
    baseUrl: seat.baseUrl,
    round,
    attempt,
    seat: { name: seat.name, soul: seat.soul },
    options: l.options,
    names: l.seats.map((s) => s.name),
    transcript: heard(l),
    axes: l.axes ?? [],
    script: seat.script,
  };
}

/** What the server's budget refused to ask this time: a failed ask for the seat, said as such. */
const BUDGET_SPENT = "The server's budget for model calls today is spent, so the model was not asked.";

/**
 * In one transaction: the clock's due writes, stale claims closed as failures, and a claim for every seat now owed;
 * `refused` counts the seats the server's budget left unasked (each a failed ask).
 */
async function claim(
  db: Db,
  id: number,
  now: number,
  timeoutMs: number,
  budget: ModelBudget,
): Promise<{ claims: Claim[]; refused: number }> {
  return db.$transaction(async (tx) => {
    await lockCouncil(tx, id);
    let { loaded: l } = await advanceIn(tx, id, now);
    if (!l || l.imported) return { claims: [], refused: 0 };
    // A claim nobody finished: its process stopped mid-call. It counts as a failed ask, shown as such.
    for (const c of l.calls.filter(
      (c) => c.finishedAt === null && c.startedAt.getTime() < now - timeoutMs - STALE_GRACE_MS,
    )) {
      const done = await tx.modelCall.updateMany({
        where: { id: c.id, finishedAt: null },
        data: {
          finishedAt: new Date(now),
          ok: false,
          error: "the server stopped before the reply came back",
        },
      });
      const seat = l.seats.find((s) => s.id === c.seatId);
      const open = openRound(l);
      if (done.count && seat && !seat.emptiedAt && open?.round === c.round)
        await badReply(
          tx,
          l,
          seat,
          c.round as RoundNumber,
          "",
          "The model call was cut off before it answered.",
          now,
          "call",
        );
      ({ loaded: l } = await advanceIn(tx, id, now));
      if (!l) return { claims: [], refused: 0 };
    }
    const open = openRound(l);
    if (!open) return { claims: [], refused: 0 };
    const round = open.round as RoundNumber;
    const claims: Claim[] = [];
    let refused = 0;
    let spent: boolean | undefined; // read once, when a seat is owed an ask
    for (const seat of l.seats) {
      if (seat.wearer !== "model" || seat.emptiedAt || !seat.provider) continue;
      if (l.answers.some((a) => a.seatId === seat.id && a.round === round)) continue;
      if (l.calls.some((c) => c.seatId === seat.id && c.round === round && c.finishedAt === null)) continue;
      if (seat.provider === "scripted" && now < open.openedAt.getTime() + scriptDelay(seat.script)) continue;
      const attempt = l.failures.filter((f) => f.seatId === seat.id && f.round === round).length + 1;
      // a transient failure of this ask waits for its retry time (Retry-After, or the backoff)
      const tries = l.calls.filter((c) => c.seatId === seat.id && c.round === round && c.attempt === attempt);
      if (tries.some((c) => c.retryAt !== null && c.retryAt.getTime() > now)) continue;
      // the scripted provider spends no key
      if (seat.provider !== "scripted" && (spent ??= await serverBudgetSpent(tx, now, budget))) {
        await badReply(tx, l, seat, round, "", BUDGET_SPENT, now, "budget");
        refused++;
        const after = (await advanceIn(tx, id, now)).loaded;
        if (!after) break;
        l = after;
        continue;
      }
      const call = await tx.modelCall.create({
        data: {
          councilId: id,
          seatId: seat.id,
          round,
          attempt,
          try: tries.length + 1,
          provider: seat.provider,
          model: seat.model ?? "",
          startedAt: new Date(now),
        },
      });
      claims.push({
        callId: call.id,
        seatId: seat.id,
        round,
        try: tries.length + 1,
        deadlineAt: open.deadlineAt.getTime(),
        provider: seat.provider as ProviderName,
        request: requestFor(l, seat, round, attempt),
      });
    }
    return { claims, refused };
  });
}

/** Ask one claimed seat, then record the call and take its reply (or its failure) in one transaction. */
async function ask(db: Db, id: number, c: Claim, run: Required<ModelRun>): Promise<void> {
  const started = run.clock();
  const provider = (run.providerFor ?? providerFor)(c.provider);
  const reply: SoulReply = await provider
    .call(c.request)
    .catch((e: unknown) => failed(`the provider threw: ${(e as Error).message}`));
  const now = run.clock();
  // A transient failure (429, 5xx, no answer) is tried again at its time, while the tries fit before the deadline;
  // only a failure that gives up counts as a failed ask (two of those empty the seat).
  const retryAt =
    !reply.ok && reply.transient
      ? nextTryAt(c.try, now, c.deadlineAt, reply.retryAfterMs ?? null, run.random())
      : null;
  await db.$transaction(async (tx) => {
    await lockCouncil(tx, id);
    const done = await tx.modelCall.updateMany({
      where: { id: c.callId, finishedAt: null },
      data: {
        finishedAt: new Date(now),
        ok: reply.ok,
        tokensIn: reply.tokensIn,
        tokensOut: reply.tokensOut,
        costUsd: reply.costUsd,
        latencyMs: Math.max(0, now - started),
        error: reply.ok ? null : reply.error,
        retryAt: retryAt === null ? null : new Date(retryAt),
      },
    });
    // Closed as stale by another process meanwhile: that one already counted it.
    if (!done.count) return;
    const { loaded: l } = await advanceIn(tx, id, now);
    const seat = l?.seats.find((s) => s.id === c.seatId);
    if (!l || !seat || seat.emptiedAt || openRound(l)?.round !== c.round) return;
    if (l.answers.some((a) => a.seatId === seat.id && a.round === c.round)) return;
    if (reply.ok) await takeReply(tx, l, seat, c.round, reply.text, now);
    else if (retryAt !== null)
      // the queue wakes a worker at the retry time (any process; the sweeper's kicks skip it until then)
      await enqueue(tx, "model", { councilId: id }, { startAfter: new Date(retryAt) });
    else
      await badReply(
        tx,
        l,
        seat,
        c.round,
        "",
        `The ${c.provider} call failed: ${reply.error}${reply.transient ? ` (gave up after ${c.try} ${c.try === 1 ? "try" : "tries"})` : ""}.`,
        now,
        "call",
      );
    await advanceIn(tx, id, now);
  });
}

/**
 * Asks every model seat the open round owes an answer, until none is owed now (a re-ask, the next round opened by
 * the last answer). Idempotent and safe to run from several processes at once. Returns the number of calls made.
 */
export async function runModelSeats(db: Db, id: number, opts: ModelRun = {}): Promise<number> {
  const run: Required<ModelRun> = {
    providerFor: opts.providerFor ?? providerFor,
    clock: opts.clock ?? Date.now,
    random: opts.random ?? Math.random,
  };
  const { timeoutMs, budget } = soulsEnv();
  let calls = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let claims: Claim[];
    let refused: number;
    try {
      ({ claims, refused } = await claim(db, id, run.clock(), timeoutMs, budget));
    } catch (e) {
      if (isUniqueViolation(e)) continue; // another process claimed the same ask first
      throw e;
    }
    if (claims.length === 0 && refused === 0) break;
    await Promise.all(claims.map((c) => ask(db, id, c, run)));
    calls += claims.length;
  }
  return calls;
}
