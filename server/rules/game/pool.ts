// The clause pool of §3 (the wreck of the Fathom); pool order is also charter order.

export type ClauseEntry = { readonly clause: string; readonly settings: readonly string[] };

export const CLAUSE_POOL: readonly ClauseEntry[] = Object.freeze([
  { clause: "beacon", settings: ["kept", "doused"] },
  { clause: "hold", settings: ["sealed", "opened"] },
  { clause: "ledger", settings: ["redacted", "published"] },
  { clause: "pilot", settings: ["reinstated", "dismissed"] },
  { clause: "name", settings: ["kept", "changed"] },
  { clause: "chart", settings: ["locked", "shared"] },
  { clause: "salvage", settings: ["to_the_finders", "to_the_owners", "split"] },
  { clause: "cargo", settings: ["landed", "jettisoned"] },
  { clause: "inquiry", settings: ["held", "waived"] },
  { clause: "flag", settings: ["flown", "struck"] },
]);

// A Map, not an object, so that names like "constructor" are never mistaken for clauses.
const byClause = new Map(CLAUSE_POOL.map((entry, index) => [entry.clause, { entry, index }]));

/** The settings of a pool clause, or undefined if the pool has no such clause. */
export const settingsOf = (clause: string): readonly string[] | undefined =>
  byClause.get(clause)?.entry.settings;

/** A clause's place in pool order (= charter order), or -1. */
export const poolIndexOf = (clause: string): number => byClause.get(clause)?.index ?? -1;

/** Sorts clause-bearing things into charter order. */
export const inCharterOrder = <T extends { clause: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => poolIndexOf(a.clause) - poolIndexOf(b.clause));
