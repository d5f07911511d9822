// A checkpoint's decisions through the actions, on a real database: hold, revise, escalate to a Round Table, admit.
import { describe, expect, it } from "vitest";
import { sweepAll } from "../../boot";
import { ANON, type Who } from "../../identity";
import { makeUser } from "../../testing/db";
import { councilState, listCouncils } from "../council";
import { planView, sweepCheckpoints } from "./index";

import {
  admin,
  agentOf,
  db,
  endWithRuling,
  escalatedPlan,
  ledger,
  NOW,
  usePlansDatabase,
  value,
  view,
  newPlan,
  plan,
} from "../../testing/plans";

usePlansDatabase();

describe("decisions", () => {
  it("an agent may hold, a revise decision writes the revision in the same step, escalate without seats is noted", async () => {
    const planner = await makeUser(db, "d-planner");
    const agent = await agentOf(planner, "d-agent");
    const id = await newPlan(planner, {
      name: "Decisions",
      nodes: [
        { id: "a", dependsOn: [] },
        { id: "b", dependsOn: ["a"] },
      ],
    });
    expect(await plan.decide(planner, id, { revision: 1, decision: "hold", rationale: "x" })).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("Wave 1 has not reported"),
    });
    value(await plan.report(agent, id, { nodeId: "a", status: "failed", evidenceHash: "a1" }));
    const held = value(
      await plan.decide(agent, id, { revision: 1, decision: "hold", rationale: "a failed" }),
    );
    expect(held.audit.findings.map((f) => f.id)).toEqual(["next-wave-dependency-not-success"]);
    expect(
      await plan.decide(planner, id, {
        revision: 1,
        decision: "hold",
        rationale: "x",
        newRevision: { nodes: [{ id: "a" }], evidenceRefs: ["x"] },
      }),
    ).toMatchObject({ code: "invalid" });
    expect(
      await plan.decide(planner, id, {
        revision: 1,
        decision: "revise",
        rationale: "retry a",
        newRevision: { nodes: [{ id: "a", dependsOn: ["a"] }], evidenceRefs: ["a1"] },
      }),
    ).toMatchObject({ code: "invalid", message: expect.stringContaining("cycle") });
    expect(await db.prisma.checkpoint.count({ where: { planId: id } })).toBe(1);
    const revised = value(
      await plan.decide(planner, id, {
        revision: 1,
        decision: "revise",
        rationale: "retry a as a2",
        newRevision: {
          nodes: [
            { id: "a2", dependsOn: [] },
            { id: "b", dependsOn: ["a2"] },
          ],
          evidenceRefs: ["a1"],
          revalidated: ["b"],
        },
      }),
    );
    expect(revised).toMatchObject({ decision: "revise", revision: 1, newRevision: 2 });
    expect((await view(id)).revision).toMatchObject({ number: 2, rationale: "retry a as a2" });
    value(await plan.report(agent, id, { nodeId: "a2", status: "success", evidenceHash: "a2" }));
    const escalated = value(
      await plan.decide(planner, id, { revision: 2, decision: "escalate", rationale: "unsure" }),
    );
    expect(escalated.escalation).toMatchObject({
      councilId: null,
      note: expect.stringContaining("no Round Table"),
    });
    expect((await view(id)).checkpoints.map((c) => c.decision)).toEqual(["escalate", "revise", "hold"]);
  });

  it("an invited plan's escalation is an invited Round Table, read by the plan's people and its seats only", async () => {
    const { planner, councilId } = await escalatedPlan("escvis");
    const council = await db.prisma.council.findUniqueOrThrow({ where: { id: councilId } });
    expect(council.visibility).toBe("invited");
    const stranger = await makeUser(db, "escvis-stranger");
    const reads = async (who: Who) => (await councilState(db.prisma, who, { id: councilId }, NOW)).ok;
    expect(await reads(ANON)).toBe(false);
    expect(await reads(stranger)).toBe(false);
    expect(await reads(planner)).toBe(true);
    const seat = (await db.prisma.user.findFirstOrThrow({ where: { name: "escvis-one" } })).id;
    expect(await reads({ kind: "user", userId: seat, name: "escvis-one", admin: false })).toBe(true);
    const listed = await listCouncils(db.prisma, stranger, NOW);
    expect(listed.ok && listed.value.councils.some((c) => c.id === councilId)).toBe(false);
  });

  it("escalate with seats convenes a Round Table on hold / revise / admit", async () => {
    const { id, planner, councilId } = await escalatedPlan("e");
    const council = await db.prisma.council.findUnique({ where: { id: councilId } });
    expect(council?.options).toEqual(["hold", "revise", "admit"]);
    expect((await view(id)).checkpoints[0]).toMatchObject({ decision: "escalate", councilId, advice: null });
    // The table ends (here: a person's ruling on it); the next reader finds its result beside the checkpoint.
    await endWithRuling(councilId, planner, "hold");
    const advised = (await view(id)).checkpoints[0]!;
    expect(advised).toMatchObject({ decision: "escalate", advice: { councilId, option: "hold" } });
    // The sweeper records it, announced once; reading and sweeping again change nothing.
    const adviceEvents = () => db.prisma.event.count({ where: { topic: `plan:${id}`, type: "plan.advice" } });
    expect(await adviceEvents()).toBe(0);
    expect(await sweepCheckpoints(db, NOW)).toBe(1);
    expect(await adviceEvents()).toBe(1);
    expect((await db.prisma.checkpoint.findFirst({ where: { planId: id } }))?.advice).toMatchObject({
      councilId,
      option: "hold",
    });
    expect((await view(id)).checkpoints[0]).toEqual(advised);
    expect(await sweepCheckpoints(db, NOW)).toBe(0);
    expect(await adviceEvents()).toBe(1);
  });

  it("reading a plan writes nothing: not its council's due steps, not a finished council's advice", async () => {
    const { id, planner, councilId } = await escalatedPlan("w");
    // A day on, the open table's round is long past its deadline: the council has writes due, the plan read makes none.
    const later = NOW + 86_400_000;
    const before = await ledger();
    const open = value(await planView(db.prisma, admin, { id }, later));
    expect(open.checkpoints[0]).toMatchObject({ councilId, advice: null });
    expect(await ledger()).toEqual(before);
    // Finished, and not yet swept: readers see the advice, derived; the ledger is as it was.
    await endWithRuling(councilId, planner, "revise");
    const finished = await ledger();
    for (const who of [admin, planner]) {
      const read = value(await planView(db.prisma, who, { id }, later));
      expect(read.checkpoints[0]?.advice).toMatchObject({ councilId, option: "revise" });
    }
    expect(await ledger()).toEqual(finished);
    // The clock's sweep, every module's as a server runs it, is what records it.
    await sweepAll(db, later);
    expect(await db.prisma.checkpoint.findFirst({ where: { planId: id } })).toMatchObject({
      advice: { councilId, option: "revise" },
    });
  });

  it("an escalation and its Round Table are one write: a refused council or a failing one leaves no checkpoint", async () => {
    const planner = await makeUser(db, "e1-planner");
    const id = await newPlan(planner, {
      name: "Escalate once",
      nodes: [{ id: "a" }, { id: "b", dependsOn: ["a"] }],
    });
    const seat = (name: string, soul = "Careful about releases.") => ({
      name,
      soul,
      source: "pasted",
      wearer: "model",
      provider: "scripted",
    });
    const escalate = (seats: unknown[]) =>
      plan.decide(planner, id, { revision: 1, decision: "escalate", rationale: "ask", council: { seats } });
    value(await plan.report(planner, id, { nodeId: "a", status: "success", evidenceHash: "a1" }));
    const checkpoints = () => db.prisma.checkpoint.count({ where: { planId: id } });
    expect(await escalate([seat("a", "hostile\u0000"), seat("b"), seat("c")])).toMatchObject({
      ok: false,
      code: "invalid",
      message: expect.stringContaining('"council.seats.0.soul"'),
    });
    expect(await escalate([seat("a"), seat("b")])).toMatchObject({ ok: false, code: "invalid" });
    expect(await checkpoints()).toBe(0);
    // The database refuses the council mid-write: the checkpoint written before it in the transaction goes too.
    await db.sql.query(
      `CREATE FUNCTION refuse_council() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
    );
    await db.sql.query(
      `CREATE TRIGGER refuse_council BEFORE INSERT ON "Council" FOR EACH ROW EXECUTE FUNCTION refuse_council()`,
    );
    try {
      await expect(escalate([seat("a"), seat("b"), seat("c")])).rejects.toThrow();
    } finally {
      await db.sql.query(`DROP TRIGGER refuse_council ON "Council"`);
      await db.sql.query(`DROP FUNCTION refuse_council()`);
    }
    expect(await checkpoints()).toBe(0);
    const done = value(await escalate([seat("a"), seat("b"), seat("c")]));
    expect(done.escalation).toMatchObject({ councilId: expect.any(Number) });
    expect(await checkpoints()).toBe(1);
  });
});
