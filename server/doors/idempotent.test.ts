// A create sent twice with one idempotency key makes one thing, at every door and in a race; the same key with other
// input is refused; a failed create keeps nothing; another caller's same key is another call; a day later the key is
// free again; a claim left by a process that died is taken over.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import { api, callTool, mcpClient } from "../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { ABANDONED_MS, KEPT_MS } from "./idempotent";
import { createCaller } from "./trpc";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
let ana: Who & { kind: "user" };
let bea: Who & { kind: "user" };
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  ana = await makeUser(db, "idem-ana");
  bea = await makeUser(db, "idem-bea");
});
afterAll(async () => db?.drop());

const plans = (ownerId: number) => db.prisma.plan.count({ where: { ownerId } });
const graph = (name: string) => ({ name, nodes: [{ id: "scan", depends_on: [] }] });

describe("an idempotent create", () => {
  it("makes one plan for two sends of one Idempotency-Key on the JSON API, and answers both alike", async () => {
    const as = api(db.prisma, ana, { clock });
    const before = await plans(ana.userId);
    const first = await as("POST", "/api/plans", graph("Once"), { "idempotency-key": "k-1" });
    const again = await as("POST", "/api/plans", graph("Once"), { "idempotency-key": "k-1" });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(await plans(ana.userId)).toBe(before + 1);
    // Without a key, two sends are two plans, as before.
    await as("POST", "/api/plans", graph("Twice"));
    await as("POST", "/api/plans", graph("Twice"));
    expect(await plans(ana.userId)).toBe(before + 3);
  });

  it("settles a race: ten sends at once with one key make one table, every answer the same", async () => {
    const as = api(db.prisma, ana, { clock });
    const before = await db.prisma.gameTable.count();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        as("POST", "/api/tables", { title: "One table", seats_max: 4 }, { "idempotency-key": "race" }),
      ),
    );
    expect(await db.prisma.gameTable.count()).toBe(before + 1);
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(201);
  });

  it("refuses the same key with other input, and takes the key as a field on tRPC and MCP", async () => {
    const as = api(db.prisma, ana, { clock });
    await as("POST", "/api/plans", graph("First"), { "idempotency-key": "k-2" });
    const other = await as("POST", "/api/plans", graph("Second"), { "idempotency-key": "k-2" });
    expect(other).toMatchObject({ status: 422, body: { error: { code: "invalid" } } });
    expect(other.body.error.message).toMatch(/already used for a different request/);
    const disagree = await as(
      "POST",
      "/api/plans",
      { ...graph("Third"), idempotency_key: "k-3" },
      { "idempotency-key": "k-4" },
    );
    expect(disagree).toMatchObject({ status: 422 });

    const trpc = createCaller({ db: db.prisma, who: ana, clock });
    const before = await plans(ana.userId);
    const a = await trpc.plans.create({ ...graphCamel("By page"), idempotencyKey: "page-1" });
    const b = await trpc.plans.create({ ...graphCamel("By page"), idempotencyKey: "page-1" });
    expect(b).toEqual(a);
    expect(await plans(ana.userId)).toBe(before + 1);

    const agent = await db.prisma.agent.create({
      data: { ownerId: ana.userId, name: "idem-agent", tokenHash: "idem-agent-hash", tokenHint: "idem" },
    });
    const client = await mcpClient(
      db.prisma,
      { kind: "agent", agentId: agent.id, name: agent.name, ownerId: ana.userId },
      clock,
    );
    // An agent revises its owner's plan over MCP, sending the call twice with one key: one new revision.
    const revise = () =>
      callTool(client, "revise_plan", {
        plan_id: a.id,
        parent: 1,
        nodes: [
          { id: "scan", depends_on: [] },
          { id: "ship", depends_on: ["scan"] },
        ],
        rationale: "ship after scan",
        evidence_refs: ["scan-report"],
        idempotency_key: "mcp-1",
      });
    const revised = [await revise(), await revise()];
    expect(
      revised.map((c) => c.isError),
      revised[0]!.text,
    ).toEqual([false, false]);
    expect(revised[1]!.json).toEqual(revised[0]!.json);
    expect(await db.prisma.graphRevision.count({ where: { planId: a.id } })).toBe(2);
    await client.close();
  });

  it("keeps nothing for a failed create, so the corrected retry with the same key runs", async () => {
    const as = api(db.prisma, ana, { clock });
    const bad = await as(
      "POST",
      "/api/plans",
      { name: "Bad", nodes: [{ id: "a", depends_on: ["nowhere"] }] },
      {
        "idempotency-key": "k-5",
      },
    );
    expect(bad.status).toBe(422);
    const good = await as("POST", "/api/plans", graph("Good"), { "idempotency-key": "k-5" });
    expect(good.status).toBe(201);
  });

  it("is the caller's own: another person's same key is another call", async () => {
    const a = await api(db.prisma, ana, { clock })("POST", "/api/plans", graph("Mine"), {
      "idempotency-key": "same",
    });
    const b = await api(db.prisma, bea, { clock })("POST", "/api/plans", graph("Mine"), {
      "idempotency-key": "same",
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it("frees a key after a day, and takes over a claim whose process died before answering", async () => {
    const at = (ms: number) => api(db.prisma, ana, { clock: fixedClock(NOW + ms) });
    const first = await at(0)("POST", "/api/plans", graph("Day"), { "idempotency-key": "k-day" });
    const sameDay = await at(KEPT_MS - 1)("POST", "/api/plans", graph("Day"), { "idempotency-key": "k-day" });
    expect(sameDay.body).toEqual(first.body);
    const nextDay = await at(KEPT_MS)("POST", "/api/plans", graph("Day"), { "idempotency-key": "k-day" });
    expect(nextDay.status).toBe(201);
    expect(nextDay.body.id).not.toBe(first.body.id);

    // A claim with no answer: a process took the key and died (kill -9) before it answered.
    await db.prisma.idempotentCall.create({
      data: {
        caller: `user:${ana.userId}`,
        operation: "plans.create",
        key: "k-dead",
        input: "whatever",
        createdAt: new Date(NOW),
      },
    });
    const taken = await at(ABANDONED_MS)("POST", "/api/plans", graph("Dead"), {
      "idempotency-key": "k-dead",
    });
    expect(taken.status).toBe(201);
  });
});

function graphCamel(name: string) {
  return { name, nodes: [{ id: "scan", dependsOn: [] }] };
}
