// The plan-role rules alone: what the log leaves standing, who reads, which approvals count, and the sentence of
// who is still needed.
import { describe, expect, it } from "vitest";
import {
  approvalRefusal,
  approvalExpiry,
  approvalStanding,
  checkStanding,
  confirmRefusal,
  orList,
  stillNeeded,
  type ApprovalGate,
} from "./gates";
import {
  assignRefusal,
  audienceOf,
  holds,
  invitedNow,
  mayRead,
  needsConsent,
  rolesNow,
  type PlanAccess,
  type RoleAction,
  type RoleChange,
} from "./roles";

const person = (userId: number) => ({ kind: "user" as const, userId, admin: false });
const change = (action: RoleAction, role: RoleChange["role"], userId: number, name: string) => ({
  action,
  role,
  userId,
  agentId: null,
  name,
});

describe("the role log", () => {
  it("leaves standing each role whose last entry gave it, in the order first given", () => {
    const log = [
      change("assign", "approver", 2, "ana"),
      change("assign", "approver", 3, "ben"),
      change("remove", "approver", 2, "ana"),
      change("assign", "viewer", 4, "cy"),
      change("assign", "approver", 2, "ana"),
    ];
    expect(rolesNow(log).map((h) => `${h.role}:${h.name}`)).toEqual([
      "approver:ben",
      "viewer:cy",
      "approver:ana",
    ]);
  });
});

describe("consent: a role for someone else is an invitation until they say yes", () => {
  const log = [
    change("invite", "approver", 2, "ana"),
    change("invite", "approver", 3, "ben"),
    change("invite", "viewer", 4, "cy"),
    change("accept", "approver", 2, "ana"),
    change("decline", "viewer", 4, "cy"),
  ];
  it("counts an accepted invitation, keeps an unanswered one waiting, and a declined one is gone", () => {
    expect(rolesNow(log).map((h) => `${h.role}:${h.name}`)).toEqual(["approver:ana"]);
    expect(invitedNow(log).map((h) => `${h.role}:${h.name}`)).toEqual(["approver:ben"]);
  });
  it("an answer counts only for an open invitation; removing withdraws one; inviting a holder changes nothing", () => {
    // cy declined: a later accept (a replay, a second tab) does not seat her.
    expect(rolesNow([...log, change("accept", "viewer", 4, "cy")]).map((h) => h.name)).toEqual(["ana"]);
    // Nobody accepts what was never offered.
    expect(rolesNow([change("accept", "approver", 9, "zed")])).toEqual([]);
    // The owner withdraws ben's invitation: his late yes does nothing.
    const withdrawn = [
      ...log,
      change("remove", "approver", 3, "ben"),
      change("accept", "approver", 3, "ben"),
    ];
    expect(invitedNow(withdrawn)).toEqual([]);
    expect(rolesNow(withdrawn).map((h) => h.name)).toEqual(["ana"]);
    // Re-inviting ana, who holds it, does not turn her back into an invitee.
    expect(rolesNow([...log, change("invite", "approver", 2, "ana")]).map((h) => h.name)).toEqual(["ana"]);
    // Declined, then invited again: waiting again.
    expect(invitedNow([...log, change("invite", "viewer", 4, "cy")]).map((h) => h.name)).toEqual([
      "ben",
      "cy",
    ]);
  });
  it("the owner herself and her own agents need no consent; anyone else does", () => {
    expect(needsConsent({ ownerId: 1 }, { userId: 1 })).toBe(false);
    expect(needsConsent({ ownerId: 1 }, { agentId: 5, ownerId: 1 })).toBe(false);
    expect(needsConsent({ ownerId: 1 }, { userId: 2 })).toBe(true);
    expect(needsConsent({ ownerId: 1 }, { agentId: 5, ownerId: 2 })).toBe(true);
  });
  it("an invitee reads the plan and hears its events, but holds nothing: no approving, no confirming", () => {
    const a: PlanAccess = {
      ownerId: 1,
      owner: "olga",
      visibility: "invited",
      holders: rolesNow(log),
      invited: invitedNow([...log, change("invite", "authority", 3, "ben")]),
    };
    expect(mayRead(a, person(3))).toBe(true);
    expect(mayRead(a, person(4))).toBe(false); // cy declined: the plan is not hers to read
    expect(audienceOf(a)).toEqual({ users: [1, 2, 3], agents: [], agentsOf: [1] });
    expect(holds(a, person(3), "approver")).toBe(false);
    const g: ApprovalGate = {
      revision: 1,
      wave: ["ship"],
      required: true,
      needed: 2,
      proposerId: 1,
      given: [{ byId: 3, by: "ben", at: 0 }],
    };
    const standing = approvalStanding(a, g, 0);
    expect(standing.counted).toEqual([]);
    expect(standing.missing).toBe(2);
    expect(standing.invited).toEqual(["ben"]);
    expect(approvalRefusal(a, g, standing, person(3))).toMatchObject({ code: "forbidden" });
    const authority = checkStanding(a, "authority", []);
    expect(confirmRefusal(a, "authority", null, person(3))).toMatchObject({ code: "forbidden" });
    expect(
      stillNeeded(standing, { authority, resources: { counted: null, candidates: [], invited: [] } }),
    ).toEqual([
      "needs 2 more approvers: ana, and the plan has too few approvers (its owner assigns the approver role); invited, no answer yet: ben",
      "needs authority, and nobody holds the authority role: its owner assigns it; invited, no answer yet: ben",
      "needs resources, and nobody holds the resources role: its owner assigns it",
    ]);
  });
});

