// §11 the record and offline replay: the worked example checks out, and each refusal names the act and why.

import { describe, expect, it } from "vitest";
import { DEADLINE_DEFAULT_MS, TURN_WINDOW_DEFAULT_MS } from "./constants";
import { dealOutput } from "./deal";
import { toRecord, type RecordAct, type TableRecord } from "./record";
import { replay } from "./replay";
import { playBotTable } from "./simulate";
import { MINUTE } from "./test-kit";
import { WORKED_EXAMPLE } from "./worked-example";

const { game, names, accordA } = WORKED_EXAMPLE;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (minutes: number) => iso(game.startedAt + minutes * MINUTE);

/** The worked example's record with its acts replaced (the table and charges kept). */
const recordWith = (acts: RecordAct[]): TableRecord => ({ ...toRecord(game, names), acts });
const offerA: RecordAct = { type: "offer", accord: { ...accordA }, at: at(5) };

describe("the record", () => {
  it("writes the worked example as §11 shows it", () => {
    const record = toRecord(game, names);
    expect(record).toMatchObject({
      seats: names,
      charter: game.charter,
      startedAt: "2026-11-29T09:00:00.000Z",
      turnWindowMs: TURN_WINDOW_DEFAULT_MS,
      deadlineMs: DEADLINE_DEFAULT_MS,
    });
    expect(record).not.toHaveProperty("seed");
    expect(record.acts[0]).toEqual({ type: "offer", accord: accordA, at: "2026-11-29T09:05:00.000Z" });
    expect(record.acts[3]).toEqual({
      type: "pass",
      said: { text: "I need the ledger published", claims: [{ clause: "ledger", setting: "published" }] },
      at: "2026-11-29T09:20:00.000Z",
    });
    expect(record.acts[4]).toEqual({
      type: "accept",
      cite: { clause: "pilot", setting: "reinstated" },
      at: at(25),
    });
    expect(Object.keys(record)).toEqual([
      "seats",
      "charter",
      "charges",
      "startedAt",
      "turnWindowMs",
      "deadlineMs",
      "acts",
    ]);
  });
});

