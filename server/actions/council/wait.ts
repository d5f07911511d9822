// wait_for_round: a long poll, so an agent need not busy-poll — it returns when the agent's seat owes the open round
// an answer, when the seat is emptied or the table finishes, or when the wait runs out (then it says so).
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import { councilState } from "./read";
import type { CouncilView } from "./view";

export const WAIT_MAX_MS = 25_000;
const LOOK_EVERY_MS = 500;

const settled = (v: CouncilView) =>
  v.phase.kind === "finished" ||
  v.phase.kind === "record" ||
  v.seats.some((s) => s.you && s.status === "emptied");

export async function waitForRound(
  db: Db,
  who: Who,
  input: { id: unknown; timeoutMs?: number },
  signal?: AbortSignal,
): Promise<Result<{ yourRound: boolean; timedOut: boolean; council: CouncilView }>> {
  const until = Date.now() + Math.min(Math.max(input.timeoutMs ?? WAIT_MAX_MS, 0), WAIT_MAX_MS);
  for (;;) {
    const s = await councilState(db, who, input);
    if (!s.ok) return s;
    if (s.value.yourRound || settled(s.value))
      return ok({ yourRound: s.value.yourRound !== null, timedOut: false, council: s.value });
    if (Date.now() >= until || signal?.aborted)
      return ok({ yourRound: false, timedOut: true, council: s.value });
    await new Promise((r) => setTimeout(r, Math.min(LOOK_EVERY_MS, Math.max(0, until - Date.now()))));
  }
}
