import { describe, expect, it } from "vitest";
import { span, timeAgo, timeLeft, utcMoment, words } from "./when";

const H = 3_600_000;
const M = 60_000;

describe("time in words", () => {
  it("says what is left in at most two units", () => {
    expect(timeLeft(4 * H + 12 * M, 0)).toBe("4h 12m left");
    expect(timeLeft(2 * 24 * H + 4 * H + 5 * M, 0)).toBe("2d 4h left");
    expect(timeLeft(45_000, 0)).toBe("45s left");
    // a short round's seconds count: 1m 50s is not "1m"
    expect(timeLeft(110_000, 0)).toBe("1m 50s left");
    expect(timeLeft(2 * M, 0)).toBe("2m left");
    expect(timeLeft(12 * M + 30_000, 0)).toBe("12m left");
    expect(timeLeft(3 * H, 0)).toBe("3h left");
    expect(timeLeft(0, 1)).toBe("time is up");
  });
  it("says how long ago in one unit", () => {
    expect(timeAgo(0, 20 * M)).toBe("20m ago");
    expect(timeAgo(0, 3 * H + 5 * M)).toBe("3h ago");
    expect(timeAgo(0, 5_000)).toBe("just now");
    expect(timeAgo(10 * M, 0)).toBe("in 10m");
  });
  it("names a UTC moment without guessing a zone", () => {
    expect(utcMoment(Date.UTC(2026, 8, 14, 9, 41))).toBe("14 Sep 2026, 09:41 UTC");
    expect(words("moment", Date.UTC(2026, 0, 2, 3, 4), 0)).toBe("2 Jan 2026, 03:04 UTC");
  });
  it("spans never go negative", () => {
    expect(span(-5)).toBe("0s");
  });
});
