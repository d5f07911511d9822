// §6 refusals, as a table would meet them: wrong turn, nothing to accept or swear, bad cites and accords, said.

import { describe, expect, it } from "vitest";
import { check } from "./check";
import { SAID_CLAIMS_MAX, SAID_MAX } from "./constants";
import { derive } from "./derive";
import { act, exampleAt, exampleTable, HOUR, MINUTE, passes } from "./test-kit";
import type { Accord } from "./types";
import { WORKED_EXAMPLE } from "./worked-example";

const { accordA } = WORKED_EXAMPLE;
const refusal = (code: "conflict" | "invalid", message: RegExp) => ({
  ok: false,
  code,
  message: expect.stringMatching(message),
});

describe("the turn", () => {
  it("refuses a seat acting out of turn, and says who has until when", () => {
    const game = exampleTable();
    expect(check(game, 2, { type: "pass" }, exampleAt(0))).toEqual(
      refusal("conflict", /^It is not your turn; .*until 2026-11-29T15:00:00.000Z\.$/),
    );
    expect(game.acts).toEqual([]);
  });

  it("refuses a seat index that is not at the table", () => {
    expect(check(exampleTable(), 5, { type: "pass" }, exampleAt(0))).toEqual(
      refusal("invalid", /seat index from 0 to 4/),
    );
    expect(check(exampleTable(), -1, { type: "pass" }, exampleAt(0))).toMatchObject({
      ok: false,
      code: "invalid",
    });
  });

  it("returns the act stamped with now, and turns go round in seat order", () => {
    const game = exampleTable();
    expect(act(game, { type: "pass" }, exampleAt(0))).toEqual({
      ok: true,
      value: { type: "pass", at: exampleAt(0) },
    });
    expect(derive(game).turn).toBe(1);
    passes(game, 4, exampleAt(0));
    expect(derive(game).turn).toBe(0);
  });

  it("refuses an accept with no standing offer", () => {
    expect(check(exampleTable(), 0, { type: "accept" }, exampleAt(0))).toEqual(
      refusal("conflict", /^There is no standing offer to accept/),
    );
  });

  it("refuses an accept from a seat whose aims the standing offer meets none of", () => {
    const game = exampleTable();
    // Dace wants ledger published, salvage to the finders, hold sealed: this accord meets none.
    const accordB: Accord = { ...accordA, hold: "opened", salvage: "to_the_owners" };
    act(game, { type: "offer", accord: accordB }, exampleAt(0));
    passes(game, 2, exampleAt(0));
    expect(derive(game).turn).toBe(3);
    expect(check(game, 3, { type: "accept" }, exampleAt(3))).toEqual(
      refusal("conflict", /satisfies none of your aims, so you cannot accept it/),
    );
  });

  it("refuses a cite that is not one of the seat's aims met by the standing offer", () => {
    const game = exampleTable(1);
    // Brine's salvage aim is real but A does not meet it.
    const notMet = check(
      game,
      1,
      { type: "accept", cite: { clause: "salvage", setting: "to_the_owners" } },
      exampleAt(1),
    );
    expect(notMet).toEqual(
      refusal(
        "invalid",
        /one of your aims that the standing offer satisfies: ledger = redacted or pilot = reinstated\.$/,
      ),
    );
    // Corin's aim, not Brine's.
    expect(
      check(game, 1, { type: "accept", cite: { clause: "beacon", setting: "kept" } }, exampleAt(1)),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(
      check(game, 1, { type: "accept", cite: { clause: "flag", setting: "flown" } }, exampleAt(1)),
    ).toEqual(refusal("invalid", /“flag”, which is not on this table's charter/));
    expect(
      check(game, 1, { type: "accept", cite: { clause: "ledger", setting: "burnt" } }, exampleAt(1)),
    ).toEqual(refusal("invalid", /choose redacted or published/));
    expect(check(game, 1, { type: "accept", cite: { clause: "ledger" } } as never, exampleAt(1))).toEqual(
      refusal("invalid", /must name a clause and a setting/),
    );
  });

  it("takes a named cite over the default", () => {
    const game = exampleTable(1);
    const cite = { clause: "pilot", setting: "reinstated" };
    expect(act(game, { type: "accept", cite }, exampleAt(1))).toMatchObject({ ok: true, value: { cite } });
    expect(derive(game).sworn).toEqual([{ seat: 1, ...cite, act: 1 }]);
  });

  it("defaults the cite to the first aim in charter order not sworn before, else the first", () => {
    // Brine's aims that A meets, in charter order: ledger = redacted, pilot = reinstated.
    const game = exampleTable(1);
    const brineAcceptsAfresh = (now: number): string | undefined => {
      const result = act(game, { type: "accept" }, now);
      const cite = result.ok && result.value.type === "accept" ? result.value.cite?.clause : undefined;
      now = passes(game, 3, now); // Corin, Dace, Ember
      act(game, { type: "offer", accord: { ...accordA } }, now + MINUTE); // Aster offers A afresh
      return cite;
    };
    let now = exampleAt(1);
    expect(brineAcceptsAfresh(now)).toBe("ledger");
    expect(brineAcceptsAfresh((now += HOUR))).toBe("pilot");
    expect(brineAcceptsAfresh((now += HOUR))).toBe("ledger");
    expect(derive(game).sworn.map((s) => s.clause)).toEqual(["ledger", "pilot", "ledger"]);
  });

  it("refuses a second accept of the same standing offer, and a new offer clears every acceptance", () => {
    const game = exampleTable(2); // offer A, Brine accepted
    let now = passes(game, 4, exampleAt(1)); // Corin, Dace, Ember, Aster
    expect(act(game, { type: "accept" }, (now += MINUTE))).toEqual(refusal("conflict", /already accepted/));
    expect(act(game, { type: "offer", accord: { ...accordA, name: "changed" } }, now)).toMatchObject({
      ok: true,
    });
    expect(derive(game)).toMatchObject({ acceptances: [], standingOffer: { seat: 1, act: 6 } });
    expect(act(game, { type: "accept" }, (now += MINUTE))).toMatchObject({
      ok: true,
      value: { cite: { clause: "beacon" } },
    });
    expect(derive(game).acceptances).toEqual([2]);
  });

  it("refuses every act once the accord has bound", () => {
    const game = exampleTable(6);
    for (const proposed of [
      { type: "pass" },
      { type: "accept" },
      { type: "offer", accord: accordA },
    ] as const) {
      expect(check(game, 1, proposed, exampleAt(6))).toEqual(
        refusal("conflict", /^The accord is bound and the table is settled/),
      );
    }
  });

  describe("an offer's accord must name exactly the charter's clauses with valid settings", () => {
    const offer = (accord: unknown) =>
      check(exampleTable(), 0, { type: "offer", accord } as never, exampleAt(0));
    it("refuses a missing clause", () => {
      const { salvage: _, ...missing } = accordA;
      expect(offer(missing)).toEqual(
        refusal(
          "invalid",
          /^The accord has no setting for salvage; choose to_the_finders, to_the_owners or split\.$/,
        ),
      );
    });
    it("refuses a clause outside the charter, and a word that is no clause", () => {
      expect(offer({ ...accordA, flag: "flown" })).toEqual(
        refusal("invalid", /“flag”, which is not on this table's charter; use one of beacon, hold/),
      );
      expect(offer({ ...accordA, weather: "fair" })).toEqual(
        refusal("invalid", /“weather”, which is not a clause/),
      );
    });
    it("refuses a setting the clause does not have", () => {
      expect(offer({ ...accordA, beacon: "lit" })).toEqual(
        refusal("invalid", /sets beacon to “lit”; choose kept or doused/),
      );
      expect(offer({ ...accordA, beacon: 3 })).toMatchObject({ ok: false, code: "invalid" });
    });
    it("refuses no accord at all, or a list", () => {
      expect(offer(undefined)).toEqual(refusal("invalid", /^An offer needs an accord/));
      expect(offer(["kept"])).toEqual(refusal("invalid", /^An offer needs an accord/));
    });
    it("keeps a good accord in charter order whatever order it came in", () => {
      const reversed = Object.fromEntries(Object.entries(accordA).reverse());
      const result = offer(reversed);
      expect(result.ok && result.value.type === "offer" && Object.keys(result.value.accord)).toEqual(
        WORKED_EXAMPLE.game.charter,
      );
    });
  });

  describe("said", () => {
    const pass = (said: unknown) => check(exampleTable(), 0, { type: "pass", said } as never, exampleAt(0));
    it(`takes up to ${SAID_MAX} characters after trimming, counting characters not code units`, () => {
      expect(pass({ text: `  ${"a".repeat(SAID_MAX)}  ` })).toMatchObject({
        ok: true,
        value: { said: { text: "a".repeat(SAID_MAX) } },
      });
      expect(pass({ text: "⚓".repeat(SAID_MAX) })).toMatchObject({ ok: true });
      expect(pass({ text: "a".repeat(SAID_MAX + 1) })).toEqual(
        refusal(
          "invalid",
          new RegExp(`^Said text is ${SAID_MAX + 1} characters; keep it to ${SAID_MAX} or fewer\\.$`),
        ),
      );
    });
    it("drops said that says nothing", () => {
      expect(pass({ text: "   ", claims: [] })).toEqual({
        ok: true,
        value: { type: "pass", at: exampleAt(0) },
      });
    });
    it("refuses a claim outside the charter or with a setting the clause lacks", () => {
      expect(pass({ claims: [{ clause: "cargo", setting: "landed" }] })).toEqual(
        refusal("invalid", /^A said claim names “cargo”, which is not on this table's charter/),
      );
      expect(pass({ claims: [{ clause: "hold", setting: "ajar" }] })).toEqual(
        refusal("invalid", /choose sealed or opened/),
      );
      expect(pass({ claims: "ledger" })).toMatchObject({ ok: false, code: "invalid" });
      expect(pass("hello")).toMatchObject({ ok: false, code: "invalid" });
    });
    it(`takes at most ${SAID_CLAIMS_MAX} claims on one act`, () => {
      const claims = Array.from({ length: SAID_CLAIMS_MAX + 1 }, () => ({
        clause: "hold",
        setting: "sealed",
      }));
      expect(pass({ claims })).toEqual(refusal("invalid", /at most/));
    });
    it("rides on any act, and is not checked against the charge when made", () => {
      const game = exampleTable(1);
      const lie = { claims: [{ clause: "salvage", setting: "split" }] };
      expect(act(game, { type: "accept", said: lie }, exampleAt(1))).toMatchObject({
        ok: true,
        value: { said: lie },
      });
      expect(derive(game).said).toEqual([
        { seat: 1, act: 1, clause: "salvage", setting: "split", truthful: null },
      ]);
    });
  });

  it("refuses an unknown act type or a proposal that is not an object", () => {
    const game = exampleTable();
    expect(check(game, 0, { type: "bid" } as never, exampleAt(0))).toEqual(
      refusal("invalid", /^An act is an offer, an accept or a pass\.$/),
    );
    expect(check(game, 0, null as never, exampleAt(0))).toMatchObject({ ok: false, code: "invalid" });
  });

  it("never lets a seat forge a clock pass", () => {
    const result = check(exampleTable(), 0, { type: "pass", by: "clock" } as never, exampleAt(0));
    expect(result).toEqual({ ok: true, value: { type: "pass", at: exampleAt(0) } });
  });
});
