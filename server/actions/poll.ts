// The long poll behind wait_for_turn and wait_for_round: read until the answer is ready or the wait runs out.
// The server looks again every half second — one indexed read, the same whichever process took the change.
import type { Result } from "../rules/result";
import { ok } from "../rules/result";

export const WAIT_MAX_MS = 25_000;
const LOOK_EVERY_MS = 500;

export async function pollUntil<T>(
  read: () => Promise<Result<T>>,
  ready: (value: T) => boolean,
  timeoutMs: number | undefined,
  signal?: AbortSignal,
): Promise<Result<{ value: T; timedOut: boolean }>> {
  const until = Date.now() + Math.min(Math.max(timeoutMs ?? WAIT_MAX_MS, 0), WAIT_MAX_MS);
  for (;;) {
    const r = await read();
    if (!r.ok) return r;
    if (ready(r.value)) return ok({ value: r.value, timedOut: false });
    if (Date.now() >= until || signal?.aborted) return ok({ value: r.value, timedOut: true });
    await new Promise((res) => setTimeout(res, Math.min(LOOK_EVERY_MS, Math.max(0, until - Date.now()))));
  }
}
