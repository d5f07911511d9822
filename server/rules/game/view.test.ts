// §9 who sees what: guests and other seats never see a charge before the reveal; a seat sees its own.

import { describe, expect, it } from "vitest";
import { may, yourPayoff } from "./may";
import { act, exampleAt, exampleTable } from "./test-kit";
import type { Act, Game } from "./types";
import { view } from "./view";
import { frozen } from "../frozen";
import { WORKED_EXAMPLE } from "./worked-example";

const secretsIn = (value: unknown): number =>
  (JSON.stringify(value).match(/"(aims|fallback|weight)"/g) ?? []).length;

describe("view", () => {
  it("shows a guest the charter, seats, status, clock, quorum and the whole act log, and no charge", () => {
    const game = exampleTable(4);
    const guest = view(game, { seat: null }, exampleAt(4));
    expect(guest).toMatchObject({
      seats: 5,
      charter: game.charter,
      status: "playing",
      quorum: 4,
      turn: 4,
      turnEndsAt: exampleAt(3) + 6 * 3_600_000,
      seat: null,
      charge: null,
      charges: null,
      may: null,
      yourPayoff: null,
      payoffs: null,
      standings: null,
    });
    expect(guest.acts.map((a) => [a.index, a.seat, a.type])).toEqual([
      [0, 0, "offer"],
      [1, 1, "accept"],
      [2, 2, "accept"],
      [3, 3, "pass"],
    ]);
    expect(guest.sworn).toHaveLength(2);
    expect(guest.said).toEqual([expect.objectContaining({ seat: 3, clause: "ledger", truthful: null })]);
    expect(secretsIn(guest)).toBe(0);
  });

  it("shows a seated player its own charge, may and your_payoff, and no other charge", () => {
    const game = exampleTable(4);
    const ember = view(game, { seat: 4 }, exampleAt(4));
    expect(ember.charge).toEqual(game.charges[4]);
    expect(ember.may).toEqual({
      offer: true,
      accept: true,
      pass: true,
      cite: [
        { clause: "beacon", setting: "kept" },
        { clause: "pilot", setting: "reinstated" },
      ],
    });
    expect(ember.yourPayoff).toBe(5);
    expect(secretsIn(ember)).toBe(1 + 3 + 1); // "aims", three weights, one fallback: its own charge only
    const others = game.charges.filter((_, seat) => seat !== 4);
    for (const charge of others) expect(JSON.stringify(ember)).not.toContain(JSON.stringify(charge.aims));
  });

  it("shows everything to anyone after the reveal", () => {
    const game = exampleTable(6);
    const guest = view(game, { seat: null }, exampleAt(6));
    expect(guest).toMatchObject({
      status: "bound",
      charges: game.charges,
      payoffs: [6, 3, 3, 3, 5],
      charge: null,
    });
    expect(guest.standings?.[0]).toEqual({ seat: 0, payoff: 6, overFallback: 5, place: 1 });
    expect(guest.said[0]?.truthful).toBe(true);
  });

  it("includes the clock passes due at now in the log", () => {
    const game = exampleTable(1);
    const later = view(game, { seat: 2 }, exampleAt(0) + 6 * 3_600_000);
    expect(later.acts.at(-1)).toEqual({
      index: 1,
      seat: 1,
      type: "pass",
      by: "clock",
      at: exampleAt(0) + 6 * 3_600_000,
    });
    expect(later.turn).toBe(2);
    expect(later.may?.offer).toBe(true);
  });

  it("copies acts field by field, so nothing stored beside an act leaks out", () => {
    const game = exampleTable(2);
    (game.acts[1] as unknown as Record<string, unknown>).charge = game.charges[1];
    expect(secretsIn(view(game, { seat: null }, exampleAt(2)))).toBe(0);
  });

  it("says of each offer which clauses it changed from the standing one (none known for the first)", () => {
    const game = exampleTable(1); // Aster offered A
    const counter = { ...WORKED_EXAMPLE.accordA, ledger: "published", pilot: "dismissed" };
    expect(act(game, { type: "offer", accord: counter }, exampleAt(1))).toMatchObject({ ok: true });
    expect(act(game, { type: "offer", accord: counter }, exampleAt(2))).toMatchObject({ ok: true });
    const acts = view(game, { seat: null }, exampleAt(2)).acts;
    expect(acts.map((a) => (a.type === "offer" ? a.changed : "—"))).toEqual([null, ["ledger", "pilot"], []]);
  });

  it("treats a seat index that is not at the table as a guest", () => {
    const game = exampleTable(2);
    expect(view(game, { seat: 9 }, exampleAt(2))).toMatchObject({ seat: null, charge: null, may: null });
    expect(may(game, 9, exampleAt(2)).offer).toBe("You do not hold a seat at this table.");
    expect(yourPayoff(game as Game, 9)).toBeNull();
  });
});

