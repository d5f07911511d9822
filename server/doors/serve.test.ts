// An operation's read ahead (operation.ts `readAhead`): on PostgreSQL the floor starts the action's first read beside
// the rate limit's charge and hands it to the action; a refused call's read is dropped and the action never runs;
// a key the limiter refuses from memory, a call paid from points charged ahead, bad input and the embedded database
// (its charge is memory) read nothing ahead.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ANON } from "../identity";
import { ANYONE, operation } from "../operations/operation";
import { ok } from "../rules/result";
import { onPostgres, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { serve } from "./serve";

let db: TestDatabase;
databaseForFile((made) => (db = made));
afterEach(() => vi.unstubAllEnvs());

/**
 * A write whose action reports what the floor read ahead for it; `fails` makes the read ahead reject, "at once" makes
 * it throw before returning a promise (a read ahead that is not an async function).
 */
function probe(fails: boolean | "at once" = false) {
  const seen = { readsAhead: 0, runs: [] as unknown[] };
  const op = operation({
    name: "probe.act",
    summary: "A probe.",
    input: z.object({ n: z.number() }).strict(),
    output: z.object({ ahead: z.unknown() }),
    callers: ANYONE,
    kind: "write",
    readAhead: (_db, input) => {
      seen.readsAhead++;
      if (fails === "at once") throw new Error("the read ahead failed");
      return fails ? Promise.reject(new Error("the read ahead failed")) : Promise.resolve(`table ${input.n}`);
    },
    run: async (ctx) => {
      seen.runs.push(ctx.ahead);
      return ok({ ahead: ctx.ahead });
    },
  });
  return { op, seen };
}

const call = (rateKey: string) => ({ db: db.prisma, who: ANON, clock: () => 0, rateKey });

describe.skipIf(!onPostgres())("on PostgreSQL, where the charge is a round trip", () => {
  it("reads ahead beside the charge and hands what it read to the action", async () => {
    const { op, seen } = probe();
    expect(await serve(op, call("anon:ahead-1"), { n: 7 })).toEqual({
      ok: true,
      value: { ahead: "table 7" },
    });
    expect(seen).toEqual({ readsAhead: 1, runs: ["table 7"] });
  });

  it("drops a refused call's read unseen, and reads nothing for a key the limiter refuses from memory", async () => {
    vi.stubEnv("PARLEY_RATE_LIMIT", "2"); // writes: 2 a minute; the key is refused from memory past 3
    const { op, seen } = probe();
    const answers = [];
    for (let n = 1; n <= 5; n++) answers.push(await serve(op, call("anon:ahead-2"), { n }));
    expect(answers.map((a) => (a.ok ? "ok" : a.code))).toEqual([
      "ok",
      "ok",
      "rate_limited",
      "rate_limited",
      "rate_limited",
    ]);
    expect(seen.runs).toEqual(["table 1", "table 2"]); // the refused calls' actions never ran
    expect(seen.readsAhead).toBe(3); // the third went out beside the charge that refused it; then none
  });

  it("reads nothing ahead for a call whose points this process charged ahead: it waits on nothing", async () => {
    vi.stubEnv("PARLEY_RATE_LIMIT", "1000"); // writes: 1,000 a minute, 9 charged ahead (server/http/prepaid.ts)
    const { op, seen } = probe();
    for (let n = 1; n <= 4; n++) await serve(op, call("anon:ahead-paid"), { n });
    // the first two charges went to the database (the second took 9 ahead); the next two were paid at once
    expect(seen).toEqual({ readsAhead: 2, runs: ["table 1", "table 2", undefined, undefined] });
  });

  it("reads nothing ahead for input it refuses, and answers the input's refusal", async () => {
    const { op, seen } = probe();
    const answer = await serve(op, call("anon:ahead-3"), { n: "seven" });
    expect(answer).toMatchObject({ ok: false, code: "invalid", field: "n" });
    expect(seen).toEqual({ readsAhead: 0, runs: [] });
  });

  it.each([true, "at once"] as const)(
    "a failed read ahead (%s) fails the call as the action's own read would; refused, it is dropped unseen",
    async (fails) => {
      const { op, seen } = probe(fails);
      await expect(serve(op, call(`anon:ahead-4-${fails}`), { n: 1 })).rejects.toThrow(
        "the read ahead failed",
      );
      vi.stubEnv("PARLEY_RATE_LIMIT", "1");
      await expect(serve(op, call(`anon:ahead-5-${fails}`), { n: 1 })).rejects.toThrow(
        "the read ahead failed",
      );
      // refused by the charge: the failed read is dropped (an unhandled rejection would fail this file)
      expect(await serve(op, call(`anon:ahead-5-${fails}`), { n: 2 })).toMatchObject({
        ok: false,
        code: "rate_limited",
      });
      expect(seen.runs).toEqual([]);
    },
  );
});

describe.skipIf(onPostgres())("on the embedded database, where the charge is kept in memory", () => {
  it("reads nothing ahead: the action reads for itself", async () => {
    const { op, seen } = probe();
    expect(await serve(op, call("anon:ahead-6"), { n: 7 })).toEqual({
      ok: true,
      value: { ahead: undefined },
    });
    expect(seen).toEqual({ readsAhead: 0, runs: [undefined] });
  });
});
