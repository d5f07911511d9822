// Plan roles and the approval gate through the actions, on a real database: withdrawn, expired and lapsed
// approvals, distinct approvers, confirmations by the roles' holders.
import { describe, expect, it } from "vitest";
import { ANON, type Who } from "../../identity";
import { makeUser } from "../../testing/db";
import { planView, planMembers, readAudit } from "./index";

import {
  admin,
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

describe("plan roles and the approval gate", () => {
  it("an approver withdraws her approval: the gate counts it no longer, the audit says who withdrew, she may approve again", async () => {
    const { planner, id, body } = await gated("wd");
    const ana = await makeUser(db, "wd-ana");
    const ben = await makeUser(db, "wd-ben");
    await give(id, planner, ana.name, "approver");
    await give(id, planner, ben.name, "approver");
    // Nothing to withdraw before approving; a guest, an agent's owner who never approved, likewise refused.
    expect(await plan.withdraw(ana, id, body)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await plan.withdraw(ANON, id, body)).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    expect(value(await planView(db.prisma, ana, { id }, NOW)).may.withdraw).toMatch(/nothing to withdraw/);
    value(await plan.approve(ana, id, body));
    expect(value(await planView(db.prisma, admin, { id }, NOW)).gates!.approvals).toHaveLength(1);
    expect(value(await planView(db.prisma, ana, { id }, NOW)).may.withdraw).toBe(true);
    // Ben's withdrawal cannot take back Ana's.
    expect(await plan.withdraw(ben, id, body, new Date(NOW + 1))).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(value(await plan.withdraw(ana, id, body, new Date(NOW + 2)))).toMatchObject({
      approvals: 0,
      needed: 1,
    });
    const v = value(await planView(db.prisma, admin, { id }, NOW + 3));
    expect(v.gates!.approvals).toEqual([]);
    expect(v.gates!.lapsed).toEqual([
      `wd-ana withdrew their approval at ${new Date(NOW + 2).toISOString()}: that approval no longer counts`,
    ]);
    expect(v.findings.map((f) => f.id)).toContain("approval-required");
    // Both rows stay in the ledger; approving again counts anew.
    expect(await db.prisma.approval.count({ where: { planId: id } })).toBe(2);
    value(await plan.approve(ana, id, body, new Date(NOW + 4)));
    const again = value(await planView(db.prisma, admin, { id }, NOW + 5));
    expect([again.gates!.approvals.length, again.gates!.lapsed]).toEqual([1, []]);
  });

  it("an approval expires after the gate's approvalTtl: it no longer counts, the audit and the canvas say so, and it may be given again", async () => {
    const HOUR = 3_600_000;
    const { planner, id, body } = await gated("ttl", { ttl: HOUR });
    const ana = await makeUser(db, "ttl-ana");
    await give(id, planner, ana.name, "approver");
    value(await plan.approve(ana, id, body));
    let v = await view(id);
    expect(v.gates!.approvals).toEqual([
      { by: "ttl-ana", at: when.toISOString(), expiresAt: new Date(NOW + HOUR).toISOString() },
    ]);
    expect(v.findings.map((f) => f.id)).toEqual(["assignment-gate-unsatisfied"]);
    // An hour on, it has lapsed: the gate holds again, and says whose approval expired and who may give one.
    const later = NOW + HOUR;
    v = value(await planView(db.prisma, admin, { id }, later));
    expect(v.gates!.approvals).toEqual([]);
    expect(v.gates!.lapsed).toEqual([
      `ttl-ana's approval expired at ${new Date(later).toISOString()}: that approval no longer counts`,
    ]);
    expect(v.gates!.stillNeeded[0]).toBe("needs 1 more approver: ttl-ana");
    const finding = v.findings.find((f) => f.id === "approval-required")!;
    expect(finding.message).toContain("Needs 1 more approver: ttl-ana.");
    expect(finding.message).toContain("ttl-ana's approval expired at");
    const audit = value(await readAudit(db.prisma, planner, { planId: id }, later));
    expect(audit.declaration.approval).toEqual({ required: true, present: false });
    expect(audit.lapsed).toEqual(v.gates!.lapsed);
    expect(audit.stillNeeded).toEqual(v.gates!.stillNeeded);
    // She approves again; it counts from then.
    expect(value(await planView(db.prisma, ana, { id }, later)).may.approve).toBe(true);
    expect(value(await plan.approve(ana, id, body, new Date(later)))).toMatchObject({
      approvals: 1,
    });
    v = value(await planView(db.prisma, admin, { id }, later));
    expect(v.gates!.approvals).toHaveLength(1);
    expect(v.gates!.lapsed).toEqual([]);
    // The owner changes the terms: approvals given from now on stop expiring, and the change is on the record; the
    // one given under the hour keeps its hour (shared/spec/access.md: its expiry was fixed when it was given).
    value(await plan.settings(planner, id, { approvalTtlMs: null }, new Date(later)));
    const members = value(await planMembers(db.prisma, planner, { id }));
    expect(members.settings[0]).toMatchObject({
      field: "approvalTtlMs",
      before: String(HOUR),
      after: null,
      by: "ttl-planner",
    });
    expect(value(await planView(db.prisma, admin, { id }, later + HOUR)).gates!.approvals).toEqual([]);
    value(await plan.approve(ana, id, body, new Date(later + HOUR)));
    expect(value(await planView(db.prisma, admin, { id }, later + 100 * HOUR)).gates!.approvals).toEqual([
      { by: "ttl-ana", at: new Date(later + HOUR).toISOString(), expiresAt: null },
    ]);
  });

  it("distinct approvers from the list: a role taken back takes its approval with it; may and the guard agree", async () => {
    const { planner, id, body } = await gated("list", { needed: 2 });
    const [ana, ben, cy] = (await Promise.all(
      ["list-ana", "list-ben", "list-cy"].map((n) => makeUser(db, n)),
    )) as [Person, Person, Person];
    await give(id, planner, ana.name, "approver");
    await give(id, planner, ben.name, "approver");
    await give(id, planner, cy.name, "viewer");
    expect((await view(id)).gates!.stillNeeded[0]).toBe("needs 2 more approvers: list-ana or list-ben");
    // For everyone who may read the plan, the page's `may` and the action's answer are the one check.
    for (const who of [planner, ana, ben, cy, admin] as Who[]) {
      const may = value(await planView(db.prisma, who, { id }, NOW)).may.approve;
      const r = await plan.approve(who, id, body);
      expect(r.ok ? true : r.message, who.kind === "user" ? who.name : who.kind).toBe(may);
    }
    let v = await view(id);
    expect(v.gates!.approvals.map((a) => a.by)).toEqual(["list-ana", "list-ben"]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: false });
    expect(v.findings.map((f) => f.id)).toEqual(["assignment-gate-unsatisfied"]);
    // Ben is no longer an approver: his approval stops counting (it stays recorded), and the gate says so.
    value(await plan.remove(planner, id, { role: "approver", person: ben.name }));
    v = await view(id);
    expect(v.gates!.approvals.map((a) => a.by)).toEqual(["list-ana"]);
    expect(v.gates!.lapsed).toEqual([
      "list-ben is no longer an approver of this plan: that approval no longer counts",
    ]);
    expect(v.gates!.stillNeeded[0]).toBe(
      "needs 1 more approver, and no approver of this plan can give it: its owner assigns the approver role",
    );
    expect(await db.prisma.approval.count({ where: { planId: id } })).toBe(2);
    // The plan is invited: with his role gone, it does not exist for him.
    expect(await plan.approve(ben, id, body)).toMatchObject({ code: "not_found" });
    // Who holds what, and every change, is derived from the append-only log.
    const members = value(await planMembers(db.prisma, cy, { id }));
    expect(members.members.map((m) => [m.role, m.name])).toEqual([
      ["owner", "list-planner"],
      ["approver", "list-ana"],
      ["viewer", "list-cy"],
    ]);
    expect(members.log.map((c) => [c.action, c.role, c.name, c.by])).toEqual([
      ["remove", "approver", "list-ben", "list-planner"],
      ["accept", "viewer", "list-cy", "list-cy"],
      ["invite", "viewer", "list-cy", "list-planner"],
      ["accept", "approver", "list-ben", "list-ben"],
      ["invite", "approver", "list-ben", "list-planner"],
      ["accept", "approver", "list-ana", "list-ana"],
      ["invite", "approver", "list-ana", "list-planner"],
    ]);
    expect(members.mayManage).toMatch(/Only the plan's owner, list-planner/);
    expect(await db.prisma.planRoleChange.count({ where: { planId: id } })).toBe(7);
  });

  it("authority and resources are confirmed only by their holders; a confirmation whose holder lost the role lapses", async () => {
    const { planner, id, body } = await gated("chk");
    const [dee, eve] = (await Promise.all(["chk-dee", "chk-eve"].map((n) => makeUser(db, n)))) as [
      Person,
      Person,
    ];
    await give(id, planner, dee.name, "authority", "viewer");
    await give(id, planner, eve.name, "resources");
    expect(await plan.confirm(dee, id, { kind: "resources", ...body })).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("holding the resources role"),
    });
    expect(await plan.confirm(planner, id, { kind: "authority", ...body })).toMatchObject({
      code: "forbidden",
    });
    const v0 = value(await planView(db.prisma, dee, { id }, NOW));
    expect(v0.may.confirm).toEqual({
      authority: true,
      resources: expect.stringContaining("holding the resources role"),
    });
    value(await plan.confirm(dee, id, { kind: "authority", ...body }));
    value(await plan.confirm(eve, id, { kind: "resources", ...body }));
    expect((await view(id)).gates).toMatchObject({
      authority: { by: "chk-dee" },
      resources: { by: "chk-eve" },
    });
    value(await plan.remove(planner, id, { role: "authority", person: dee.name }));
    const v = await view(id);
    expect(v.gates!.authority).toBeNull();
    expect(v.gates!.lapsed).toEqual([
      "chk-dee no longer holds the authority role: that authority confirmation no longer counts",
    ]);
    expect(v.gates!.stillNeeded).toContain(
      "needs authority, and nobody holds the authority role: its owner assigns it",
    );
  });
});
