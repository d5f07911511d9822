// Who may do what on a plan, at every door: a table of operation × identity (guest, stranger, one invited who has not
// answered, each role, the owner, an admin, the owner's agent, a revoked token, a suspended person and their agent)
// answered alike by the JSON API, MCP and tRPC; the list shows an invited plan to its people only.
import { beforeAll, describe, expect, it } from "vitest";
import { whoForUserId } from "../actions/accounts";
import { type Who } from "../identity";
import type { AnyOperation } from "../operations/operation";
import { type FailureCode } from "../rules/result";
import { api, callTool, mcpClient } from "../testing/doors";
import { createCaller } from "./trpc";
import {
  clock,
  P,
  db,
  owner,
  suspendedToken,
  suspendedUserId,
  people,
  fixture,
  viaRest,
  viaMcp,
  viaTrpc,
  revokedAt,
  usePlanRolesDatabase,
  clients,
  IDENTITIES,
  readers,
  wave,
  whoIs,
  type Identity,
  type Answer,
} from "../testing/planRoles";

usePlanRolesDatabase();

/**
 * What each identity gets, from a row's defaults: `reader` for those who read, else the row's refusal. The invitee
 * reads the plan (to decide whether to say yes) and may do nothing else: an unanswered invitation holds no role.
 */
function row(
  ok: Identity[],
  refusal: FailureCode,
  guest: FailureCode = "signin_required",
): Record<Identity, Answer> {
  return Object.fromEntries(
    IDENTITIES.map((i) => [
      i,
      ok.includes(i) ? "ok" : i === "guest" ? guest : i === "stranger" ? "not_found" : refusal,
    ]),
  ) as Record<Identity, Answer>;
}

type Case = {
  op: AnyOperation;
  input: (planId: number) => Record<string, unknown>;
  expect: Record<Identity, Answer>;
};
const CASES: Case[] = [
  { op: P.view, input: (planId) => ({ planId }), expect: row(readers, "forbidden", "not_found") },
  { op: P.audit, input: (planId) => ({ planId }), expect: row(readers, "forbidden", "not_found") },
  { op: P.declaration, input: (planId) => ({ planId }), expect: row(readers, "forbidden", "not_found") },
  { op: P.members, input: (planId) => ({ planId }), expect: row(readers, "forbidden", "not_found") },
  {
    op: P.postOutcome,
    input: (planId) => ({ planId, nodeId: "a", status: "success", evidenceHash: "h2" }),
    expect: row(["operator", "owner", "ownerAgent"], "forbidden"),
  },
  {
    op: P.postOutcomes,
    input: (planId) => ({ planId, outcomes: [{ nodeId: "a", status: "success", evidenceHash: "h2" }] }),
    expect: row(["operator", "owner", "ownerAgent"], "forbidden"),
  },
  {
    op: P.assessRisk,
    input: (planId) => ({ planId, riskId: "R1", severity: "low", affectedNodes: ["a"], evidenceHash: "h" }),
    expect: row(["operator", "owner", "ownerAgent"], "forbidden"),
  },
  {
    op: P.revise,
    input: (planId) => ({
      planId,
      parent: 1,
      nodes: [{ id: "a" }, { id: "b", dependsOn: ["a"] }],
      rationale: "no gate",
      evidenceRefs: ["x"],
    }),
    expect: row(["owner", "ownerAgent"], "forbidden"),
  },
  {
    op: P.checkpoint,
    input: (planId) => ({ planId, revision: 1, decision: "hold", rationale: "wait" }),
    expect: row(["owner", "ownerAgent"], "forbidden"),
  },
  // The owner proposed the wave: her approval is refused like anyone else's who is not an approver.
  { op: P.approve, input: wave, expect: row(["approver"], "forbidden") },
  // Nobody has approved the shared plan's wave: a person has nothing to withdraw, an agent never approves.
  { op: P.withdrawApproval, input: wave, expect: { ...row([], "conflict"), ownerAgent: "forbidden" } },
  {
    op: P.confirm,
    input: (id) => ({ kind: "authority", ...wave(id) }),
    expect: row(["authority"], "forbidden"),
  },
  {
    op: P.confirm,
    input: (id) => ({ kind: "resources", ...wave(id) }),
    expect: row(["resources"], "forbidden"),
  },
  {
    op: P.assignRole,
    input: (planId) => ({ planId, role: "viewer", person: "pr-extra" }),
    expect: row(["owner"], "forbidden"),
  },
  {
    op: P.removeRole,
    input: (planId) => ({ planId, role: "viewer", person: "pr-viewer" }),
    expect: row(["owner"], "forbidden"),
  },
  {
    op: P.settings,
    input: (planId) => ({ planId, approvalTtlMs: 3_600_000 }),
    expect: row(["owner"], "forbidden"),
  },
];

