// §12 whispers: who may send what and when, who reads them before and after the reveal, and the record's check.

import { describe, expect, it } from "vitest";
import { SAID_MAX, WHISPERS_PER_SEAT } from "./constants";
import { toRecord, type RecordWhisper } from "./record";
import { replay } from "./replay";
import { publicGame } from "./bot";
import { whisperLuck, type BotStrategy } from "./strategies";
import { botWhisper } from "./talk";
import { exampleAt, exampleTable, MINUTE } from "./test-kit";
import type { Game, Whisper } from "./types";
import { view } from "./view";
import { checkWhisper, whispered, whispersEndAt } from "./whisper";
import { WORKED_EXAMPLE } from "./worked-example";
import { arenaPlayers, standingsAcross } from "./arena";
import { check, WHISPERED_LATER } from "./check";

const { names } = WORKED_EXAMPLE;
const start = WORKED_EXAMPLE.game.startedAt;
const iso = (ms: number) => new Date(ms).toISOString();

/** Sends a whisper as a server would: judged, then appended. */
function send(game: Game, from: number, raw: unknown, at: number): Whisper {
  const r = checkWhisper(game, from, raw, at);
  if (!r.ok) throw new Error(r.message);
  (game.whispers ??= []).push(r.value);
  return r.value;
}

