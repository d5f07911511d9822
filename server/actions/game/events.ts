// The game's live events: what changes a table is told to its own watchers and to the lobby alike.
import type { Prisma } from "../../generated/prisma/client";
import type { OutboxEvent } from "../../live/outbox";

/** One change, announced on `table:<id>` and on `lobby`; payloads never carry a charge or the seed. */
export const tableAndLobby = (
  tableId: number,
  type: string,
  payload: Prisma.InputJsonObject,
): OutboxEvent[] => [
  { topic: `table:${tableId}`, type, payload: { tableId, ...payload } },
  { topic: "lobby", type, payload: { tableId, ...payload } },
];
