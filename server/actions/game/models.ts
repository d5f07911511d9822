// Model players (game.md §13): when a model holds the seat to act, the server asks its provider — the claim written
// first, so two processes never ask for one turn twice — records the call's tokens, latency and cost, and takes the
// reply through the same rules as any door: a refused reply is asked again once with the refusal's sentence, a second
// refusal passes. Transient failures are retried at their time (Retry-After, or the backoff) within the turn window.
import type { Db } from "../../db";
import { enqueue } from "../../jobs/queue";
import { nextTryAt } from "../../rules/council";
import { derive, modelPrompt, modelTable, readModelReply, type ModelPlayerFacts } from "../../rules/game";
import { ok } from "../../rules/result";
import { providerFor, soulsEnv, type ModelBudget, type ProviderName, type SoulReply } from "../../souls";
import { failed } from "../../souls/provider";
import { serverBudgetSpent, tableBudgetTokens, tokensOf } from "../modelBudget";
import { isUniqueViolation } from "../unique";
import { appendAct } from "./append";
import { loadTable } from "./load";
import type { LoadedTable } from "./loaded";
import { OUTCOMES } from "./modelOutcomes";
import { seatState } from "./read";
import { appendWhisper } from "./whisper";

export { OUTCOMES } from "./modelOutcomes";

/** A claim older than the provider's time limit and this grace was left by a process that stopped. */
const STALE_GRACE_MS = 30_000;
/** Asks one run makes at most (two model seats in a row, each with a re-ask, and some). */
const MAX_ASKS = 12;

export type ModelRun = {
  providerFor?: typeof providerFor;
  clock?: () => number;
  random?: () => number;
};

type Call = {
  id: number;
  seat: number;
  turn: number;
  attempt: number;
  try: number;
  finishedAt: Date | null;
  startedAt: Date;
  ok: boolean | null;
  retryAt: Date | null;
  error: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  costUsd: number | null;
};

type Claimed =
  | {
      kind: "ask";
      callId: number;
      seat: number;
      turn: number;
      attempt: number;
      try: number;
      turnEndsAt: number;
    }
  | { kind: "pass"; seat: number; turn: number; outcome: string };

/** Whether an ask of this turn ended refused or failed for good (a transient try waiting for its retry is not). */
const failedAsk = (c: Call) => c.finishedAt !== null && c.ok !== true && c.retryAt === null;

/**
 * The table's budget, spent? Tokens in + out over every model call at the table, against its budget (the default for
 * a table from before every seat had one, and never above the server's cap); or dollars, where the host set those too.
 */
function budgetSpent(table: LoadedTable["table"], calls: readonly Call[], budget: ModelBudget): boolean {
  const usd = calls.reduce((n, c) => n + (c.costUsd ?? 0), 0);
  return (
    tokensOf(calls) >= tableBudgetTokens(table.modelBudgetTokens, budget) ||
    (table.modelBudgetUsd !== null && usd >= table.modelBudgetUsd)
  );
}

/** In one transaction: the ask this table owes now (its claim written), a pass the budget forces, or nothing. */
async function claim(
  db: Db,
  tableId: number,
  now: number,
  timeoutMs: number,
  budget: ModelBudget,
): Promise<Claimed | null> {
  return db.$transaction(async (tx) => {
    const loaded = await loadTable(tx, tableId);
    if (!loaded?.game) return null;
    const d = derive(loaded.game, now);
    if (d.status !== "playing" || d.turn === null || d.turnEndsAt === null) return null;
    const seat = d.turn;
    const holder = loaded.seats[seat];
    if (!holder?.modelProvider) return null;
    const turn = d.actCount;
    const calls: Call[] = await tx.gameModelCall.findMany({ where: { tableId }, orderBy: { id: "asc" } });
    const mine = calls.filter((c) => c.turn === turn);
    // An ask in flight: leave it, unless its process stopped (then it counts as a failed ask).
    for (const c of mine.filter((c) => c.finishedAt === null)) {
      if (c.startedAt.getTime() >= now - timeoutMs - STALE_GRACE_MS) return null;
      await tx.gameModelCall.updateMany({
        where: { id: c.id, finishedAt: null },
        data: {
          finishedAt: new Date(now),
          ok: false,
          error: "the server stopped before the reply came back",
        },
      });
      c.finishedAt = new Date(now);
      c.ok = false;
    }
    const attempt = mine.filter(failedAsk).length + 1;
    if (attempt > 2) return { kind: "pass", seat, turn, outcome: OUTCOMES.passedRefused };
    if (budgetSpent(loaded.table, calls, budget))
      return { kind: "pass", seat, turn, outcome: OUTCOMES.passedBudget };
    // the scripted provider spends no key
    if (holder.modelProvider !== "scripted" && (await serverBudgetSpent(tx, now, budget)))
      return { kind: "pass", seat, turn, outcome: OUTCOMES.passedServerBudget };
    const tries = mine.filter((c) => c.attempt === attempt);
    if (tries.some((c) => c.retryAt !== null && c.retryAt.getTime() > now)) return null;
    const row = await tx.gameModelCall.create({
      data: {
        tableId,
        seat,
        turn,
        attempt,
        try: tries.length + 1,
        provider: holder.modelProvider,
        model: holder.modelName ?? "",
        startedAt: new Date(now),
      },
    });
    return {
      kind: "ask",
      callId: row.id,
      seat,
      turn,
      attempt,
      try: tries.length + 1,
      turnEndsAt: d.turnEndsAt,
    };
  });
}

