// Properties over random seeds and random legal games (acts chosen through may/check, bots and the clock among them).

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check, checkWithDue } from "./check";
import { quorumFor } from "./constants";
import { deal } from "./deal";
import { derive } from "./derive";
import { markLedger } from "./ledger";
import { may } from "./may";
import { settingsOf } from "./pool";
import { toRecord } from "./record";
import { replay } from "./replay";
import type { Game, ProposedAct } from "./types";
import { view } from "./view";
import { whispered } from "./whisper";
import { playedArb, RUNS } from "@/server/testing/games";

describe("random legal games", () => {
  it("re-derive to the same state, and deriving at now equals deriving the ledger with the due passes written", () => {
    fc.assert(
      fc.property(playedArb, ({ game, now }) => {
        expect(derive(structuredClone(game), now)).toEqual(derive(game, now));
        const later = now + game.turnWindowMs * 3;
        const d = derive(game, later);
        const written = { ...game, acts: [...game.acts, ...d.dueClockActs] };
        expect(derive(written, later)).toEqual({ ...d, dueClockActs: [] });
        // And the ledger, read act by act, never holds more acceptances than the quorum or a seat twice.
        for (let k = 0; k <= game.acts.length; k++) {
          const prefix = derive({ ...game, acts: game.acts.slice(0, k) });
          expect(new Set(prefix.acceptances).size).toBe(prefix.acceptances.length);
          expect(prefix.acceptances.length).toBeLessThanOrEqual(quorumFor(game.seats));
          if (prefix.acceptances.length === quorumFor(game.seats)) expect(prefix.status).toBe("bound");
        }
      }),
      RUNS,
    );
  });

  it("answer an append's check, its due clock passes and the table after it in one pass as check and derive do", () => {
    fc.assert(
      fc.property(playedArb, fc.nat(), ({ game, now }, pick) => {
        const last = game.acts.at(-1)?.at ?? game.startedAt;
        // Before the last act, at it, a window or a few on (the clock due), and past the deadline.
        const times = [
          last - 1,
          now,
          now + game.turnWindowMs,
          now + game.turnWindowMs * 3,
          now + game.deadlineMs,
        ];
        const accord = Object.fromEntries(game.charter.map((c) => [c, settingsOf(c)?.[pick % 2] ?? ""]));
        const proposals: unknown[] = [
          { type: "pass", said: { text: "a word" } },
          { type: "accept" },
          { type: "offer", accord },
          { type: "offer", accord: {} },
          "junk",
        ];
        let taken = 0;
        for (const at of times)
          for (const seat of [derive(game, at).turn ?? 0, pick % game.seats, game.seats, -1])
            for (const proposed of proposals) {
              const checked = check(game, seat, proposed, at);
              const due = derive(game, at).dueClockActs;
              if (checked.ok) taken++;
              expect(checkWithDue(game, seat, proposed, at)).toEqual({
                checked,
                due,
                after: checked.ok
                  ? derive({ ...game, acts: [...game.acts, ...due, checked.value] }, at)
                  : null,
              });
            }
        return taken > 0 || derive(game, now).status !== "playing";
      }),
      RUNS,
    );
  });

  it("answer the same from a mark of the ledger's first acts as from the whole ledger, and ignore any other mark", () => {
    fc.assert(
      fc.property(playedArb, fc.nat(), ({ game, now }, pick) => {
        const k = pick % (game.acts.length + 1);
        const marked = markLedger({ ...game, acts: game.acts.slice(0, k) });
        expect(marked?.tally.count).toBe(k);
        // Of other act objects with the same content, of other terms, of a longer ledger: each is ignored.
        const copied = markLedger({ ...game, acts: structuredClone(game.acts.slice(0, k)) });
        const slower = markLedger({
          ...game,
          turnWindowMs: game.turnWindowMs * 2,
          acts: game.acts.slice(0, k),
        });
        const longer = markLedger({ ...game, acts: [...game.acts, { type: "pass", at: now }] });
        const altered = markLedger({
          ...game,
          acts: game.acts.slice(0, k).map((a) => ({ ...a, said: { text: "other words" } })),
        });
        const times = [now, now + game.turnWindowMs * 3, now + game.deadlineMs];
        for (const mark of [marked, copied, slower, longer, altered]) {
          const resumed: Game = { ...game, mark };
          for (const at of times) {
            expect(derive(resumed, at)).toEqual(derive(game, at));
            for (const seat of [0, game.seats - 1]) {
              expect(may(resumed, seat, at)).toEqual(may(game, seat, at));
              for (const proposed of [{ type: "pass" }, { type: "accept" }])
                expect(checkWithDue(resumed, seat, proposed, at)).toEqual(
                  checkWithDue(game, seat, proposed, at),
                );
            }
            expect(view(resumed, { seat: pick % game.seats }, at)).toEqual(
              view(game, { seat: pick % game.seats }, at),
            );
          }
        }
        // A mark goes on from a mark: the whole ledger's, made from the first acts' mark, tallies as one made whole.
        expect(markLedger({ ...game, mark: marked })).toEqual(markLedger(game));
      }),
      RUNS,
    );
  });

  it("marks no ledger with an accept that names no cite (its default comes from a charge)", () => {
    fc.assert(
      fc.property(playedArb, ({ game }) => {
        const i = game.acts.findIndex((a) => a.type === "accept");
        if (i < 0) return;
        const acts = game.acts.map((a, j) => (j === i ? { type: "accept" as const, at: a.at } : a));
        expect(markLedger({ ...game, acts })).toBeUndefined();
      }),
      RUNS,
    );
  });

  it("never show another seat's charge to a guest or a seat before the reveal; show all after", () => {
    fc.assert(
      fc.property(playedArb, ({ game, now }) => {
        const d = derive(game, now);
        const secrets = (v: unknown) => (JSON.stringify(v).match(/"(aims|fallback|weight)"/g) ?? []).length;
        const guest = view(game, { seat: null }, now);
        if (d.status === "playing") {
          expect(secrets(guest)).toBe(0);
          expect(guest.said.every((s) => s.truthful === null)).toBe(true);
          for (let seat = 0; seat < game.seats; seat++) {
            const seen = view(game, { seat }, now);
            const json = JSON.stringify(seen);
            expect(secrets(seen)).toBe(5); // its own "aims", three "weight"s and a "fallback"
            expect(seen.charge).toEqual(game.charges[seat]);
            game.charges.forEach((charge, other) => {
              // Two seats can be dealt the same aims; then the viewer's own copy is not a leak of the other's.
              const own = JSON.stringify(game.charges[seat]!.aims);
              if (other !== seat && JSON.stringify(charge.aims) !== own)
                expect(json).not.toContain(JSON.stringify(charge.aims));
            });
          }
        } else {
          expect(guest.charges).toEqual(game.charges);
          expect(guest.payoffs).toEqual(d.payoffs);
        }
      }),
      RUNS,
    );
  });

  it("show a whisper's words to its two seats only before the reveal, and to everyone after, judged", () => {
    fc.assert(
      fc.property(playedArb, ({ game, now }) => {
        const revealed = derive(game, now).status !== "playing";
        const all = game.whispers ?? [];
        for (const seat of [null, ...Array.from({ length: game.seats }, (_, i) => i)]) {
          const json = JSON.stringify(view(game, { seat }, now));
          const shown = view(game, { seat }, now).whispers;
          expect(shown.map((w) => [w.from, w.to, w.at])).toEqual(all.map((w) => [w.from, w.to, w.at]));
          all.forEach((w, i) => {
            const reads = revealed || seat === w.from || seat === w.to;
            expect(json.includes(`"whisper-secret-${i}"`)).toBe(reads);
            expect(shown[i]!.sealed).toBe(!reads);
            if (!reads) expect(shown[i]).not.toHaveProperty("claims");
          });
        }
        if (revealed) {
          const judged = view(game, { seat: null }, now).whispers.flatMap((w) => w.claims ?? []);
          expect(judged.map((c) => c.truthful)).toEqual(whispered(game, true).map((c) => c.truthful));
        }
      }),
      RUNS,
    );
  });

  it("pay what a brute-force score says, and swear only true aims that the standing accord met", () => {
    fc.assert(
      fc.property(playedArb, ({ game, now }) => {
        const end = now + game.deadlineMs; // past the deadline: bound or ended
        const d = derive(game, end);
        expect(d.status).not.toBe("playing");
        const accord = d.standingOffer?.accord;
        const expected = game.charges.map((charge) => {
          if (d.status === "ended" || !accord) return charge.fallback;
          let sum = 0;
          for (const aim of charge.aims) if (accord[aim.clause] === aim.setting) sum += aim.weight;
          return sum;
        });
        expect(d.payoffs).toEqual(expected);
        for (const sworn of d.sworn) {
          const offer = [...game.acts.slice(0, sworn.act)].reverse().find((a) => a.type === "offer");
          expect(offer?.type === "offer" && offer.accord[sworn.clause]).toBe(sworn.setting);
          expect(
            game.charges[sworn.seat]?.aims.some(
              (a) => a.clause === sworn.clause && a.setting === sworn.setting,
            ),
          ).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("replay from the record to the same state as derive", () => {
    fc.assert(
      fc.property(playedArb, fc.integer({ min: 0, max: 3 }), ({ game, now, seed, names }, extraWindows) => {
        const at = now + extraWindows * game.turnWindowMs;
        const d = derive(game, at);
        const replayed = replay(JSON.parse(JSON.stringify(toRecord(game, names, seed))), at);
        if (!replayed.ok)
          throw new Error(
            `replay refused act ${replayed.index} / whisper ${replayed.whisper}: ${replayed.reason}`,
          );
        const r = replayed.value;
        expect(r).toMatchObject({
          status: d.status,
          quorum: d.quorum,
          turn: d.turn,
          standingOffer: d.standingOffer,
          acceptances: d.acceptances,
          sworn: d.sworn,
          payoffs: d.payoffs,
          acts: d.actCount,
        });
        expect(r.whispered).toEqual(whispered(game, d.status !== "playing"));
        expect(r.said).toEqual(
          d.said.flatMap((s) =>
            s.clause === undefined
              ? []
              : [{ seat: s.seat, act: s.act, clause: s.clause, setting: s.setting, truthful: s.truthful }],
          ),
        );
      }),
      RUNS,
    );
  });
});

describe("the generator", () => {
  it("covers bound, ended and playing tables, clock passes, accepts, said and whispers", () => {
    // (no generated table is cancelled: a moderator's cancellation has its own tests, cancel.test.ts)
    const seen = { bound: 0, ended: 0, playing: 0, clock: 0, accept: 0, said: 0, whispers: 0, sealed: 0 };
    for (const played of fc.sample(playedArb, { numRuns: 200, seed: 42 })) {
      const d = derive(played.game, played.now);
      if (d.status !== "cancelled") seen[d.status]++;
      if (played.game.acts.some((a) => a.type === "pass" && a.by === "clock")) seen.clock++;
      if (played.game.acts.some((a) => a.type === "accept")) seen.accept++;
      if (played.game.acts.some((a) => a.said)) seen.said++;
      if (played.game.whispers?.length) seen[d.status === "playing" ? "sealed" : "whispers"]++;
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(10);
  });
});

describe("bad input", () => {
  it("is refused as a value, never thrown, whatever arrives", () => {
    const { charter, charges } = deal("11".repeat(32), 5);
    const game: Game = {
      seats: 5,
      charter,
      charges,
      startedAt: 0,
      turnWindowMs: 3_600_000,
      deadlineMs: 86_400_000,
      acts: [],
    };
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.double(), (proposed, seat, now) => {
        const result = check(game, seat as number, proposed as ProposedAct, now);
        expect(typeof result.ok).toBe("boolean");
        expect(replay(proposed)).toMatchObject({ ok: false, index: null });
      }),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            type: fc.constantFrom("offer", "accept", "pass"),
            accord: fc.anything(),
            cite: fc.anything(),
            said: fc.anything(),
          },
          { requiredKeys: ["type"] },
        ),
        (proposed) => {
          const result = check(game, 0, proposed as ProposedAct, 1000);
          if (!result.ok) expect(result.message).toMatch(/^[A-Z“].*[.]$/);
        },
      ),
    );
  });
});
