// Giving plan roles through the actions, on a real database: people by name, agents by id, and consent (a role for
// another person is an invitation).
import { describe, expect, it } from "vitest";
import { type Who } from "../../identity";
import { makeUser } from "../../testing/db";
import { answerInvitation, listInvitations } from "../invitations";
import { planView, planMembers } from "./index";

import {
  agentOf,
  db,
  gated,
  NOW,
  usePlansDatabase,
  value,
  view,
  type Person,
  plan,
} from "../../testing/plans";

usePlansDatabase();

describe("what the owner may give, and consent", () => {
  it("what the owner may give, to whom: people by name, agents by id and only as operators", async () => {
    const { planner, id } = await gated("give");
    const stranger = await makeUser(db, "give-stranger");
    const mine = await agentOf(planner, "give-mine");
    const theirs = await agentOf(stranger, "give-theirs");
    const give1 = (body: Record<string, unknown>, who: Who = planner) => plan.assign(who, id, body);
    expect(await give1({ role: "approver", person: planner.name })).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("you can never approve one"),
    });
    expect(await give1({ role: "approver", person: "nobody-at-all" })).toMatchObject({ code: "not_found" });
    expect(await give1({ role: "viewer", agent: (theirs as { agentId: number }).agentId })).toMatchObject({
      code: "invalid",
      message: "An agent may only be an operator; the viewer role is a person's.",
    });
    expect(await give1({ role: "operator", agent: 999_999 })).toMatchObject({
      code: "not_found",
      message: "No agent has the id 999999.",
    });
    expect(await give1({ role: "approver", agent: (mine as { agentId: number }).agentId })).toMatchObject({
      code: "invalid",
    });
    expect(await give1({ role: "approver", person: stranger.name, agent: 1 })).toMatchObject({
      code: "invalid",
    });
    expect(await give1({ role: "owner", person: stranger.name })).toMatchObject({ code: "invalid" });
    // Her own agent needs no consent; another person is invited and holds nothing until they say yes.
    expect(
      value(await give1({ role: "operator", agent: (mine as { agentId: number }).agentId })),
    ).toMatchObject({
      action: "assign",
    });
    expect(value(await give1({ role: "operator", person: stranger.name }))).toMatchObject({
      action: "invite",
      message:
        "Invited give-stranger to the operator role on this plan: it counts once give-stranger accepts.",
    });
    expect(await give1({ role: "operator", person: stranger.name })).toMatchObject({
      code: "conflict",
      message: "give-stranger is already invited to the operator role on this plan; no answer yet.",
    });
    expect(
      await plan.report(stranger, id, { nodeId: "build", status: "success", evidenceHash: "b1" }),
    ).toMatchObject({ code: "forbidden" });
    value(await answerInvitation(db.prisma, stranger, { kind: "plan", id }, true, NOW));
    expect(await give1({ role: "operator", person: stranger.name })).toMatchObject({
      code: "conflict",
      message: "give-stranger already holds the operator role on this plan.",
    });
    expect(await plan.remove(planner, id, { role: "viewer", person: stranger.name })).toMatchObject({
      code: "conflict",
    });
    // The operator reports; another person's agent is nobody here (the plan is invited: it does not exist for it).
    value(await plan.report(stranger, id, { nodeId: "build", status: "success", evidenceHash: "b2" }));
    expect(
      await plan.report(theirs, id, { nodeId: "build", status: "success", evidenceHash: "b3" }),
    ).toMatchObject({ code: "not_found" });
    // An operator does not steer, nor give roles.
    expect(await plan.decide(stranger, id, { revision: 1, decision: "hold", rationale: "x" })).toMatchObject({
      code: "forbidden",
    });
    expect(await give1({ role: "viewer", person: "give-planner" }, stranger)).toMatchObject({
      code: "forbidden",
    });
    // A name is matched as accounts are (NFKC, case-folded).
    value(await give1({ role: "viewer", person: "GIVE-STRANGER" }));
    value(await answerInvitation(db.prisma, stranger, { kind: "plan", id, role: "viewer" }, true, NOW));
    const members = (await view(id)).members.members.map((m) => [m.role, m.kind, m.name, m.owner]);
    expect(members).toEqual([
      ["owner", "person", "give-planner", null],
      ["operator", "agent", "give-mine", "give-planner"],
      ["operator", "person", "give-stranger", null],
      ["viewer", "person", "give-stranger", null],
    ]);
  });

  it("consent: a role for another person is an invitation; it counts (the gate's N) only once accepted; a decline frees it", async () => {
    const { planner, id, body } = await gated("yes");
    const [ana, ben, cy, zed] = (await Promise.all(
      ["yes-ana", "yes-ben", "yes-cy", "yes-zed"].map((n) => makeUser(db, n)),
    )) as [Person, Person, Person, Person];
    const ask = (person: string, role: string) => plan.assign(planner, id, { role, person });
    const answer = (who: Who, yes: boolean, role?: string) =>
      answerInvitation(db.prisma, who, { kind: "plan", id, ...(role ? { role } : {}) }, yes, NOW);
    expect(value(await ask(ana.name, "approver"))).toMatchObject({
      action: "invite",
      members: [{ role: "owner", name: "yes-planner" }],
      invited: [{ role: "approver", name: "yes-ana", by: "yes-planner" }],
    });
    // Waiting: she reads the plan (so she can decide) and is listed as invited, but her approval counts for nothing.
    const v = value(await planView(db.prisma, ana, { id }, NOW));
    expect(v.invitedAs).toEqual(["approver"]);
    expect(value(await planView(db.prisma, planner, { id }, NOW)).invitedAs).toEqual([]);
    expect(v.members.members.map((m) => m.name)).toEqual(["yes-planner"]);
    expect(v.members.invited.map((m) => [m.role, m.name])).toEqual([["approver", "yes-ana"]]);
    expect(v.may.approve).toMatch(/Only the plan's approvers approve/);
    expect(await plan.approve(ana, id, body)).toMatchObject({ code: "forbidden" });
    expect(v.gates!.stillNeeded[0]).toBe(
      "needs 1 more approver, and no approver of this plan can give it: its owner assigns the approver role; invited, no answer yet: yes-ana",
    );
    expect(value(await listInvitations(db.prisma, ana)).invitations).toEqual([
      { kind: "plan", id, title: "Gated", from: "yes-planner", seat: "approver", agent: null },
    ]);
    // A stranger has nothing to answer, and the plan does not exist for them.
    expect(await answer(zed, true)).toMatchObject({
      code: "not_found",
      message: "You have no open invitation to a role on this plan.",
    });
    expect(await answer(ana, true, "viewer")).toMatchObject({ code: "not_found" });
    // She says yes: now she counts, the gate stands, and her invitation is gone from her list.
    expect(value(await answer(ana, true))).toEqual({
      kind: "plan",
      id,
      seat: "approver",
      accepted: true,
      message: 'You now hold the approver role on the plan "Gated".',
    });
    expect(await answer(ana, true)).toMatchObject({ code: "not_found" });
    expect(value(await listInvitations(db.prisma, ana)).invitations).toEqual([]);
    expect(value(await planView(db.prisma, ana, { id }, NOW)).invitedAs).toEqual([]);
    expect((await view(id)).gates!.stillNeeded[0]).toBe("needs 1 more approver: yes-ana");
    value(await plan.approve(ana, id, body));
    expect((await view(id)).gates!.approvals.map((a) => a.by)).toEqual(["yes-ana"]);
    // Ben says no: nothing is held, nothing waits, and the invited plan is gone for him.
    value(await ask(ben.name, "viewer"));
    expect(value(await answer(ben, false))).toMatchObject({
      accepted: false,
      message: 'You declined the viewer role on the plan "Gated"; its owner may ask again.',
    });
    expect(await planView(db.prisma, ben, { id }, NOW)).toMatchObject({ code: "not_found" });
    expect(value(await listInvitations(db.prisma, ben)).invitations).toEqual([]);
    // Two invitations on one plan: the answer says which; the owner withdraws one, and a late yes finds nothing.
    value(await ask(cy.name, "approver"));
    value(await ask(cy.name, "resources"));
    expect(value(await listInvitations(db.prisma, cy)).invitations.map((i) => [i.kind, i.seat])).toEqual([
      ["plan", "approver"],
      ["plan", "resources"],
    ]);
    expect(await answer(cy, true)).toMatchObject({
      code: "invalid",
      message: "You are invited to this plan as approver and resources: say which role you answer.",
    });
    expect(value(await plan.remove(planner, id, { role: "resources", person: cy.name }))).toMatchObject({
      action: "remove",
      message: "Withdrew yes-cy's invitation to the resources role on this plan.",
    });
    expect(await answer(cy, true, "resources")).toMatchObject({ code: "not_found" });
    value(await answer(cy, true));
    // The owner herself needs no consent for a check she may confirm.
    expect(value(await ask(planner.name, "authority"))).toMatchObject({ action: "assign" });
    const members = value(await planMembers(db.prisma, planner, { id }));
    expect(members.members.map((m) => [m.role, m.name])).toEqual([
      ["owner", "yes-planner"],
      ["approver", "yes-ana"],
      ["approver", "yes-cy"],
      ["authority", "yes-planner"],
    ]);
    expect(members.invited).toEqual([]);
    expect(members.log.slice(0, 6).map((c) => [c.action, c.role, c.name, c.by])).toEqual([
      ["assign", "authority", "yes-planner", "yes-planner"],
      ["accept", "approver", "yes-cy", "yes-cy"],
      ["remove", "resources", "yes-cy", "yes-planner"],
      ["invite", "resources", "yes-cy", "yes-planner"],
      ["invite", "approver", "yes-cy", "yes-planner"],
      ["decline", "viewer", "yes-ben", "yes-ben"],
    ]);
    // Every door answers the same: a table's or round table's invitation names no role.
    expect(
      await answerInvitation(db.prisma, cy, { kind: "table", id, role: "viewer" }, true, NOW),
    ).toMatchObject({ code: "invalid" });
  });
});