describe("replay", () => {
  it("re-derives the worked example from its JSON: A bound, payoffs 6,3,3,3,5, Dace's claim true", () => {
    const result = replay(JSON.parse(JSON.stringify(toRecord(game, names))));
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        status: "bound",
        quorum: 4,
        turn: null,
        standingOffer: { accord: accordA, seat: 0, act: 0 },
        acceptances: [1, 2, 4, 0],
        payoffs: [6, 3, 3, 3, 5],
        said: [{ seat: 3, act: 3, clause: "ledger", setting: "published", truthful: true }],
        boundAt: "2026-11-29T09:30:00.000Z",
        endedAt: null,
        commitment: null,
      }),
    });
    expect(
      result.ok && result.value.sworn.map(({ seat, clause, setting }) => ({ seat, clause, setting })),
    ).toEqual([
      { seat: 1, clause: "ledger", setting: "redacted" },
      { seat: 2, clause: "beacon", setting: "kept" },
      { seat: 4, clause: "pilot", setting: "reinstated" },
      { seat: 0, clause: "hold", setting: "sealed" },
    ]);
  });

  it("resolves a missing cite by the default rule, as check does", () => {
    const record = toRecord(game, names);
    const acts = record.acts.map((a): RecordAct =>
      a.type === "accept" && a.at !== at(25) ? { type: "accept", at: a.at } : a,
    );
    const result = replay({ ...record, acts });
    expect(result.ok && result.value.sworn.map((s) => s.clause)).toEqual([
      "ledger",
      "beacon",
      "pilot",
      "hold",
    ]);
  });

  it("says playing with truth unknown before the end, and with --now applies the clock and the deadline", () => {
    const partial = recordWith(toRecord(game, names).acts.slice(0, 4));
    const playing = replay(partial);
    expect(playing).toMatchObject({ ok: true, value: { status: "playing", turn: 4, payoffs: null } });
    expect(playing.ok && playing.value.said[0]?.truthful).toBeNull();

    const ended = replay(partial, game.startedAt + DEADLINE_DEFAULT_MS);
    expect(ended).toMatchObject({
      ok: true,
      value: {
        status: "ended",
        endedAt: "2026-11-30T09:00:00.000Z",
        payoffs: [1, 2, 1, 0, 2],
        acts: 7,
        dueClockActs: [
          { type: "pass", by: "clock", at: "2026-11-29T15:20:00.000Z" },
          { type: "pass", by: "clock", at: "2026-11-29T21:20:00.000Z" },
          { type: "pass", by: "clock", at: "2026-11-30T03:20:00.000Z" },
        ],
      },
    });
    expect(ended.ok && ended.value.said[0]?.truthful).toBe(true);
  });

  it("takes clock passes written at exactly the previous time + the window", () => {
    const acts: RecordAct[] = [
      { type: "pass", by: "clock", at: at(360) },
      { type: "pass", at: at(361) },
    ];
    expect(replay(recordWith(acts))).toMatchObject({ ok: true, value: { turn: 2, acts: 2 } });
  });

  it("checks a dealt table against its seed and gives the commitment to compare", () => {
    const seed = "5e".repeat(32);
    const { game: dealt } = playBotTable(seed, 5, {
      startedAt: Date.parse("2026-12-01T00:00:00Z"),
      stepMs: 7 * MINUTE,
    });
    const record = toRecord(dealt, ["a", "b", "c", "d", "e"], seed);
    expect(replay(record)).toMatchObject({ ok: true, value: { commitment: dealOutput(seed, 5).commitment } });
    const tampered = structuredClone(record);
    const charge = tampered.charges[0];
    if (charge) charge.fallback = (charge.fallback + 1) % 3; // still a legal charge, but not the dealt one
    expect(replay(tampered)).toEqual({
      ok: false,
      index: null,
      reason: "The charter and charges are not the deal of the record's seed.",
    });
  });

  describe("refuses, naming the act's index and the reason:", () => {
    const refused = (acts: RecordAct[], index: number, reason: RegExp) =>
      expect(replay(recordWith(acts))).toEqual({ ok: false, index, reason: expect.stringMatching(reason) });

    it("accepting with nothing to swear", () => {
      const accordB = { ...accordA, hold: "opened", salvage: "to_the_owners" };
      const passAt = (m: number): RecordAct => ({ type: "pass", at: at(m) });
      refused(
        [{ ...offerA, accord: accordB }, passAt(10), passAt(15), { type: "accept", at: at(20) }],
        3,
        /^Dace \(seat 3\): The standing offer satisfies none of your aims/,
      );
    });

    it("a bad cite", () => {
      refused(
        [offerA, { type: "accept", cite: { clause: "salvage", setting: "to_the_owners" }, at: at(10) }],
        1,
        /^Brine \(seat 1\): The cite must be one of your aims/,
      );
    });

    it("an accept with no standing offer, or a second accept of the same offer", () => {
      refused([{ type: "accept", at: at(5) }], 0, /no standing offer/);
      const round: RecordAct[] = [
        offerA,
        { type: "accept", at: at(10) },
        ...[15, 20, 25, 30].map((m): RecordAct => ({ type: "pass", at: at(m) })),
      ];
      refused([...round, { type: "accept", at: at(35) }], 6, /already accepted/);
    });

    it("an accord missing a clause", () => {
      const { chart: _, ...missing } = accordA;
      refused([{ ...offerA, accord: missing }], 0, /^Aster \(seat 0\): The accord has no setting for chart/);
    });

    it("an accord naming a clause outside the charter", () => {
      refused(
        [{ ...offerA, accord: { ...accordA, flag: "struck" } }],
        0,
        /“flag”, which is not on this table's charter/,
      );
    });

    it("a said claim outside the charter", () => {
      refused(
        [offerA, { type: "pass", said: { claims: [{ clause: "inquiry", setting: "held" }] }, at: at(10) }],
        1,
        /A said claim names “inquiry”/,
      );
    });

    it("said text that is too long", () => {
      refused([{ type: "pass", said: { text: "x".repeat(281) }, at: at(5) }], 0, /281 characters/);
    });

    it("an act after binding", () => {
      refused(
        [...toRecord(game, names).acts, { type: "pass", at: at(35) }],
        6,
        /^The accord bound at act 5; no act is taken after binding\.$/,
      );
    });

    it("an act at or after the deadline", () => {
      const clockPasses = [360, 720, 1080].map((m): RecordAct => ({ type: "pass", by: "clock", at: at(m) }));
      refused(
        [...clockPasses, { type: "pass", at: at(1440) }],
        3,
        /at or after the deadline \(2026-11-30T09:00:00.000Z\)/,
      );
      refused([...clockPasses, { type: "pass", by: "clock", at: at(1440) }], 3, /at or after the deadline/);
    });

    it("a seat's act after its window ran out", () => {
      refused(
        [offerA, { type: "accept", at: iso(Date.parse(offerA.at) + TURN_WINDOW_DEFAULT_MS) }],
        1,
        /^Brine's turn window ran out at 2026-11-29T15:05:00.000Z/,
      );
    });

    it("a clock pass at the wrong moment", () => {
      refused(
        [offerA, { type: "pass", by: "clock", at: at(10) }],
        1,
        /^A clock pass must be at exactly 2026-11-29T15:05:00.000Z/,
      );
      refused([{ type: "pass", by: "clock", at: at(361) }], 0, /exactly 2026-11-29T15:00:00.000Z/);
    });

    it("acts out of time order", () => {
      refused(
        [offerA, { type: "pass", at: at(4) }],
        1,
        /before the act before it \(2026-11-29T09:05:00.000Z\); acts must be in time order/,
      );
      refused([{ type: "pass", at: at(-1) }], 0, /time order/);
    });

    it("a clock's offer or accept", () => {
      expect(replay(recordWith([{ ...offerA, by: "clock" } as RecordAct]))).toMatchObject({
        ok: false,
        index: 0,
      });
    });
  });

  describe("refuses a malformed record with index null (or the act whose shape is wrong)", () => {
    it("is not a record at all", () => {
      expect(replay(null)).toMatchObject({
        ok: false,
        index: null,
        reason: expect.stringMatching(/^The record is malformed/),
      });
      expect(replay({ ...toRecord(game, names), charter: undefined })).toMatchObject({
        ok: false,
        index: null,
        reason: expect.stringMatching(/at charter/),
      });
    });
    it("has an act with no time or an unknown type", () => {
      const record = toRecord(game, names);
      expect(replay({ ...record, acts: [offerA, { type: "pass", at: "yesterday" }] })).toMatchObject({
        ok: false,
        index: 1,
        reason: expect.stringMatching(/acts\.1\.at/),
      });
      expect(replay({ ...record, acts: [{ type: "bid", at: at(5) }] })).toMatchObject({
        ok: false,
        index: 0,
      });
    });
    it("breaks the table's own rules", () => {
      const record = toRecord(game, names);
      const bad = (patch: Partial<TableRecord>, reason: RegExp) =>
        expect(replay({ ...record, ...patch })).toEqual({
          ok: false,
          index: null,
          reason: expect.stringMatching(reason),
        });
      bad({ seats: ["a", "b", "c"] }, /4 to 6 seats/);
      bad({ charter: [...game.charter].reverse() }, /pool order/);
      bad({ charter: game.charter.slice(1) }, /7 clauses/);
      bad({ charges: record.charges.slice(1) }, /5 seats but 4 charges/);
      bad({ charges: record.charges.map((c) => ({ ...c, fallback: 3 })) }, /fallback from 0 to 2/);
      bad(
        { charges: record.charges.map((c) => ({ ...c, aims: [...c.aims].reverse() })) },
        /weigh its aims 3, 2, 1/,
      );
      bad({ turnWindowMs: 1000 }, /clock is out of range/);
      bad({ deadlineMs: TURN_WINDOW_DEFAULT_MS }, /at least 2 turn windows/);
      bad({ seed: "xyz" }, /seed is not 64 hex digits/);
    });
  });
});
