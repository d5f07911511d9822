// The long poll behind wait_for_turn and wait_for_round: a token revoked mid-wait gets signin_required at once
// (not the seat's view when the wait ends), while a person's wait runs its course.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../rules/result";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { createAgent, revokeAgent, whoForToken } from "./agents";
import { pollUntil } from "./poll";

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const neverReady = async () => ok({ charge: "the seat's secret" });

describe("pollUntil", () => {
  it("answers signin_required within a look of the token's revocation, not the view when the wait ends", async () => {
    const owner = await makeUser(db, "owner");
    const made = await createAgent(db.prisma, owner, { name: "waiter" });
    if (!made.ok) throw new Error(made.message);
    const who = (await whoForToken(db.prisma, made.value.token))!;
    const waiting = pollUntil(neverReady, () => false, 20_000, undefined, { db: db.prisma, who });
    await new Promise((r) => setTimeout(r, 700)); // mid-wait
    const revokedAt = Date.now();
    await revokeAgent(db.prisma, owner, { id: made.value.id });
    const r = await waiting;
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    expect(r).toEqual({ ok: false, code: "signin_required", message: expect.stringContaining("revoked") });
  });

  it("a person's wait is not cut short: it runs to its timeout and says so", async () => {
    const who = await makeUser(db, "person");
    const started = Date.now();
    const r = await pollUntil(neverReady, () => false, 1_200, undefined, { db: db.prisma, who });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_150);
    expect(r).toEqual({ ok: true, value: { value: { charge: "the seat's secret" }, timedOut: true } });
  });
});
