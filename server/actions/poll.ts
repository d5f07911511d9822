// The long poll behind wait_for_turn and wait_for_round: read until the answer is ready or the wait runs out.
// The server looks again every half second — one indexed read, the same whichever process took the change.
import type { Db } from "../db";
import type { Who } from "../identity";
import type { Result } from "../rules/result";
import { fail, ok } from "../rules/result";
import { stillSignedIn } from "./agents";

export const WAIT_MAX_MS = 25_000;
const LOOK_EVERY_MS = 500;

/**
 * `asker` is checked at every look: a token revoked mid-wait gets `signin_required` at the next
 * look (within half a second), never the seat's view it may no longer read.
 */
export async function pollUntil<T>(
  read: () => Promise<Result<T>>,
  ready: (value: T) => boolean,
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
  asker: { db: Db; who: Who },
): Promise<Result<{ value: T; timedOut: boolean }>> {
  const until = Date.now() + Math.min(Math.max(timeoutMs ?? WAIT_MAX_MS, 0), WAIT_MAX_MS);
  for (;;) {
    const r = await read();
    // Checked after the read, so whatever this answers was read while the token was still good.
    if (!(await stillSignedIn(asker.db, asker.who)))
      return fail("signin_required", "That bearer token was revoked.");
    if (!r.ok) return r;
    if (ready(r.value)) return ok({ value: r.value, timedOut: false });
    if (Date.now() >= until || signal?.aborted) return ok({ value: r.value, timedOut: true });
    await new Promise((res) => setTimeout(res, Math.min(LOOK_EVERY_MS, Math.max(0, until - Date.now()))));
  }
}
