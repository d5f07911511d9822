// Notifications that read well and come on time (notifications.md): a reminder's lead is at most a quarter of what
// it reminds of and none comes once its moment has passed; times are said in words by one formatter; a burst about
// one subject is one entry. Pure rules, no clock: every moment is an argument.
import { describe, expect, it } from "vitest";
import { roundReminderDue, roundReminderLead, ROUND_REMINDER_MS, type Phase } from "./council";
import { reminderLeadMs, REMINDER_LEAD_MAX_MS } from "./game";
import { BURST_MS, burstEnds, burstNumbers, groupBursts, opensBurst, subjectOf } from "./notifications";
import { whenText } from "./span";

const MIN = 60_000;
const T = Date.parse("2026-09-14T09:41:00Z");
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const round = (deadlineAt: number): Phase => ({ kind: "round", round: 2, deadlineAt, waiting: ["pat"] });

describe("reminder leads", () => {
  const spans = [MIN, 2 * MIN, 7 * MIN, 30 * MIN, 40 * MIN, 2 * 3_600_000, 7 * 24 * 3_600_000];

  it("a round's reminder leads by at most a quarter of the round, and at most 10 minutes", () => {
    for (const span of spans) {
      expect(roundReminderLead(span)).toBeLessThanOrEqual(span / 4);
      expect(roundReminderLead(span)).toBeLessThanOrEqual(ROUND_REMINDER_MS);
    }
    expect(roundReminderLead(2 * MIN)).toBe(30_000);
    expect(roundReminderLead(2 * 3_600_000)).toBe(10 * MIN);
  });

  it("a 2-minute round is not reminded as it opens, but 30 s before it closes; never at or after its deadline", () => {
    const opened = T;
    const deadline = opened + 2 * MIN;
    expect(roundReminderDue(round(deadline), opened, 2 * MIN)).toBeNull();
    expect(roundReminderDue(round(deadline), deadline - 30_001, 2 * MIN)).toBeNull();
    expect(roundReminderDue(round(deadline), deadline - 30_000, 2 * MIN)).toEqual({
      round: 2,
      seats: ["pat"],
      deadlineAt: deadline,
    });
    expect(roundReminderDue(round(deadline), deadline, 2 * MIN)).toBeNull();
    expect(roundReminderDue(round(deadline), deadline + 1, 2 * MIN)).toBeNull();
    // whatever the round's length and the moment asked, a reminder due is within its lead and before its moment
    for (const span of spans)
      for (let k = 0; k <= 40; k++) {
        const now = deadline - span + (span * k) / 40;
        const due = roundReminderDue(round(deadline), now, span);
        if (due) {
          expect(deadline - now).toBeLessThanOrEqual(span / 4);
          expect(now).toBeLessThan(deadline);
        }
      }
  });

  it("a turn window's reminder leads by at most a quarter of the window, and at most an hour", () => {
    for (const span of spans) {
      expect(reminderLeadMs(span)).toBeLessThanOrEqual(span / 4);
      expect(reminderLeadMs(span)).toBeLessThanOrEqual(REMINDER_LEAD_MAX_MS);
    }
  });
});

describe("times in words", () => {
  it("says a moment as the pages do: soon in words, far as a date in UTC, never as ISO", () => {
    expect(whenText(T + 30_000, T)).toBe("in 30 s");
    expect(whenText(T + 25 * MIN, T)).toBe("in 25 min");
    expect(whenText(T + 4 * 3_600_000 + 12 * MIN, T)).toBe("in 4 h 12 min");
    expect(whenText(T - 5 * MIN, T)).toBe("5 min ago");
    expect(whenText(T, T - 3 * 24 * 3_600_000)).toBe("on 14 Sep 2026, 09:41 UTC");
    expect(whenText(T, T, "Europe/Paris")).toBe("in 1 s");
    expect(whenText(T, T - 2 * 24 * 3_600_000, "Europe/Paris")).toMatch(/^on 14 Sep 2026, 11:41 /);
    for (const ahead of [0, 1, 59_999, 3_599_999, 86_399_999, 86_400_000, 400 * 86_400_000, -1, -7_200_000])
      expect(whenText(T + ahead, T)).not.toMatch(ISO);
  });
});

describe("bursts", () => {
  it("open with their first note and hold what follows for BURST_MS, wherever a clock's slot would cut", () => {
    // a wall-clock slot's edge, and notes a moment either side of it
    const edge = Math.ceil(T / BURST_MS) * BURST_MS;
    expect(burstNumbers([edge - 1, edge])).toEqual([1, 1]);
    expect(burstNumbers([edge - 1_000, edge + 1_000, edge - 1_000 + BURST_MS - 1])).toEqual([1, 1, 1]);
    // the first note after the window opens the next, and that window runs from it, not from the slot
    const later = T + BURST_MS + 30_000;
    expect(burstNumbers([T, later, later + 1, later + BURST_MS - 1, later + BURST_MS])).toEqual([
      1, 2, 2, 2, 3,
    ]);
    // a note every minute for ten minutes: bursts of three, each closing 3 min after it opened
    expect(burstNumbers(Array.from({ length: 10 }, (_, i) => T + i * MIN))).toEqual([
      1, 1, 1, 2, 2, 2, 3, 3, 3, 4,
    ]);
    expect(opensBurst(null, T)).toBe(true);
    expect(opensBurst(T, T + BURST_MS - 1)).toBe(false);
    expect(burstEnds(T)).toBe(T + BURST_MS);
  });

  it("groups one burst's notes into one entry, the latest first, and never a note about no subject", () => {
    const note = (id: number, burst: number | null, read = false) => ({ id, burst, read });
    const entries = groupBursts([
      note(6, null),
      note(5, null),
      note(4, 7),
      note(3, 8, true),
      note(2, 7, true),
      note(1, 7),
      note(0, 6),
    ]);
    expect(entries.map((e) => [e.latest.id, e.count, e.ids, e.unread])).toEqual([
      [6, 1, [6], true],
      [5, 1, [5], true],
      [4, 3, [4, 2, 1], true],
      [3, 1, [3], false],
      [0, 1, [0], true],
    ]);
    // every note of a burst can be read, oldest first
    expect(entries[2]!.notes.map((n) => n.id)).toEqual([1, 2, 4]);
    expect(entries[0]!.notes.map((n) => n.id)).toEqual([6]);
    expect(subjectOf("/plans/12?wave=a")).toBe("/plans/12");
    expect(subjectOf("/councils/3/minutes")).toBe("/councils/3");
    expect(subjectOf("/invitations")).toBeNull();
  });
});
