// The Sworn & Said module: the clock's sweeper, the demo tables, the ledger's invariants.
import type { Invariant } from "../actions/dbcheck";
import { seedGameDemo, sweepTables } from "../actions/game";
import type { Module } from "./module";

const INVARIANTS: Invariant[] = [];

INVARIANTS.push({
  name: "each table's turns run 0, 1, 2, … without a gap",
  sql: `SELECT "tableId" FROM "Act" GROUP BY "tableId" HAVING max(turn) + 1 <> count(*) OR min(turn) <> 0`,
  explain: "the ledger appends one act per turn; a gap would mean a lost or edited act",
});
INVARIANTS.push({
  name: "an act's seat is its turn modulo the seats",
  sql: `SELECT a.id FROM "Act" a JOIN (SELECT "tableId", count(*) AS n FROM "Seat" GROUP BY "tableId") s ON s."tableId" = a."tableId" WHERE a.seat <> a.turn % s.n`,
  explain: "whose turn it is is (number of acts) mod (number of seats)",
});
INVARIANTS.push({
  name: "started tables have a commitment, a charter and a charge per seat",
  sql: `SELECT t.id FROM "GameTable" t WHERE t."startedAt" IS NOT NULL AND (t.charter IS NULL OR EXISTS (SELECT 1 FROM "Seat" s WHERE s."tableId" = t.id AND s.charge IS NULL))`,
  explain: "the start deals the charter and every charge in one transaction",
});
INVARIANTS.push({
  name: "no act before its table started",
  sql: `SELECT a.id FROM "Act" a JOIN "GameTable" t ON t.id = a."tableId" WHERE t."startedAt" IS NULL OR a.at < t."startedAt"`,
  explain: "acts are taken only once the clock starts",
});

export const GAME_MODULE: Module = {
  name: "tables",
  sweep: sweepTables,
  seedDemo: (db) => seedGameDemo(db),
  invariants: INVARIANTS,
};
