// Plan roles at every door (shared/spec/access.md, "Invitations and consent" and "Plan roles"): the exploit of issue
// 11 (the owner's throwaway account approving her own wave) refused at each step; a plan role's invitation listed,
// accepted and declined at each door; an invited plan's live events reach nobody else.
import { describe, expect, it } from "vitest";
import { assignRole } from "../actions/checkpoint";
import { ANON, type Who } from "../identity";
import { follow, visibleTo, type LiveEvent } from "../live";
import { Tailer } from "../live/tail";
import { reader, sleep, until } from "../live/testkit";
import { OPERATIONS } from "../operations";
import { api, callTool, mcpClient } from "../testing/doors";
import { makeUser } from "../testing/db";
import { createCaller } from "./trpc";
import {
  NOW,
  clock,
  P,
  db,
  owner,
  people,
  value,
  fixture,
  wire,
  viaRest,
  usePlanRolesDatabase,
  clients,
  wave,
  whoIs,
  type Identity,
} from "../testing/planRoles";

usePlanRolesDatabase();

describe("the exploit of issue 11: a second account of the owner's approving her own wave", () => {
  it("the owner's throwaway account (POST /api/accounts) is refused at each step: approve, confirm authority, confirm resources; and the wave is not admitted", async () => {
    const ana = await makeUser(db, "pr-ana");
    const as = api(db.prisma, ana, { clock });
    const created = await as("POST", "/api/plans", {
      name: "Her own gate",
      nodes: [{ id: "build" }, { id: "release", depends_on: ["build"], needs_approval: true }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (
        await as("POST", `/api/plans/${id}/outcomes`, {
          node_id: "build",
          status: "success",
          evidence_hash: "b1",
        })
      ).status,
    ).toBe(201);

    // One unauthenticated request makes a second account: nothing on the plan knows it.
    const signup = await api(db.prisma, ANON, { clock })("POST", "/api/accounts", {
      name: "pr-ana-throwaway",
      password: "a long enough password",
    });
    expect(signup.status).toBe(201);
    const throwaway: Who = { kind: "user", userId: signup.body.id, name: signup.body.name, admin: false };
    const alt = api(db.prisma, throwaway, { clock });
    const wave = { revision: 1, next_wave: ["release"] };

    // The plan is invited by default: to the throwaway it does not exist, at every step.
    for (const [path, body] of [
      [`/api/plans/${id}/approvals`, wave],
      [`/api/plans/${id}/assignment`, { kind: "authority", ...wave }],
      [`/api/plans/${id}/assignment`, { kind: "resources", ...wave }],
    ] as const)
      expect(await alt("POST", path, body)).toMatchObject({
        status: 404,
        body: { error: { code: "not_found" } },
      });
    // Public, so it can read it: still refused at each step, each with one sentence.
    expect((await as("POST", `/api/plans/${id}/settings`, { visibility: "public" })).status).toBe(200);
    expect(await alt("POST", `/api/plans/${id}/approvals`, wave)).toMatchObject({
      status: 403,
      body: {
        error: { code: "forbidden", message: expect.stringContaining("Only the plan's approvers approve") },
      },
    });
    for (const kind of ["authority", "resources"])
      expect(await alt("POST", `/api/plans/${id}/assignment`, { kind, ...wave })).toMatchObject({
        status: 403,
        body: { error: { code: "forbidden", message: expect.stringContaining(`holding the ${kind} role`) } },
      });
    // She cannot approve her own wave either, and nothing was recorded for the gates.
    expect(await as("POST", `/api/plans/${id}/approvals`, wave)).toMatchObject({ status: 403 });
    expect(await db.prisma.approval.count({ where: { planId: id } })).toBe(0);
    expect(await db.prisma.assignmentCheck.count({ where: { planId: id } })).toBe(0);

    const admit = await as("POST", `/api/plans/${id}/checkpoints`, {
      revision: 1,
      decision: "admit",
      rationale: "approved",
    });
    expect(admit).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    const audit = (await as("GET", `/api/plans/${id}/audit`)).body;
    expect(audit.audit.findings.map((f: { id: string }) => f.id)).toEqual([
      "approval-required",
      "assignment-gate-unsatisfied",
    ]);
    expect(audit.still_needed).toEqual([
      "needs 1 more approver, and no approver of this plan can give it: its owner assigns the approver role",
      "needs authority, and nobody holds the authority role: its owner assigns it",
      "needs resources, and nobody holds the resources role: its owner assigns it",
    ]);
  });
});

describe("a plan role's invitation at every door: listed, accepted, declined", () => {
  const I = OPERATIONS.invitations;
  /** Lists, answers and approves through one door, with the wire's own names (snake_case but at tRPC). */
  const through = (d: "rest" | "mcp" | "trpc", who: Who) => {
    const trpc = createCaller({ db: db.prisma, who, clock }) as any;
    const mcp = async () => {
      let client = clients.get(who);
      if (!client) clients.set(who, (client = await mcpClient(db.prisma, who, clock, "/mcp/plans")));
      return client;
    };
    return {
      list: async () =>
        d === "rest"
          ? (await api(db.prisma, who, { clock })("GET", I.list.rest!.path)).body
          : d === "mcp"
            ? (await callTool(await mcp(), I.list.mcp!.tool, {})).json
            : await trpc.invitations.list({}),
      answer: async (yes: boolean, input: Record<string, unknown>) => {
        const op = yes ? I.accept : I.decline;
        if (d === "rest") {
          const r = await api(db.prisma, who, { clock })("POST", op.rest!.path, wire(input));
          return r.status < 300 ? r.body : r.body.error.code;
        }
        if (d === "mcp") {
          const r = await callTool(await mcp(), op.mcp!.tool, wire(input) as Record<string, unknown>);
          return r.isError ? r.text.split(": ")[0] : r.json;
        }
        return (yes ? trpc.invitations.accept(input) : trpc.invitations.decline(input)).then(
          (v: unknown) => v,
          (e: any) => e.cause?.failure ?? e.code,
        );
      },
    };
  };

  it.each(["rest", "mcp", "trpc"] as const)(
    "%s: the invitee sees the role waiting, says yes and then approves; a no frees it; a stranger has none to answer",
    async (d) => {
      const id = await fixture(`Asked at ${d}`);
      const invitee = people.invitee!;
      const at = through(d, invitee);
      const listed = (await at.list()).invitations.filter((i: { id: number }) => i.id === id);
      expect(listed).toEqual([
        { kind: "plan", id, title: `Asked at ${d}`, from: owner.name, seat: "approver", agent: null },
      ]);
      // Not yet: the approval is refused at this door as at every other.
      expect(await viaRest(P.approve, invitee, wave(id))).toBe("forbidden");
      expect(await through(d, people.stranger!).answer(true, { kind: "plan", id })).toBe("not_found");
      expect(await at.answer(true, { kind: "plan", id, role: "viewer" })).toBe("not_found");
      expect(await at.answer(true, { kind: "plan", id })).toEqual({
        kind: "plan",
        id,
        seat: "approver",
        accepted: true,
        message: `You now hold the approver role on the plan "Asked at ${d}".`,
      });
      expect((await at.list()).invitations.filter((i: { id: number }) => i.id === id)).toEqual([]);
      expect(await viaRest(P.approve, invitee, wave(id))).toBe("ok");
      // Asked to be a viewer too, he says no: nothing waits, and he holds only what he accepted.
      value(
        await assignRole(
          db.prisma,
          owner,
          { planId: id, role: "viewer", person: invitee.name },
          new Date(NOW),
        ),
      );
      expect(await at.answer(false, { kind: "plan", id, role: "viewer" })).toMatchObject({
        kind: "plan",
        seat: "viewer",
        accepted: false,
      });
      expect(await at.answer(false, { kind: "plan", id })).toBe("not_found");
      const members = (await api(db.prisma, owner, { clock })("GET", `/api/plans/${id}/members`)).body;
      expect(members.invited).toEqual([]);
      expect(
        members.members
          .filter((m: { name: string }) => m.name === invitee.name)
          .map((m: { role: string }) => m.role),
      ).toEqual(["approver"]);
      expect(members.log.slice(0, 2).map((c: { action: string; by: string }) => [c.action, c.by])).toEqual([
        ["decline", invitee.name],
        ["invite", owner.name],
      ]);
    },
  );
});

describe("an invited plan's live events", () => {
  it("reach its owner, members, owner's agent and admins, never a stranger or a guest; no lobby copy", async () => {
    const tailer = new Tailer(db);
    await tailer.start();
    const followers = (["guest", "stranger", "viewer", "ownerAgent", "admin"] as Identity[]).map((i) => {
      const abort = new AbortController();
      return {
        i,
        r: reader(
          follow({ who: whoIs(i), topics: ["plan:*", "lobby"], signal: abort.signal, tailer }),
          abort,
        ),
      };
    });
    await sleep(200);
    const id = await fixture("Live");
    tailer.kick();
    const heard = (i: Identity) => followers.find((f) => f.i === i)!.r.events();
    await until(() => heard("viewer").some((e) => e.type === "plan.role"));
    await until(
      () =>
        heard("admin").length >= heard("viewer").length &&
        heard("ownerAgent").length >= heard("viewer").length,
    );
    await sleep(300);
    for (const f of followers) await f.r.stop();
    await tailer.stop();
    const ofPlan = (es: LiveEvent[]) => es.filter((e) => (e.payload as { planId?: number }).planId === id);
    expect(ofPlan(heard("guest"))).toEqual([]);
    expect(ofPlan(heard("stranger"))).toEqual([]);
    for (const i of ["viewer", "ownerAgent", "admin"] as Identity[]) {
      const es = ofPlan(heard(i));
      expect(
        es.map((e) => e.type),
        i,
      ).toContain("plan.role");
      // Who may hear it travels with the event and is taken off before it is delivered.
      for (const e of es) expect(e.payload).not.toHaveProperty("audience");
      expect(es.every((e) => e.topic === `plan:${id}`)).toBe(true);
    }
    for (const i of ["ownerAgent", "admin"] as Identity[])
      expect(
        ofPlan(heard(i)).map((e) => e.type),
        i,
      ).toEqual(expect.arrayContaining(["plan.created", "plan.outcome"]));
    // The viewer was given the role after the plan was made and reported: what was said before was not said to them.
    expect(ofPlan(heard("viewer")).map((e) => e.type)).not.toContain("plan.outcome");
    expect(
      await db.prisma.event.count({ where: { topic: "lobby", payload: { path: ["planId"], equals: id } } }),
    ).toBe(0);
    // The filter itself, on a stored event: withheld from a guest, handed to the owner without its audience.
    const stored = await db.prisma.event.findMany({ where: { topic: `plan:${id}` }, orderBy: { id: "asc" } });
    const e = { ...stored[0]!, id: String(stored[0]!.id), txid: "0", at: "" } as unknown as LiveEvent;
    expect(visibleTo(e, ANON)).toBeNull();
    expect(visibleTo(e, owner)).toMatchObject({ payload: { planId: id } });
  });
});
