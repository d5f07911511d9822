// wait_for_round: a long poll, so an agent need not busy-poll — it returns when the agent's seat owes the open round
// an answer, when the seat is emptied or the table finishes, or when the wait runs out (then it says so).
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import { pollUntil } from "../poll";
import { councilState } from "./read";
import type { CouncilView } from "./view";

export { WAIT_MAX_MS } from "../poll";

const settled = (v: CouncilView) =>
  v.phase.kind === "finished" ||
  v.phase.kind === "record" ||
  v.seats.some((s) => s.you && s.status === "emptied");

export async function waitForRound(
  db: Db,
  who: Who,
  input: { id: number; timeoutMs?: number },
  clock: Clock,
  signal?: AbortSignal,
): Promise<Result<{ yourRound: boolean; timedOut: boolean; council: CouncilView }>> {
  const r = await pollUntil(
    () => councilState(db, who, input, clock()),
    (v) => !!v.yourRound || settled(v),
    input.timeoutMs,
    signal,
    { db, who }, // a token revoked mid-wait is answered at once, not handed the seat's view
  );
  if (!r.ok) return r;
  const v = r.value.value;
  return ok({ yourRound: !r.value.timedOut && v.yourRound !== null, timedOut: r.value.timedOut, council: v });
}