describe("who may do what on a plan, at every door", () => {
  let shared: number;
  beforeAll(async () => {
    shared = await fixture("The table's plan");
  });

  const doorsOf = (op: AnyOperation) =>
    [
      ["rest", viaRest],
      ["mcp", viaMcp],
      ["trpc", viaTrpc],
    ]
      .filter(([d]) => d !== "rest" || op.rest)
      .filter(([d]) => d !== "mcp" || op.mcp) as ["rest" | "mcp" | "trpc", typeof viaRest][];

  it.each(CASES.map((c) => [`${c.op.name} ${JSON.stringify(c.input(0)).slice(0, 60)}`, c] as const))(
    "%s: each identity's answer, the same at the JSON API, MCP and tRPC",
    async (_, c) => {
      const got: string[] = [];
      const want: string[] = [];
      for (const i of IDENTITIES)
        for (const [name, via] of doorsOf(c.op)) {
          // A refusal changes nothing, so refusals share one plan; a write that succeeds gets a fresh one.
          const planId = c.expect[i] === "ok" && c.op.kind === "write" ? await fixture() : shared;
          got.push(`${i} ${name}: ${await via(c.op, whoIs(i), c.input(planId))}`);
          want.push(`${i} ${name}: ${c.expect[i]}`);
        }
      for (const [name] of doorsOf(c.op)) {
        got.push(`revoked token ${name}: ${await revokedAt(name, c.op, shared)}`);
        want.push(`revoked token ${name}: 401`);
        got.push(`suspended person's agent ${name}: ${await revokedAt(name, c.op, shared, suspendedToken)}`);
        want.push(`suspended person's agent ${name}: 401`);
        // A suspended person's session resolves to nobody: they get exactly the guest's answer.
        const suspended = await whoForUserId(db.prisma, suspendedUserId);
        got.push(`suspended person ${name}: ${suspended.kind}`);
        want.push(`suspended person ${name}: anon`);
      }
      expect(got).toEqual(want);
    },
  );

  it("the list: an invited plan is listed to its owner, its members, its owner's agent and admins, to nobody else", async () => {
    const listed = async (door: "rest" | "mcp" | "trpc", who: Who) => {
      if (door === "rest")
        return (await api(db.prisma, who, { clock })("GET", "/api/plans")).body as { id: number }[];
      if (door === "trpc")
        return (await createCaller({ db: db.prisma, who, clock }).plans.list({})) as { id: number }[];
      let client = clients.get(who);
      if (!client) clients.set(who, (client = await mcpClient(db.prisma, who, clock, "/mcp/plans")));
      return (await callTool(client, "list_plans")).json.items as { id: number }[];
    };
    for (const i of IDENTITIES)
      for (const d of ["rest", "mcp", "trpc"] as const) {
        const ids = (await listed(d, whoIs(i))).map((p) => p.id);
        expect(ids.includes(shared), `${i} at ${d}`).toBe(readers.includes(i));
      }
    // A role taken back takes the plan out of the list; the role log keeps the change.
    const id = await fixture("Taken back");
    const viewer = people.viewer!;
    expect(
      (await api(db.prisma, viewer, { clock })("GET", "/api/plans")).body.map((p: { id: number }) => p.id),
    ).toContain(id);
    expect(
      (
        await api(db.prisma, owner, { clock })("POST", `/api/plans/${id}/roles/remove`, {
          role: "viewer",
          person: viewer.name,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(db.prisma, viewer, { clock })("GET", "/api/plans")).body.map((p: { id: number }) => p.id),
    ).not.toContain(id);
    expect(await api(db.prisma, viewer, { clock })("GET", `/api/plans/${id}`)).toMatchObject({ status: 404 });
    const members = (await api(db.prisma, owner, { clock })("GET", `/api/plans/${id}/members`)).body;
    expect(members.log[0]).toMatchObject({
      action: "remove",
      role: "viewer",
      name: viewer.name,
      by: owner.name,
    });
  });
});
