// When a model soul's failed call is tried again (issue: one 429 re-asked 356 ms later emptied the seat): a transient
// failure (rate limited, the provider's 5xx, no answer) waits for the provider's Retry-After or an exponential
// backoff with jitter, whichever is longer, for a bounded number of tries that all fit before the round's deadline;
// only then does it count as a failed ask. Pure: the jitter's random number is an argument.

/** Tries of one ask at most, the first included. */
export const MODEL_TRIES_MAX = 5;
export const MODEL_BACKOFF_BASE_MS = 1_000;
export const MODEL_BACKOFF_MAX_MS = 60_000;
/** A retry must leave this much of the round for the answer itself. */
export const MODEL_RETRY_MARGIN_MS = 5_000;

/**
 * When try `tried + 1` may go, after `tried` transient failures, the last one at `now`; null when the ask gives up
 * (tries spent, or the wait would not fit before `deadlineAt`). `random` is in [0, 1).
 */
export function nextTryAt(
  tried: number,
  now: number,
  deadlineAt: number,
  retryAfterMs: number | null,
  random: number,
): number | null {
  if (tried >= MODEL_TRIES_MAX) return null;
  const backoff = Math.min(MODEL_BACKOFF_MAX_MS, MODEL_BACKOFF_BASE_MS * 2 ** (tried - 1));
  const jittered = backoff / 2 + (backoff / 2) * random; // "equal jitter": never less than half the backoff
  const at = now + Math.max(jittered, retryAfterMs ?? 0);
  return at + MODEL_RETRY_MARGIN_MS <= deadlineAt ? Math.ceil(at) : null;
}