describe("reading", () => {
  const base: PlanAccess = { ownerId: 1, owner: "olga", visibility: "invited", holders: [], invited: [] };
  it("invited: the owner, her agents, members and admins; signed_in: anyone signed in; public: anyone", () => {
    const withViewer = { ...base, holders: rolesNow([change("assign", "viewer", 5, "vic")]) };
    const agentOf = (ownerId: number) => ({ kind: "agent" as const, agentId: 9, ownerId });
    expect(mayRead(withViewer, person(1))).toBe(true);
    expect(mayRead(withViewer, person(5))).toBe(true);
    expect(mayRead(withViewer, agentOf(1))).toBe(true);
    expect(mayRead(withViewer, { ...person(7), admin: true })).toBe(true);
    for (const who of [person(7), agentOf(7), { kind: "anon" as const }])
      expect(mayRead(withViewer, who)).toBe(false);
    expect(mayRead({ ...base, visibility: "signed_in" }, person(7))).toBe(true);
    expect(mayRead({ ...base, visibility: "signed_in" }, { kind: "anon" })).toBe(false);
    expect(mayRead({ ...base, visibility: "public" }, { kind: "anon" })).toBe(true);
    expect(audienceOf(withViewer)).toEqual({ users: [1, 5], agents: [], agentsOf: [1] });
    expect(audienceOf({ ...base, visibility: "public" })).toBeNull();
  });

  it("another person's agent invited as operator: it and its owner read, and hear, the plan; nobody else does", () => {
    const agentRow = (action: RoleAction) => ({
      action,
      role: "operator" as const,
      userId: null,
      agentId: 9,
      agentOwnerId: 6,
      name: "bot",
    });
    const asked = { ...base, invited: invitedNow([agentRow("invite")]) };
    const bot = { kind: "agent" as const, agentId: 9, ownerId: 6 };
    expect(asked.invited).toEqual([
      { role: "operator", userId: null, agentId: 9, agentOwnerId: 6, name: "bot" },
    ]);
    expect(mayRead(asked, bot)).toBe(true);
    expect(mayRead(asked, person(6))).toBe(true);
    expect(mayRead(asked, person(7))).toBe(false);
    expect(mayRead(asked, { kind: "agent", agentId: 10, ownerId: 6 })).toBe(false);
    expect(holds(asked, bot, "operator")).toBe(false);
    expect(audienceOf(asked)).toEqual({ users: [1, 6], agents: [9], agentsOf: [1] });
    const held = { ...base, holders: rolesNow([agentRow("invite"), agentRow("accept")]) };
    expect(holds(held, bot, "operator")).toBe(true);
    expect(mayRead(held, person(6))).toBe(true);
    expect(
      mayRead({ ...base, invited: invitedNow([agentRow("invite"), agentRow("decline")]) }, person(6)),
    ).toBe(false);
    // Only as an operator; and another person's agent needs its owner's yes.
    expect(assignRefusal(base, "viewer", { agentId: 9, ownerId: 6, name: "bot" })).toMatchObject({
      code: "invalid",
    });
    expect(assignRefusal(base, "operator", { agentId: 9, ownerId: 6, name: "bot" })).toBeNull();
    expect(needsConsent(base, { agentId: 9, ownerId: 6 })).toBe(true);
  });
});

