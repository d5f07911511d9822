// Every accord over a charter (at most 3·2⁶ = 192 for the pool), for the deal's check and the house bot.

import { settingsOf } from "./pool";
import type { Accord, Claim } from "./types";

/** All accords over the charter, in a fixed order: the first clause's setting varies slowest. */
export function accordsOf(charter: readonly string[]): Accord[] {
  let accords: Accord[] = [{}];
  for (const clause of charter) {
    const settings = settingsOf(clause) ?? [];
    accords = accords.flatMap((accord) => settings.map((setting) => ({ ...accord, [clause]: setting })));
  }
  return accords;
}

/**
 * A charter's accords with, for each claim, which of them satisfy it: a player weighs every accord with a few
 * additions per claim instead of comparing strings. Built once per charter and shared (it is never changed).
 */
export type AccordTable = {
  readonly accords: readonly Accord[];
  /** 1 where the accord at that index satisfies the claim, else 0; undefined for a claim outside the charter. */
  matches(claim: Claim): Uint8Array | undefined;
  /** The index of an accord over this charter, or -1. */
  indexOf(accord: Accord): number;
};

const tables = new Map<string, AccordTable>();

export function accordTable(charter: readonly string[]): AccordTable {
  const key = charter.join(",");
  const known = tables.get(key);
  if (known) return known;
  const accords = Object.freeze(accordsOf(charter).map((a) => Object.freeze(a)));
  const byClaim = new Map<string, Map<string, Uint8Array>>();
  for (const clause of charter)
    byClaim.set(
      clause,
      new Map(
        (settingsOf(clause) ?? []).map((setting) => [
          setting,
          Uint8Array.from(accords, (a) => (a[clause] === setting ? 1 : 0)),
        ]),
      ),
    );
  // Mixed radix, first clause slowest: the index of an accord from its settings' places. An accord in a ledger is
  // never changed once written (ledger.ts relies on it too), so each one's index is remembered.
  const radix = charter.map((clause) => settingsOf(clause) ?? []);
  const indexes = new WeakMap<Accord, number>();
  const table: AccordTable = {
    accords,
    matches: (claim) => byClaim.get(claim.clause)?.get(claim.setting),
    indexOf(accord) {
      const remembered = indexes.get(accord);
      if (remembered !== undefined) return remembered;
      let index = 0;
      for (let c = 0; c < charter.length && index >= 0; c++) {
        const place = radix[c]!.indexOf(accord[charter[c]!] ?? "");
        index = place < 0 ? -1 : index * radix[c]!.length + place;
      }
      indexes.set(accord, index);
      return index;
    },
  };
  tables.set(key, table);
  return table;
}
