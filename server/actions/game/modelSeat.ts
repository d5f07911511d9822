// Seating a model player (game.md §13): the host names a provider and a model like it seats a house bot; keys stay
// in the server's environment, and a base URL must be one the server allows. The table's model calls always have a
// budget in tokens: the server's default, or what the host sets within the server's cap (PARLEY_MODEL_BUDGET_*).
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { publish } from "../../live/outbox";
import { modelRefusal } from "../../rules/game";
import { fail, ok, type Result } from "../../rules/result";
import { checkModelSeat, PROVIDERS, soulsEnv, ZPlayerScript } from "../../souls";
import { ZOneLine } from "../input";
import { tableAndLobby } from "./events";
import { modelSeatName } from "./seats";
import { asHost } from "./tables";

export const ZSeatModel = z
  .object({
    provider: z.enum(PROVIDERS).describe("anthropic, openai-compatible or scripted (offline, deterministic)"),
    model: ZOneLine.max(100).optional().describe("the model id; the provider's default when absent"),
    baseUrl: z
      .string()
      .max(300)
      .optional()
      .describe("openai-compatible only: one of the server's allowed base URLs"),
    script: ZPlayerScript.optional().describe("scripted only: replies by ask, from the first"),
    budgetTokens: z
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .optional()
      .describe(
        "the table's budget for all its model calls, in tokens (in + out), at most the server's cap (PARLEY_MODEL_BUDGET_MAX_TOKENS); the server's default (PARLEY_MODEL_BUDGET_TOKENS) when neither this nor an earlier seat set one: past it a model passes",
      ),
    budgetUsd: z
      .number()
      .min(0)
      .max(10_000)
      .optional()
      .describe("a budget in US dollars as well (for priced models): past either, a model passes"),
  })
  .strict();

export async function seatModel(
  db: Db,
  who: Who,
  input: { tableId: number; body: z.output<typeof ZSeatModel> },
): Promise<Result<{ seat: number; name: string }>> {
  const b = input.body;
  const env = soulsEnv();
  const checked = checkModelSeat({ name: "The model player", ...b }, env);
  if (!checked.ok) return checked;
  const { maxTableTokens, tableTokens } = env.budget;
  if (b.budgetTokens !== undefined && b.budgetTokens > maxTableTokens)
    return fail(
      "invalid",
      `A table's budget for model calls is at most ${maxTableTokens} tokens (the server's cap, PARLEY_MODEL_BUDGET_MAX_TOKENS).`,
      "budgetTokens",
    );
  if (b.script !== undefined && b.provider !== "scripted")
    return fail("invalid", "Only a scripted model player takes a script.");
  return asHost(db, who, input.tableId, modelRefusal, async (tx, { table, seats }) => {
    const { provider, model, baseUrl } = checked.value;
    await tx.seat.create({
      data: {
        tableId: table.id,
        position: (seats.at(-1)?.position ?? -1) + 1,
        modelProvider: provider,
        modelName: model,
        modelBaseUrl: baseUrl,
        modelScript: (b.script as Prisma.InputJsonValue | undefined) ?? undefined,
      },
    });
    // Every table with a model seat has a budget in tokens: the one asked for, else the one it has, else the default.
    const tokens = b.budgetTokens ?? table.modelBudgetTokens ?? tableTokens;
    if (tokens !== table.modelBudgetTokens || b.budgetUsd !== undefined)
      await tx.gameTable.update({
        where: { id: table.id },
        data: {
          modelBudgetTokens: tokens,
          ...(b.budgetUsd !== undefined ? { modelBudgetUsd: b.budgetUsd } : {}),
        },
      });
    const name = modelSeatName(provider, model);
    await publish(tx, ...tableAndLobby(table.id, "seat.joined", { model: name }));
    return ok({ seat: seats.length, name });
  });
}
