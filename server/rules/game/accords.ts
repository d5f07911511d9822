// Every accord over a charter (at most 3·2⁶ = 192 for the pool), for the deal's check and the house bot.

import { settingsOf } from "./pool";
import type { Accord } from "./types";

/** All accords over the charter, in a fixed order: the first clause's setting varies slowest. */
export function accordsOf(charter: readonly string[]): Accord[] {
  let accords: Accord[] = [{}];
  for (const clause of charter) {
    const settings = settingsOf(clause) ?? [];
    accords = accords.flatMap((accord) => settings.map((setting) => ({ ...accord, [clause]: setting })));
  }
  return accords;
}

/** Whether two accords set every clause alike. */
export function sameAccord(a: Accord, b: Accord): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}