describe("may", () => {
  it("answers each act with true or the one sentence why not, out of turn too", () => {
    const game = exampleTable(1);
    expect(may(game, 1, exampleAt(1))).toMatchObject({ offer: true, accept: true, pass: true });
    const notYet = may(game, 3, exampleAt(1));
    expect(notYet.offer).toMatch(/^It is not your turn/);
    expect(notYet.cite).toEqual([]);
    expect(may(exampleTable(), 0, exampleAt(0)).accept).toMatch(/^There is no standing offer/);
  });

  it("has no cite when the standing offer meets none of the seat's aims", () => {
    const game = exampleTable(1);
    // Brine wants ledger redacted and pilot reinstated (salvage to the owners is not in A either).
    game.acts[0] = {
      type: "offer",
      accord: { ...WORKED_EXAMPLE.accordA, ledger: "published", pilot: "dismissed" },
      at: exampleAt(0),
    };
    expect(may(game, 1, exampleAt(1))).toMatchObject({
      accept: expect.stringMatching(/satisfies none of your aims/),
      cite: [],
    });
  });

  it("says the table is settled once bound, and your_payoff is what the accord pays", () => {
    const game = exampleTable(6);
    expect(may(game, 1, exampleAt(6)).pass).toMatch(/^The accord is bound/);
    expect(yourPayoff(game, 3)).toBe(3);
    expect(yourPayoff(exampleTable(), 3)).toBeNull();
  });
});

describe("a kept ledger's log (view.ts keeps each frozen act's view, and a frozen ledger's whole log)", () => {
  /** The example's ledger as a server keeps it: frozen whole, a copy of no one else's objects. */
  const keptCopy = (game: Game): Game => ({ ...game, acts: frozen(structuredClone(game.acts)) });

  it("is what the same ledger not kept shows, made once for every viewer, and frozen", () => {
    const game = exampleTable(5);
    const kept = keptCopy(game);
    const now = exampleAt(5);
    const guest = view(kept, { seat: null }, now);
    expect(guest.acts).toEqual(view(game, { seat: null }, now).acts);
    expect(view(kept, { seat: 2 }, now).acts).toBe(guest.acts);
    expect(Object.isFrozen(guest.acts) && guest.acts.every((a) => Object.isFrozen(a))).toBe(true);
    // A read later than a turn's window adds the clock's passes: then the log is made for that read, its kept acts'
    // views shared with the kept log.
    const late = view(kept, { seat: null }, now + 7 * 3_600_000);
    expect(late.acts.length).toBeGreaterThan(guest.acts.length);
    expect(late.acts).toEqual(view(game, { seat: null }, now + 7 * 3_600_000).acts);
    expect(late.acts[4]).toBe(guest.acts[4]);
  });

  it("a frozen act met at another place, or after another standing offer, is viewed there anew", () => {
    const pass = frozen({ type: "pass" as const, at: exampleAt(0) });
    const passes = { ...exampleTable(0), acts: frozen([pass, pass, pass]) };
    expect(view(passes, { seat: null }, exampleAt(0)).acts.map((a) => [a.index, a.seat])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    // The same frozen offer after two different first offers: it changed nothing from one, one clause from the other.
    const first = exampleTable(1).acts[0]!;
    if (first.type !== "offer") throw new Error("the worked example opens with an offer");
    const clause = Object.keys(first.accord)[0]!;
    const again = frozen({ ...structuredClone(first), at: exampleAt(1) });
    const otherFirst = frozen({
      ...structuredClone(first),
      accord: { ...first.accord, [clause]: "changed" },
    });
    const after = (opening: Act) => ({
      ...exampleTable(0),
      acts: frozen([opening, pass, pass, pass, pass, again]),
    });
    const same = view(after(frozen(structuredClone(first))), { seat: null }, exampleAt(1));
    const other = view(after(otherFirst), { seat: null }, exampleAt(1));
    expect(same.acts[5]).toMatchObject({ type: "offer", changed: [] });
    expect(other.acts[5]).toMatchObject({ type: "offer", changed: [clause] });
  });
});
