// Retrying a model soul's transient failure: Retry-After honoured, backoff doubling with jitter, bounded by tries
// and by the round's deadline.
import { describe, expect, it } from "vitest";
import { MODEL_BACKOFF_MAX_MS, MODEL_RETRY_MARGIN_MS, MODEL_TRIES_MAX, nextTryAt } from "./retry";

const NOW = 1_000_000;
const FAR = NOW + 3_600_000;

describe("when a failed model call is tried again", () => {
  it("backs off exponentially, with jitter between half and all of the backoff", () => {
    expect(nextTryAt(1, NOW, FAR, null, 0)).toBe(NOW + 500);
    expect(nextTryAt(1, NOW, FAR, null, 0.999)).toBeLessThanOrEqual(NOW + 1000);
    expect(nextTryAt(2, NOW, FAR, null, 0)).toBe(NOW + 1000);
    expect(nextTryAt(4, NOW, FAR, null, 0)).toBe(NOW + 4000);
  });

  it("waits at least the provider's Retry-After", () => {
    expect(nextTryAt(1, NOW, FAR, 20_000, 0.5)).toBe(NOW + 20_000);
  });

  it("never backs off longer than the cap", () => {
    expect(nextTryAt(4, NOW, NOW + 10 * MODEL_BACKOFF_MAX_MS, null, 0.999)! - NOW).toBeLessThanOrEqual(
      MODEL_BACKOFF_MAX_MS,
    );
  });

  it("gives up when the tries are spent, or the wait would not leave the answer time before the deadline", () => {
    expect(nextTryAt(MODEL_TRIES_MAX, NOW, FAR, null, 0)).toBeNull();
    expect(nextTryAt(1, NOW, NOW + 20_000 + MODEL_RETRY_MARGIN_MS - 1, 20_000, 0)).toBeNull();
    expect(nextTryAt(1, NOW, NOW + 20_000 + MODEL_RETRY_MARGIN_MS, 20_000, 0)).toBe(NOW + 20_000);
  });
});
