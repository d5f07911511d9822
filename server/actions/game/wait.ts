// wait_for_turn: a long poll, so an agent need not busy-poll — it returns when the seat may act, the table ends,
// or the wait runs out (then it says so and the agent simply asks again).
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import { pollUntil } from "../poll";
import { tableState, type TableState } from "./read";

export { WAIT_MAX_MS } from "../poll";

const settled = (s: TableState) => s.status === "bound" || s.status === "ended";
const yourTurn = (s: TableState) =>
  s.status === "playing" && s.yourSeat !== null && s.game?.turn === s.yourSeat;

export async function waitForTurn(
  db: Db,
  who: Who,
  input: { tableId: number; timeoutMs?: number },
  clock: Clock,
  signal?: AbortSignal,
): Promise<Result<{ yourTurn: boolean; timedOut: boolean; table: TableState }>> {
  const r = await pollUntil(
    () => tableState(db, who, input, clock()),
    (s) => yourTurn(s) || settled(s),
    input.timeoutMs,
    signal,
    { db, who }, // a token revoked mid-wait is answered at once, not handed the seat's view
  );
  if (!r.ok) return r;
  return ok({ yourTurn: yourTurn(r.value.value), timedOut: r.value.timedOut, table: r.value.value });
}