describe("sending a whisper", () => {
  it("takes no turn and moves no clock: the turn, the window and the act log stand as they were", () => {
    const game = exampleTable(1);
    const before = view(game, { seat: null }, exampleAt(1) - MINUTE);
    // Corin (seat 2) whispers out of turn, to Dace; Brine (seat 1) is still to act.
    send(game, 2, { to: 3, text: "  Stand with me on the pilot.  " }, exampleAt(1) - MINUTE);
    const after = view(game, { seat: null }, exampleAt(1) - MINUTE);
    expect(after.turn).toBe(before.turn);
    expect(after.turnEndsAt).toBe(before.turnEndsAt);
    expect(after.acts).toEqual(before.acts);
    expect(game.whispers).toEqual([
      { from: 2, to: 3, at: exampleAt(1) - MINUTE, text: "Stand with me on the pilot." },
    ]);
  });

  it("refuses each bad whisper with one sentence, and a table that has ended takes none", () => {
    const game = exampleTable(3);
    const at = exampleAt(3) - MINUTE;
    const refusal = (from: number, raw: unknown, when = at) => {
      const r = checkWhisper(game, from, raw, when);
      return r.ok ? "sent" : `${r.code}: ${r.message}`;
    };
    expect(refusal(0, { to: 0, text: "me" })).toBe(
      "invalid: A whisper goes to another seat, not to your own.",
    );
    expect(refusal(0, { to: 5, text: "hi" })).toBe("invalid: Whisper to a seat index from 0 to 4.");
    expect(refusal(0, { to: 1.5, text: "hi" })).toMatch(/^invalid: Whisper to a seat index/);
    expect(refusal(0, { to: 1 })).toBe("invalid: A whisper needs text or a claim; an empty one is not sent.");
    expect(refusal(0, { to: 1, text: "   ", claims: [] })).toMatch(/empty one is not sent/);
    expect(refusal(0, { to: 1, text: "x".repeat(SAID_MAX + 1) })).toBe(
      `invalid: Whisper text is ${SAID_MAX + 1} characters; keep it to ${SAID_MAX} or fewer.`,
    );
    expect(refusal(0, { to: 1, claims: [{ clause: "cargo", setting: "landed" }] })).toMatch(
      /^invalid: A whispered claim names “cargo”, which is not on this table's charter/,
    );
    expect(refusal(0, { to: 1, claims: [{ clause: "hold", setting: "ajar" }] })).toMatch(
      /^invalid: A whispered claim sets hold to “ajar”/,
    );
    expect(refusal(0, { to: 1, text: "early" }, start - 1)).toMatch(/^conflict: .*before the table started/);
    expect(refusal(7, { to: 1, text: "who?" })).toMatch(/^invalid: A whisper's sender must be a seat index/);
    // The example binds at its sixth act (09:30): at that moment and after, whispers are closed.
    const bound = exampleTable(6);
    expect(whispersEndAt(bound)).toBe(exampleAt(5));
    expect(checkWhisper(bound, 0, { to: 1, text: "late" }, exampleAt(5))).toMatchObject({
      ok: false,
      code: "conflict",
      message: "The table ended at 2026-11-29T09:30:00.000Z; whispers are sent only while it plays.",
    });
    expect(checkWhisper(bound, 0, { to: 1, text: "just in time" }, exampleAt(5) - 1)).toMatchObject({
      ok: true,
    });
    // Unsettled: the deadline closes them, and a cancellation does.
    const open = exampleTable(0);
    expect(checkWhisper(open, 0, { to: 1, text: "x" }, start + open.deadlineMs)).toMatchObject({
      code: "conflict",
    });
    expect(
      checkWhisper({ ...open, cancelledAt: start + 10 }, 0, { to: 1, text: "x" }, start + 10),
    ).toMatchObject({
      code: "conflict",
    });
  });

  it("allows WHISPERS_PER_SEAT per seat over the table, then refuses the next as conflict", () => {
    const game = exampleTable(0);
    for (let i = 0; i < WHISPERS_PER_SEAT; i++)
      send(game, 1, { to: i % 2 === 0 ? 0 : 2, text: `${i}` }, start + i);
    expect(checkWhisper(game, 1, { to: 3, text: "one more" }, start + 100)).toMatchObject({
      ok: false,
      code: "conflict",
      message: `This seat has sent all ${WHISPERS_PER_SEAT} whispers a seat may send at one table.`,
    });
    // The view answers the same: the spent seat is told why, another may, a guest is told nothing.
    expect(view(game, { seat: 1 }, start + 100).mayWhisper).toBe(
      `This seat has sent all ${WHISPERS_PER_SEAT} whispers a seat may send at one table.`,
    );
    expect(view(game, { seat: 0 }, start + 100).mayWhisper).toBe(true);
    expect(view(game, { seat: null }, start + 100).mayWhisper).toBeNull();
    expect(view(game, { seat: 0 }, start + game.deadlineMs).mayWhisper).toMatch(/^The table ended at /);
    // Another seat's count is its own.
    expect(checkWhisper(game, 0, { to: 1, text: "mine" }, start + 100)).toMatchObject({ ok: true });
    // Whispers are in time order: one earlier than the latest is refused.
    expect(checkWhisper(game, 0, { to: 1, text: "back then" }, start + 5)).toMatchObject({
      code: "conflict",
    });
  });
});

describe("a whisper and the binding act at one moment", () => {
  it("the accord cannot bind at or before the latest whisper's moment (it would leave the whisper after the end)", () => {
    const game = exampleTable(5); // Aster's accept is next, and it binds
    send(game, 2, { to: 4, text: "now or never" }, exampleAt(5));
    expect(check(game, 0, { type: "accept" }, exampleAt(5))).toEqual(WHISPERED_LATER);
    expect(check(game, 0, { type: "accept" }, exampleAt(5) + 1)).toMatchObject({ ok: true });
    // An act that does not bind is taken at that moment.
    expect(check(game, 0, { type: "pass" }, exampleAt(5))).toMatchObject({ ok: true });
  });
});

describe("who reads a whisper", () => {
  const game = exampleTable(3);
  send(
    game,
    3,
    { to: 0, text: "I need the ledger published", claims: [{ clause: "ledger", setting: "published" }] },
    exampleAt(3) - MINUTE,
  );
  send(game, 1, { to: 2, claims: [{ clause: "salvage", setting: "to_the_finders" }] }, exampleAt(3) - MINUTE);
  const now = exampleAt(3) - MINUTE;
  const secret = /ledger|published|salvage|to_the_finders|I need/;

  it("its two seats read it whole; a guest and every other seat read only that it happened", () => {
    for (const seat of [null, 0, 1, 2, 3, 4]) {
      const seen = view(game, { seat }, now).whispers;
      expect(seen.map((w) => [w.from, w.to, w.at])).toEqual([
        [3, 0, now],
        [1, 2, now],
      ]);
      for (const w of seen) {
        const party = seat === w.from || seat === w.to;
        expect(w.sealed).toBe(!party);
        if (!party) {
          expect(Object.keys(w).sort()).toEqual(["at", "from", "index", "sealed", "to"]);
          expect(JSON.stringify(w)).not.toMatch(secret);
        } else {
          expect(w.claims?.every((c) => c.truthful === null)).toBe(true);
        }
      }
    }
    expect(view(game, { seat: 0 }, now).whispers[0]).toMatchObject({
      text: "I need the ledger published",
      claims: [{ clause: "ledger", setting: "published", truthful: null }],
    });
  });

  it("at the reveal everyone reads every whisper, each claim judged against the sender's charge", () => {
    const done = structuredClone(game);
    done.acts = exampleTable(6).acts;
    const seen = view(done, { seat: null }, exampleAt(6)).whispers;
    expect(seen.every((w) => !w.sealed)).toBe(true);
    // Dace wants ledger = published (true); Brine wants salvage = to_the_owners, so to_the_finders is a lie.
    expect(seen.map((w) => w.claims?.map((c) => c.truthful))).toEqual([[true], [false]]);
    expect(whispered(done, true)).toEqual([
      { whisper: 0, from: 3, to: 0, clause: "ledger", setting: "published", truthful: true },
      { whisper: 1, from: 1, to: 2, clause: "salvage", setting: "to_the_finders", truthful: false },
    ]);
    expect(whispered(done, false).every((w) => w.truthful === null)).toBe(true);
    // And the arena counts whispered claims into honesty: Brine's one claim is its lie.
    const players = names.map((n) => `p:${n}`);
    const brine = standingsAcross([{ players, game: done }]).find((s) => s.player === "p:Brine")!;
    expect(brine).toMatchObject({ claims: 1, honesty: 0 });
    expect(arenaPlayers(["bot:cooperative"]).ok).toBe(true);
  });
});

describe("the record and replay", () => {
  const played = exampleTable(6);
  const before = exampleAt(5) - MINUTE;
  send(
    played,
    3,
    { to: 0, text: "Between us", claims: [{ clause: "ledger", setting: "published" }] },
    before,
  );
  send(played, 0, { to: 3, text: "Noted." }, before);
  const record = toRecord(played, names);
  const withWhispers = (whispers: RecordWhisper[]) => ({ ...record, whispers });

  it("carries every whisper in §12's form, and replay judges their claims", () => {
    expect(record.whispers).toEqual([
      {
        from: 3,
        to: 0,
        at: iso(before),
        text: "Between us",
        claims: [{ clause: "ledger", setting: "published" }],
      },
      { from: 0, to: 3, at: iso(before), text: "Noted." },
    ]);
    expect(toRecord(exampleTable(6), names)).not.toHaveProperty("whispers");
    const r = replay(record);
    expect(r).toMatchObject({
      ok: true,
      value: {
        status: "bound",
        whispered: [{ whisper: 0, from: 3, to: 0, clause: "ledger", setting: "published", truthful: true }],
      },
    });
    // A record still in play replays its whispers unjudged.
    const playing = { ...toRecord(exampleTable(2), names), whispers: [record.whispers![0]!] };
    playing.whispers[0] = { ...playing.whispers[0]!, at: iso(exampleAt(1)) };
    expect(replay(playing)).toMatchObject({ ok: true, value: { whispered: [{ truthful: null }] } });
  });

  it("refuses a bad whisper by its index, after the acts", () => {
    const good = record.whispers![0]!;
    const cases: [RecordWhisper[], number, RegExp][] = [
      [[good, { ...good, to: 3 }], 1, /not to your own/],
      [[{ ...good, to: 9 }], 0, /seat index from 0 to 4/],
      [[{ ...good, from: -1 }], 0, /sender must be a seat index/],
      [[{ from: 0, to: 1, at: good.at }], 0, /empty one/],
      [[{ ...good, text: "y".repeat(SAID_MAX + 1) }], 0, /keep it to 280/],
      [[{ ...good, claims: [{ clause: "flag", setting: "flown" }] }], 0, /not on this table's charter/],
      [[{ ...good, claims: [{ clause: "hold", setting: "open" }] }], 0, /choose sealed or opened/],
      [[{ ...good, at: iso(start - 1) }], 0, /before the table started/],
      [[{ ...good, at: iso(exampleAt(5)) }], 0, /table ended at 2026-11-29T09:30:00.000Z/],
      [[good, { ...good, at: iso(before - 1) }], 1, /before the whisper before it/],
      [Array.from({ length: WHISPERS_PER_SEAT + 1 }, () => good), WHISPERS_PER_SEAT, /all 24 whispers/],
      [[{ ...good, at: "yesterday" }], 0, /malformed at whispers\.0\.at/],
    ];
    for (const [whispers, index, reason] of cases) {
      const r = replay(withWhispers(whispers));
      expect(r.ok, String(reason)).toBe(false);
      if (!r.ok) {
        expect(r.whisper).toBe(index);
        expect(r.reason).toMatch(reason);
      }
    }
  });
});

describe("a house bot whispering back", () => {
  const game = exampleTable(1); // Aster has offered A
  const charge = game.charges[1]!; // Brine's
  const truly = charge.aims.map((a) => `${a.clause}=${a.setting}`);
  /** Seat 0 whispers to Brine `times` times; Brine answers each in character. Returns the answers' claims. */
  function conversation(strategy: BotStrategy, times: number, seed = "ab".repeat(32)) {
    const whispers: Whisper[] = [];
    const answers: string[][] = [];
    for (let n = 0; n < times; n++) {
      const at = exampleAt(1) + n * 2;
      whispers.push({ from: 0, to: 1, at, text: "What do you need?" });
      const reply = botWhisper({
        strategy,
        seat: 1,
        charge,
        game: publicGame(game),
        whispers,
        to: 0,
        luck: whisperLuck(seed, 1, n),
      });
      whispers.push({ from: 1, to: 0, at: at + 1, ...reply });
      answers.push((reply.claims ?? []).map((c) => `${c.clause}=${c.setting}`));
    }
    return answers;
  }

  it("never tells its whole charge in one whisper, and tells more over several, in character", () => {
    // The cooperative bot: two true aims, most wanted first, then the last one, then nothing new.
    expect(conversation("cooperative", 3)).toEqual([truly.slice(0, 2), truly.slice(2), []]);
    // The hard bargainer: one true aim a whisper, HARD_SAYS_AT_MOST in all, in an order its luck picks (not its
    // weights': over several tables its first is not always its weightiest).
    const hard = conversation("hard", 3);
    expect(hard.map((a) => a.length)).toEqual([1, 1, 0]);
    expect(hard.flat().every((c) => truly.includes(c))).toBe(true);
    const firsts = ["ab", "cd", "ef", "01", "23", "45"].map(
      (s) => conversation("hard", 1, s.repeat(32))[0]![0],
    );
    expect(new Set(firsts).size).toBeGreaterThan(1);
    // The bluffer: one claim a whisper; over a conversation some are decoys on clauses it holds no aim on.
    const bluffs = ["ab", "cd", "ef", "01"].flatMap((s) => conversation("bluffer", 5, s.repeat(32)).flat());
    expect(
      bluffs.every((c) => truly.includes(c) || !charge.aims.some((a) => c.startsWith(`${a.clause}=`))),
    ).toBe(true);
    expect(bluffs.filter((c) => !truly.includes(c)).length).toBeGreaterThan(0);
    expect(bluffs.filter((c) => truly.includes(c)).length).toBeGreaterThan(0);
    // The same luck, the same words: replayable.
    expect(conversation("bluffer", 3, "cd".repeat(32))).toEqual(conversation("bluffer", 3, "cd".repeat(32)));
  });
});
