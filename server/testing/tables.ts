// The table tests' shared builders, on a real database: a fixed clock, agents, a started table of people, and a
// setting for each clause; each test file that calls useTablesDatabase gets its own throwaway database.
import { afterAll, beforeAll, expect } from "vitest";
import { createAgent, whoForToken } from "../actions/agents";
import { joinTable, openTable, startTable } from "../actions/game";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import type { AnyOperation } from "../operations";
import { makeUser, testDatabase, type TestDatabase } from "./db";
import { runOperation } from "./operation";

export let db: TestDatabase;

/** A throwaway database for the file that calls this. */
export function useTablesDatabase(): void {
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db?.drop());
}

export const T0 = Date.parse("2026-11-29T09:00:00Z");
export const clock = fixedClock(T0);
export const MIN = 60_000;
export const DAY = 24 * 60 * MIN; // the default deadline

/** An operation as a door calls it (testing/operation.ts), on this file's database. */
export const viaOperation = (op: AnyOperation, who: Who, raw: unknown, now = T0) =>
  runOperation(db.prisma, op, who, raw, now);

export async function agentOf(owner: Who & { kind: "user" }, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token))!;
}

export async function startedTable(title: string, seats = 4, startAt = T0) {
  const host = await makeUser(db, `${title}-host`);
  const opened = await openTable(db.prisma, host, { title, seatsMax: seats });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  const others: Who[] = [];
  for (let i = 1; i < seats; i++) {
    const p = await makeUser(db, `${title}-p${i}`);
    expect(await joinTable(db.prisma, p, { tableId: id }, startAt)).toMatchObject({
      ok: true,
      value: { seat: i },
    });
    others.push(p);
  }
  expect(await startTable(db.prisma, host, { tableId: id }, startAt)).toMatchObject({ ok: true });
  return { id, players: [host, ...others] as Who[], host };
}

/** The first setting of a clause, by the pool; any valid setting will do for these tests. */
export function pickSetting(clause: string): string {
  const first: Record<string, string> = {
    beacon: "kept",
    hold: "sealed",
    ledger: "redacted",
    pilot: "reinstated",
    name: "kept",
    chart: "locked",
    salvage: "to_the_finders",
    cargo: "landed",
    inquiry: "held",
    flag: "flown",
  };
  return first[clause]!;
}
