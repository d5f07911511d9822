// Plan roles held by agents and pending people, through the actions on a real database: another person's agent as
// operator, a pending approver, and the plan's visibility.
import { describe, expect, it } from "vitest";
import { ANON, type Who } from "../../identity";
import { makeUser } from "../../testing/db";
import { answerInvitation, listInvitations } from "../invitations";
import { assignRole, listPlans, planView, postOutcome, planMembers, readAudit } from "./index";

import {
  agentOf,
  db,
  gated,
  give,
  NOW,
  usePlansDatabase,
  value,
  view,
  when,
  type Person,
  plan,
} from "../../testing/plans";

usePlansDatabase();

describe("agents' roles, pending approvers, visibility", () => {
  it("another person's agent is invited as operator: its owner reads the plan, answers for it, and the agent works only once accepted", async () => {
    const { planner, id } = await gated("op");
    const bea = await makeUser(db, "op-bea");
    const stranger = await makeUser(db, "op-stranger");
    const bot = (await agentOf(bea, "op-bot")) as Who & { kind: "agent"; agentId: number };
    const ask = () =>
      assignRole(db.prisma, planner, { planId: id, role: "operator", agent: bot.agentId }, when);
    const post = (who: Who, hash: string) =>
      postOutcome(
        db.prisma,
        who,
        { planId: id, nodeId: "build", status: "success", evidenceHash: hash },
        when,
      );
    const answer = (who: Who, yes: boolean, agentId?: number) =>
      answerInvitation(db.prisma, who, { kind: "plan", id, ...(agentId ? { agentId } : {}) }, yes, NOW);
    // Before: the invited plan does not exist for bea or her agent.
    expect(await planView(db.prisma, bea, { id }, NOW)).toMatchObject({ code: "not_found" });
    // (besides the bell's notification.new, which every notification sends)
    const theirs = { topic: `user:${bea.userId}`, NOT: { type: { startsWith: "notification." } } };
    const before = await db.prisma.event.count({ where: theirs });
    expect(value(await ask())).toMatchObject({
      action: "invite",
      invited: [{ role: "operator", kind: "agent", name: "op-bot", owner: "op-bea" }],
    });
    // Her invitation reaches her own topic (the header's count reads again), never the plan owner's.
    const told = await db.prisma.event.findMany({
      where: { topic: `user:${bea.userId}`, type: "invitation.received" },
    });
    expect(told.length).toBe(1);
    expect(await db.prisma.event.count({ where: theirs })).toBe(before + 1);
    // Waiting: bea and her agent read the plan and the plan's list; a stranger does not; the agent cannot post yet.
    const seen = value(await planView(db.prisma, bea, { id }, NOW));
    expect(seen.invitedAs).toEqual([]);
    expect(seen.agentsInvited).toEqual([{ role: "operator", agent: { id: bot.agentId, name: "op-bot" } }]);
    expect(value(await planView(db.prisma, bot, { id }, NOW)).invitedAs).toEqual(["operator"]);
    expect(value(await listPlans(db.prisma, bea)).map((p) => p.id)).toContain(id);
    expect(value(await listPlans(db.prisma, stranger)).map((p) => p.id)).not.toContain(id);
    expect(await planView(db.prisma, stranger, { id }, NOW)).toMatchObject({ code: "not_found" });
    expect(await post(bot, "early")).toMatchObject({ code: "forbidden" });
    expect(value(await listInvitations(db.prisma, bea)).invitations).toEqual([
      {
        kind: "plan",
        id,
        title: "Gated",
        from: "op-planner",
        seat: "operator",
        agent: { id: bot.agentId, name: "op-bot" },
      },
    ]);
    expect(value(await listInvitations(db.prisma, bot)).invitations).toEqual([
      {
        kind: "plan",
        id,
        title: "Gated",
        from: "op-planner",
        seat: "operator",
        agent: { id: bot.agentId, name: "op-bot" },
      },
    ]);
    // Only the one who answers for it: a stranger (even naming the agent), or bea without naming it, finds nothing.
    expect(await answer(stranger, true, bot.agentId)).toMatchObject({ code: "not_found" });
    expect(await answer(bea, true)).toMatchObject({ code: "not_found" });
    // She declines for it: nothing held, and the plan is gone for both again.
    expect(value(await answer(bea, false, bot.agentId))).toMatchObject({
      accepted: false,
      message: 'Your agent op-bot declined the operator role on the plan "Gated"; its owner may ask again.',
    });
    expect(await planView(db.prisma, bea, { id }, NOW)).toMatchObject({ code: "not_found" });
    expect(await planView(db.prisma, bot, { id }, NOW)).toMatchObject({ code: "not_found" });
    // Asked again, the agent answers for itself: now it holds the role and posts; an operator steers nothing.
    value(await ask());
    expect(value(await answer(bot, true))).toMatchObject({
      accepted: true,
      message: 'You now hold the operator role on the plan "Gated".',
    });
    value(await post(bot, "by-the-bot"));
    expect(await plan.decide(bot, id, { revision: 1, decision: "hold", rationale: "x" })).toMatchObject({
      code: "forbidden",
    });
    // Bea reads it while her agent holds the role (an agent counts as its owner); she cannot post herself.
    expect(value(await planView(db.prisma, bea, { id }, NOW)).agentsInvited).toEqual([]);
    expect(await post(bea, "by-bea")).toMatchObject({ code: "forbidden" });
    const members = value(await planMembers(db.prisma, planner, { id }));
    expect(members.members.map((m) => [m.role, m.kind, m.name, m.owner])).toContainEqual([
      "operator",
      "agent",
      "op-bot",
      "op-bea",
    ]);
    // The log says who answered: bea for her agent, then bea again (an agent answering counts as its owner).
    expect(members.log.slice(0, 4).map((c) => [c.action, c.name, c.by])).toEqual([
      ["accept", "op-bot", "op-bea"],
      ["invite", "op-bot", "op-planner"],
      ["decline", "op-bot", "op-bea"],
      ["invite", "op-bot", "op-planner"],
    ]);
    // Taken back: the agent's reports stop there, and the plan is gone for bea and her agent.
    value(await plan.remove(planner, id, { role: "operator", agent: bot.agentId }));
    expect(await post(bot, "late")).toMatchObject({ code: "not_found" });
    expect(await planView(db.prisma, bea, { id }, NOW)).toMatchObject({ code: "not_found" });
  });

  it("a pending approver counts toward no gate: N=2 with one accepted and one waiting does not admit", async () => {
    const { planner, id, body } = await gated("wait", { needed: 2 });
    const [ana, ben] = (await Promise.all(["wait-ana", "wait-ben"].map((n) => makeUser(db, n)))) as [
      Person,
      Person,
    ];
    await give(id, planner, ana.name, "approver");
    value(await plan.assign(planner, id, { role: "approver", person: ben.name }));
    await give(id, planner, planner.name, "authority", "resources");
    value(await plan.approve(ana, id, body));
    for (const kind of ["authority", "resources"]) value(await plan.confirm(planner, id, { kind, ...body }));
    expect(await plan.approve(ben, id, body)).toMatchObject({ code: "forbidden" });
    const v = await view(id);
    expect(v.gates!.approvals.map((a) => a.by)).toEqual(["wait-ana"]);
    expect(v.gates!.stillNeeded).toEqual([
      "needs 1 more approver, and no approver of this plan can give it: its owner assigns the approver role; invited, no answer yet: wait-ben",
    ]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: false });
    expect(
      await plan.decide(planner, id, { revision: 1, decision: "admit", rationale: "two said yes?" }),
    ).toMatchObject({ code: "conflict" });
    // He accepts and approves: now two count.
    value(await answerInvitation(db.prisma, ben, { kind: "plan", id }, true, NOW));
    value(await plan.approve(ben, id, body));
    expect((await view(id)).gates!.stillNeeded).toEqual([]);
  });

  it("visibility: invited by default and not_found to others; signed_in for anyone signed in; the owner changes it", async () => {
    const { planner, id } = await gated("vis");
    const stranger = await makeUser(db, "vis-stranger");
    expect((await view(id, planner)).plan.visibility).toBe("invited");
    for (const who of [ANON, stranger] as Who[]) {
      expect(await planView(db.prisma, who, { id }, NOW)).toMatchObject({ code: "not_found" });
      expect(await readAudit(db.prisma, who, { planId: id }, NOW)).toEqual(
        await planView(db.prisma, who, { id: 999_999 }, NOW),
      );
      expect(value(await listPlans(db.prisma, who)).map((p) => p.id)).not.toContain(id);
    }
    expect(await plan.settings(stranger, id, { visibility: "public" })).toMatchObject({ code: "not_found" });
    value(await plan.settings(planner, id, { visibility: "signed_in" }));
    expect(await planView(db.prisma, ANON, { id }, NOW)).toMatchObject({ code: "not_found" });
    expect(value(await planView(db.prisma, stranger, { id }, NOW)).may).toMatchObject({
      write: expect.stringContaining("Only the plan's owner"),
      manage: expect.stringContaining("Only the plan's owner"),
    });
    expect(value(await listPlans(db.prisma, stranger)).find((p) => p.id === id)).toMatchObject({
      visibility: "signed_in",
    });
    expect(await plan.settings(planner, id, { visibility: "signed_in" })).toMatchObject({ code: "conflict" });
    expect(await plan.settings(planner, id, { visibility: "secret" })).toMatchObject({ code: "invalid" });
    value(await plan.settings(planner, id, { visibility: "public" }));
    expect(value(await planView(db.prisma, ANON, { id }, NOW)).plan.visibility).toBe("public");
    expect(value(await listPlans(db.prisma, ANON)).map((p) => p.id)).toContain(id);
  });
});
