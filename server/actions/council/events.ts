// The live events of a round table: every change goes to its own topic and to the lobby, carrying no answer's content.
import type { Prisma } from "../../generated/prisma/client";
import { publish } from "../../live/outbox";

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

/** An event names what changed (a seat, a round) and never what a soul answered: it reaches every watcher. */
export async function announceChange(
  tx: Tx,
  councilId: number,
  type: string,
  payload: Record<string, Prisma.InputJsonValue | null> = {},
): Promise<void> {
  const e = { type, payload: { councilId, ...payload } };
  await publish(tx, { topic: `council:${councilId}`, ...e }, { topic: "lobby", ...e });
}
