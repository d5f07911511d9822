// What model calls may still spend of the server's provider keys (shared/spec/access.md, "The floor"): a table's
// budget in tokens, and the server's over every model call of the last day — model players and Round Tables' model
// souls alike. Checked before each ask; asks in flight at once may each finish past it by their own call.
import type { Prisma } from "../generated/prisma/client";
import type { ModelBudget } from "../souls";

/** The window the server's budget counts: a rolling day. */
const BUDGET_DAY_MS = 86_400_000;

/** Tokens in + out of calls, a call whose provider did not say counting none. */
export const tokensOf = (calls: readonly { tokensIn: number | null; tokensOut: number | null }[]) =>
  calls.reduce((n, c) => n + (c.tokensIn ?? 0) + (c.tokensOut ?? 0), 0);

/** The tokens of every model call started in the day before `now`, across tables and Round Tables. */
async function spentToday(tx: Prisma.TransactionClient, now: number): Promise<number> {
  const where = { startedAt: { gt: new Date(now - BUDGET_DAY_MS) } };
  // one after the other: a transaction's queries run on one connection anyway
  const game = await tx.gameModelCall.aggregate({ where, _sum: { tokensIn: true, tokensOut: true } });
  const council = await tx.modelCall.aggregate({ where, _sum: { tokensIn: true, tokensOut: true } });
  return tokensOf([game._sum, council._sum]);
}

/**
 * A table's budget in tokens as it stands now: what its host set (a table from before every seat had one: the
 * default), never above today's cap.
 */
export const tableBudgetTokens = (set: number | null, budget: ModelBudget) =>
  Math.min(set ?? budget.tableTokens, budget.maxTableTokens);

/** Whether the server's budget for the day is spent at `now`. */
export async function serverBudgetSpent(
  tx: Prisma.TransactionClient,
  now: number,
  budget: ModelBudget,
): Promise<boolean> {
  return (await spentToday(tx, now)) >= budget.dayTokens;
}