describe("the approval gate", () => {
  const access: PlanAccess = {
    ownerId: 1,
    owner: "olga",
    visibility: "invited",
    holders: rolesNow([
      change("assign", "approver", 2, "ana"),
      change("assign", "approver", 3, "ben"),
      change("assign", "approver", 4, "cy"),
    ]),
    invited: [],
  };
  /** The gate over these approvals, each given under an approvalTtl of `ttlMs` (its expiry fixed then). */
  const gate = (given: ApprovalGate["given"], ttlMs: number | null = null): ApprovalGate => ({
    revision: 3,
    wave: ["ship"],
    required: true,
    needed: 2,
    proposerId: 1,
    given: given.map((g) => ({ ...g, expiresAt: approvalExpiry(g.at, ttlMs) })),
  });

  it("counts distinct current approvers, never the proposer, never an expired one; says who is still needed", () => {
    const g = gate(
      [
        { byId: 1, by: "olga", at: 0 },
        { byId: 2, by: "ana", at: 0 },
        { byId: 2, by: "ana", at: 10 },
        { byId: 7, by: "zed", at: 0 },
      ],
      1000,
    );
    const now = approvalStanding(access, g, 500);
    expect(now.counted.map((c) => [c.by, c.expiresAt])).toEqual([["ana", 1000]]);
    expect(now.lapsed.map((l) => l.why)).toEqual([
      "olga proposed this wave",
      "zed is no longer an approver of this plan",
    ]);
    expect(now.missing).toBe(1);
    expect(
      stillNeeded(now, {
        authority: { counted: null, candidates: [] },
        resources: { counted: null, candidates: ["dee"] },
      }),
    ).toEqual([
      "needs 1 more approver: ben or cy",
      "needs authority, and nobody holds the authority role: its owner assigns it",
      "needs resources: dee",
    ]);
    // Her first approval expired at 1000 and her second at 1010: both lapsed, and she may approve again.
    const later = approvalStanding(access, g, 1010);
    expect(later.counted).toEqual([]);
    expect(later.lapsed.map((l) => l.why)).toContain("ana's approval expired at 1970-01-01T00:00:01.010Z");
    expect(approvalRefusal(access, g, later, person(2))).toBeNull();
    expect(approvalRefusal(access, g, now, person(2))).toMatchObject({ code: "conflict" });
    expect(approvalRefusal(access, g, now, person(1))).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("another person must approve it"),
    });
    // Once the approvals are in, the proposer is told so, not that someone else still must.
    expect(approvalRefusal(access, g, { ...now, missing: 0 }, person(1))).toMatchObject({
      code: "forbidden",
      message: expect.stringMatching(/You proposed .* it has the 2 approvals it needs from others\./),
    });
    expect(approvalRefusal(access, g, now, person(7))).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("olga"),
    });
    expect(approvalRefusal(access, g, now, { kind: "agent", agentId: 1, ownerId: 2 })).toMatchObject({
      code: "forbidden",
    });
    expect(approvalRefusal(access, g, now, { kind: "anon" })).toMatchObject({ code: "signin_required" });
    expect(approvalRefusal(access, { ...g, required: false }, now, person(3))).toMatchObject({
      code: "conflict",
    });
  });

  it("names the approvers the way people list them", () => {
    expect(orList(["ana"])).toBe("ana");
    expect(orList(["ana", "ben"])).toBe("ana or ben");
    expect(orList(["ana", "ben", "cy"])).toBe("ana, ben or cy");
    expect(orList(["a", "b", "c", "d", "e", "f", "g", "h"])).toBe("a, b, c, d, e or 3 others");
  });
});
