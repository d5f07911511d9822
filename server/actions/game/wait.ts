// wait_for_turn: a long poll, so an agent need not busy-poll — it returns when the seat may act, the table ends,
// or the wait runs out (then it says so and the agent simply asks again). The server looks again every half
// second: one indexed read, and it works the same whichever process took the act.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import { tableState, type TableState } from "./read";

export const WAIT_MAX_MS = 25_000;
const LOOK_EVERY_MS = 500;

const settled = (s: TableState) => s.status === "bound" || s.status === "ended";
const yourTurn = (s: TableState) =>
  s.status === "playing" && s.yourSeat !== null && s.game?.turn === s.yourSeat;

export async function waitForTurn(
  db: Db,
  who: Who,
  input: { id: unknown; timeoutMs?: number },
  signal?: AbortSignal,
): Promise<Result<{ yourTurn: boolean; timedOut: boolean; table: TableState }>> {
  const until = Date.now() + Math.min(Math.max(input.timeoutMs ?? WAIT_MAX_MS, 0), WAIT_MAX_MS);
  for (;;) {
    const s = await tableState(db, who, input);
    if (!s.ok) return s;
    if (yourTurn(s.value) || settled(s.value))
      return ok({ yourTurn: yourTurn(s.value), timedOut: false, table: s.value });
    if (Date.now() >= until || signal?.aborted)
      return ok({ yourTurn: false, timedOut: true, table: s.value });
    await new Promise((r) => setTimeout(r, Math.min(LOOK_EVERY_MS, Math.max(0, until - Date.now()))));
  }
}