/**
 * The facts of the ask: the table view its seat's holder would read (redacted for it, the same as any door's), and the
 * refusal it is asked again after.
 */
async function factsFor(db: Db, tableId: number, c: Extract<Claimed, { kind: "ask" }>, now: number) {
  const loaded = (await loadTable(db, tableId))!;
  const calls = await db.gameModelCall.findMany({ where: { tableId, seat: c.seat }, orderBy: { id: "asc" } });
  // The re-ask is told why its first ask failed; a retry after a transient failure is the same ask, told nothing.
  const refused = calls.filter((k) => k.turn === c.turn && k.attempt < c.attempt && failedAsk(k));
  const state = seatState(loaded, c.seat, now);
  const facts: ModelPlayerFacts = {
    table: modelTable({ ...state, game: state.game! }),
    seat: c.seat,
    now,
    asks: calls.filter((k) => k.id !== c.callId).length,
    refusal: refused.at(-1)?.error ?? null,
  };
  return { loaded, facts };
}

/** Ask one claimed seat, take its reply (or its failure), and record the call. */
async function ask(db: Db, tableId: number, c: Extract<Claimed, { kind: "ask" }>, run: Required<ModelRun>) {
  const started = run.clock();
  const { loaded, facts } = await factsFor(db, tableId, c, started);
  const holder = loaded.seats[c.seat]!;
  const { system, prompt } = modelPrompt(facts);
  const reply: SoulReply = await run
    .providerFor(holder.modelProvider as ProviderName)
    .call({
      prompt,
      system,
      model: holder.modelName ?? "",
      baseUrl: holder.modelBaseUrl,
      attempt: c.attempt,
      script: holder.modelScript,
      game: facts,
    })
    .catch((e: unknown) => failed(`the provider threw: ${(e as Error).message}`));
  const now = run.clock();
  const retryAt =
    !reply.ok && reply.transient
      ? nextTryAt(c.try, now, c.turnEndsAt, reply.retryAfterMs ?? null, run.random())
      : null;

  let okReply = false;
  let error: string | null = null;
  let outcome: string;
  let whispers: unknown[] = [];
  if (reply.ok) {
    const read = readModelReply(reply.text);
    const acted = read.ok ? await appendAct(db, tableId, () => ok(c.seat), read.value.proposed, now) : read;
    if (acted.ok) {
      okReply = true;
      outcome = OUTCOMES.acted;
      whispers = read.ok ? read.value.whispers : [];
    } else {
      error = acted.message;
      const after = await loadTable(db, tableId);
      const moved = !after?.game || derive(after.game, now).actCount !== c.turn;
      outcome = moved ? OUTCOMES.late : c.attempt === 1 ? OUTCOMES.refused : OUTCOMES.passedRefused;
    }
  } else {
    error = reply.error;
    outcome = retryAt !== null ? OUTCOMES.retry : c.attempt === 1 ? OUTCOMES.failed : OUTCOMES.passedFailed;
  }
  await db.$transaction(async (tx) => {
    await tx.gameModelCall.updateMany({
      where: { id: c.callId, finishedAt: null },
      data: {
        finishedAt: new Date(now),
        ok: okReply,
        tokensIn: reply.tokensIn,
        tokensOut: reply.tokensOut,
        costUsd: reply.costUsd,
        latencyMs: Math.max(0, Math.round(now - started)),
        error,
        retryAt: retryAt === null ? null : new Date(retryAt),
        outcome,
      },
    });
    // the queue wakes a worker at the retry time (any process); the sweeper's runs skip the turn until then
    if (retryAt !== null) await enqueue(tx, "model", { tableId }, { startAfter: new Date(retryAt) });
  });
  if (outcome === OUTCOMES.passedRefused || outcome === OUTCOMES.passedFailed)
    await appendAct(db, tableId, () => ok(c.seat), { type: "pass" }, now);
  // Its whispers, each judged like anyone's; one refused is dropped (the act stands).
  for (const w of whispers)
    await appendWhisper(
      db,
      tableId,
      () => ok(c.seat),
      w,
      now,
      () => true,
    );
}

/**
 * Asks every model seat whose turn it is now, in turn, until a seat that is not a model's is to act (or the end, or
 * a retry's wait). Idempotent and safe from several processes at once. Returns the number of asks and passes.
 */
export async function runModelPlayers(db: Db, tableId: number, opts: ModelRun = {}): Promise<number> {
  const run: Required<ModelRun> = {
    providerFor: opts.providerFor ?? providerFor,
    clock: opts.clock ?? Date.now,
    random: opts.random ?? Math.random,
  };
  const { timeoutMs, budget } = soulsEnv();
  let done = 0;
  for (; done < MAX_ASKS; done++) {
    let c: Claimed | null;
    try {
      c = await claim(db, tableId, run.clock(), timeoutMs, budget);
    } catch (e) {
      if (isUniqueViolation(e)) return done; // another process claimed this ask first
      throw e;
    }
    if (!c) return done;
    if (c.kind === "pass") {
      const now = run.clock();
      const passed = await appendAct(db, tableId, () => ok(c.seat), { type: "pass" }, now);
      if (!passed.ok) return done;
      await db.gameModelCall.create({
        data: {
          tableId,
          seat: c.seat,
          turn: c.turn,
          attempt: 3,
          try: 1,
          provider: "none",
          model: "",
          startedAt: new Date(now),
          finishedAt: new Date(now),
          ok: false,
          outcome: c.outcome,
        },
      });
      continue;
    }
    await ask(db, tableId, c, run);
  }
  return done;
}
