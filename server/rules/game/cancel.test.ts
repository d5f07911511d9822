// A moderator's cancellation in the rules (shared/spec/access.md, "Moderation"): a table still playing ends
// `cancelled` at that instant — no act after it, no clock pass after it, no payoffs — and is revealed like any ended
// table; one bound or past its deadline before the cancellation stays as it was. The record carries it, and replay
// reaches the same state.
import { describe, expect, it } from "vitest";
import { check } from "./check";
import { derive } from "./derive";
import { may } from "./may";
import { toRecord } from "./record";
import { replay } from "./replay";
import { exampleAt, exampleTable, HOUR } from "./test-kit";
import { view } from "./view";
import { WORKED_EXAMPLE } from "./worked-example";

const CANCELLED = "A moderator cancelled this table; no more acts are taken.";

describe("a cancelled table", () => {
  it("ends at its cancellation: no act, no clock pass, no payoffs; the reveal for every viewer", () => {
    const at = exampleAt(2);
    const game = { ...exampleTable(2), cancelledAt: at };
    const long = at + 100 * HOUR;
    const d = derive(game, long);
    expect(d).toMatchObject({ status: "cancelled", turn: null, payoffs: null, endedAt: at });
    expect(d.dueClockActs).toEqual([]);
    expect(derive(game, at - 1).status).toBe("playing");
    expect(check(game, 2, { type: "pass" }, at)).toEqual({ ok: false, code: "conflict", message: CANCELLED });
    expect(may(game, 2, at + 1).pass).toBe(CANCELLED);
    const guest = view(game, { seat: null }, long);
    expect(guest.charges).toHaveLength(WORKED_EXAMPLE.game.seats);
    expect(guest.standings).toBeNull();
    expect(guest.said.every((s) => s.clause === undefined || s.truthful !== null)).toBe(true);
  });

  it("a table bound before its cancellation stays bound; one past its deadline stays ended", () => {
    const all = WORKED_EXAMPLE.game.acts.length;
    const bound = exampleTable(all);
    const after = bound.acts[all - 1]!.at + 1;
    expect(derive({ ...bound, cancelledAt: after }, after + HOUR).status).toBe("bound");
    const idle = exampleTable(0);
    const pastDeadline = idle.startedAt + idle.deadlineMs + 1;
    expect(derive({ ...idle, cancelledAt: pastDeadline }, pastDeadline + HOUR).status).toBe("ended");
  });

  it("the record carries the cancellation, and replay reaches the same state", () => {
    const at = exampleAt(2);
    const game = { ...exampleTable(2), cancelledAt: at };
    const record = toRecord(game, WORKED_EXAMPLE.names);
    expect(record.cancelledAt).toBe(new Date(at).toISOString());
    const r = replay(JSON.parse(JSON.stringify(record)), at + HOUR);
    expect(r.ok && [r.value.status, r.value.payoffs]).toEqual(["cancelled", null]);
    const without = replay({ ...record, cancelledAt: undefined }, at + HOUR);
    expect(without.ok && without.value.status).not.toBe("cancelled");
  });
});
