// §5 the deal: one seed, one table, every time; the kept conditions hold; the commitment checks the seed.

import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AIM_WEIGHTS, CHARTER_CLAUSES, FALLBACK_MAX, FALLBACK_MIN, quorumFor } from "./constants";
import { deal, dealOutput, validateDealInput } from "./deal";
import { CLAUSE_POOL, settingsOf } from "./pool";
import { streamFrom } from "./prng";
import { commitment } from "./seed";
import type { Accord, Charge } from "./types";

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex);
const seatsArb = fc.integer({ min: 4, max: 6 });
const ZERO_SEED = "00".repeat(32);

/** Every accord over a charter, written independently of the engine's enumeration. */
function everyAccord(charter: string[]): Accord[] {
  const [first, ...rest] = charter;
  if (first === undefined) return [{}];
  const tails = everyAccord(rest);
  return (settingsOf(first) ?? []).flatMap((setting) => tails.map((tail) => ({ [first]: setting, ...tail })));
}
/** A charge as the deal writes it: aims weighted 3, 2, 1 in the order given, each a `clause:setting`. */
const charge = (fallback: number, ...aims: string[]): Charge => ({
  aims: aims.map((aim, i) => {
    const [clause, setting] = aim.split(":") as [string, string];
    return { clause, setting, weight: 3 - i };
  }),
  fallback,
});
const payoff = (charge: Charge, accord: Accord) =>
  charge.aims.filter((aim) => accord[aim.clause] === aim.setting).reduce((sum, aim) => sum + aim.weight, 0);

describe("the PRNG (SHA-256 in counter mode)", () => {
  it("reads block 0 = SHA-256(seed ‖ 00000000) as big-endian words", () => {
    const block0 = createHash("sha256").update(Buffer.alloc(36)).digest();
    const stream = streamFrom(new Uint8Array(32));
    expect(stream.int(1000)).toBe(block0.readUInt32BE(0) % 1000);
    expect(stream.int(1000)).toBe(block0.readUInt32BE(4) % 1000);
  });

  it("is a known, stable stream for the all-zero seed", () => {
    const stream = streamFrom(new Uint8Array(32));
    expect(Array.from({ length: 8 }, () => stream.int(1000))).toEqual([
      629, 702, 815, 195, 746, 888, 578, 934,
    ]);
  });

  it("draws every value of a small range", () => {
    const stream = streamFrom(new Uint8Array(32).fill(7));
    const seen = new Set(Array.from({ length: 200 }, () => stream.int(3)));
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});

describe("the deal", () => {
  it("is the same table for the same seed, whatever the hex case, and a pinned one for the zero seed", () => {
    const seed = "ab".repeat(32);
    expect(deal(seed, 6)).toEqual(deal(seed, 6));
    expect(deal(seed.toUpperCase(), 6)).toEqual(deal(seed, 6));
    expect(dealOutput(ZERO_SEED, 4)).toEqual({
      commitment: "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925",
      charter: ["beacon", "hold", "ledger", "pilot", "name", "salvage", "inquiry"],
      charges: [
        charge(0, "pilot:reinstated", "name:kept", "ledger:redacted"),
        charge(1, "pilot:reinstated", "ledger:redacted", "salvage:split"),
        charge(2, "name:changed", "ledger:redacted", "inquiry:held"),
        charge(0, "name:changed", "pilot:dismissed", "inquiry:waived"),
      ],
    });
  });

  it("deals a charter of 7 pool clauses in pool order, and charges of aims weighted 3, 2, 1 on distinct charter clauses", () => {
    fc.assert(
      fc.property(seedArb, seatsArb, (seed, seats) => {
        const { charter, charges } = deal(seed, seats);
        expect(charter).toHaveLength(CHARTER_CLAUSES);
        const poolOrder = CLAUSE_POOL.map((c) => c.clause).filter((c) => charter.includes(c));
        expect(charter).toEqual(poolOrder);
        expect(charges).toHaveLength(seats);
        for (const charge of charges) {
          expect(charge.aims.map((a) => a.weight)).toEqual([...AIM_WEIGHTS]);
          expect(new Set(charge.aims.map((a) => a.clause)).size).toBe(AIM_WEIGHTS.length);
          for (const aim of charge.aims) {
            expect(charter).toContain(aim.clause);
            expect(settingsOf(aim.clause)).toContain(aim.setting);
          }
          expect(Number.isInteger(charge.fallback)).toBe(true);
          expect(charge.fallback).toBeGreaterThanOrEqual(FALLBACK_MIN);
          expect(charge.fallback).toBeLessThanOrEqual(FALLBACK_MAX);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("is kept only if (a) every weight-3 aim is contested and (b) some accord pays a quorum over their fallback", () => {
    fc.assert(
      fc.property(seedArb, seatsArb, (seed, seats) => {
        const { charter, charges } = deal(seed, seats);
        charges.forEach((charge, seat) => {
          const top = charge.aims.find((a) => a.weight === 3);
          const contested = charges.some(
            (other, o) =>
              o !== seat && other.aims.some((a) => a.clause === top?.clause && a.setting !== top?.setting),
          );
          expect(contested).toBe(true);
        });
        const best = Math.max(
          ...everyAccord(charter).map(
            (accord) => charges.filter((c) => payoff(c, accord) > c.fallback).length,
          ),
        );
        expect(best).toBeGreaterThanOrEqual(quorumFor(seats));
      }),
      { numRuns: 150 },
    );
  });

  it("gives different tables for different seeds", () => {
    const tables = new Set(
      Array.from({ length: 20 }, (_, i) => JSON.stringify(deal(i.toString(16).padStart(64, "0"), 5))),
    );
    expect(tables.size).toBe(20);
  });
});

describe("the commitment", () => {
  it("is the hex SHA-256 of the seed's 32 bytes (not of its hex text)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(commitment(hex(bytes))).toBe(createHash("sha256").update(bytes).digest("hex"));
      }),
    );
    expect(commitment(ZERO_SEED)).toBe("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    expect(commitment(ZERO_SEED)).not.toBe(createHash("sha256").update(ZERO_SEED).digest("hex"));
  });
});

describe("deal input", () => {
  it("is a 64-hex-digit seed and 4 to 6 seats, refused in one sentence otherwise", () => {
    expect(validateDealInput(ZERO_SEED.toUpperCase(), 5)).toEqual({
      ok: true,
      value: { seedHex: ZERO_SEED, seats: 5 },
    });
    expect(validateDealInput("abc", 5)).toEqual({
      ok: false,
      code: "invalid",
      message: "A seed is 64 hex digits (32 bytes).",
    });
    expect(validateDealInput(`${"0".repeat(62)}zz`, 5)).toMatchObject({ ok: false, code: "invalid" });
    expect(validateDealInput(ZERO_SEED, 7)).toEqual({
      ok: false,
      code: "invalid",
      message: "Deal for 4 to 6 seats.",
    });
    expect(validateDealInput(ZERO_SEED, "5")).toMatchObject({ ok: false });
  });

  it("is a caller's contract for deal itself: a bad seed is a RangeError, never a wrong deal", () => {
    expect(() => deal("abc", 5)).toThrow(RangeError);
    expect(() => deal(ZERO_SEED, 3)).toThrow(RangeError);
  });
});
