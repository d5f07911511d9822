// Notifications beyond the tables (shared/spec/notifications.md): an invitation tells its invitee (an agent's, its
// owner too); a round opens for a seat, its deadline comes within 10 minutes (once), the seat is emptied — its
// wearer; a checkpoint tells the plan's owner and operators, and asks its approvers when the next wave needs them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import { ROUND_DEADLINE_DEFAULT_MS } from "../rules/council";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import { assessRisk, assignRole, createPlan, postOutcome, runCheckpoint } from "./checkpoint";
import { sweepCouncils } from "./council/sweep";
import { acceptAll, agentOf, MIN, modelSeat, personSeat, steady, table, T0 } from "./council/testing";
import { convene } from "./council/convene";
import { answerInvitation } from "./invitations";
import { listNotifications } from "./notifications";

let db: TestDatabase;
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const told = async (who: Who) => {
  const r = await listNotifications(db.prisma, who, { limit: 100 });
  if (!r.ok) throw new Error(r.message);
  return r.value.notifications.reverse().map((n) => ({ kind: n.kind, text: n.text, link: n.link }));
};

describe("invitations", () => {
  it("tell a person, and an agent and its owner, that a seat waits for their answer", async () => {
    const host = await makeUser(db, "ni-host");
    const pat = await makeUser(db, "ni-pat");
    const owner = await makeUser(db, "ni-owner");
    const bot = await agentOf(db, owner, "ni-bot");
    const as = api(db.prisma, host, { clock: fixedClock(T0) });
    const id = (await as("POST", "/api/tables", { title: "Invited", seats_max: 4 })).body.id;
    expect((await as("POST", `/api/tables/${id}/invite`, { person: "ni-pat" })).status).toBe(201);
    expect((await as("POST", `/api/tables/${id}/invite`, { agent: bot.who.agentId })).status).toBe(201);
    expect(await told(pat)).toEqual([
      {
        kind: "invitation",
        text: "You are invited to a seat at the table “Invited”, from ni-host.",
        link: "/invitations",
      },
    ]);
    expect(await told(bot.who)).toEqual([
      {
        kind: "invitation",
        text: "You are invited to a seat at the table “Invited”, from ni-host.",
        link: "/invitations",
      },
    ]);
    expect((await told(owner))[0]!.text).toBe(
      "Your agent ni-bot is invited to a seat at the table “Invited”, from ni-host; you answer for it.",
    );
  });
});

describe("a round table", () => {
  it("tells the seat's wearer a round opened, that it closes soon (once), and that the seat was emptied", async () => {
    const fac = await makeUser(db, "nc-fac");
    const pat = await makeUser(db, "nc-pat");
    const r = await convene(
      db.prisma,
      fac,
      table([
        personSeat("pat", "nc-pat"),
        modelSeat("m1", steady("ship", 7, "m2")),
        modelSeat("m2", steady("hold", 6, "m1")),
      ]),
      T0,
    );
    if (!r.ok) throw new Error(r.message);
    const id = r.value.id;
    expect((await told(pat)).map((n) => n.kind)).toEqual(["invitation"]);
    await acceptAll(db, id, T0);
    const opened = (await told(pat)).at(-1)!;
    expect(opened).toMatchObject({ kind: "round.opened", link: `/councils/${id}` });
    expect(opened.text).toMatch(
      /^Round 1 of “Do we ship the release on Friday\?” is open for your seat pat: it closes in 30 min\.$/,
    );
    expect((await told(fac)).some((n) => n.kind === "round.opened")).toBe(false); // the facilitator wears no seat

    const deadline = T0 + ROUND_DEADLINE_DEFAULT_MS;
    // a 30-minute round is reminded a quarter of it ahead (7.5 min), not 10 min
    const lead = ROUND_DEADLINE_DEFAULT_MS / 4;
    await sweepCouncils(db, deadline - lead - 1000, { models: "await" });
    expect((await told(pat)).filter((n) => n.kind === "round.reminder")).toHaveLength(0);
    await sweepCouncils(db, deadline - lead + 1000, { models: "await" });
    await sweepCouncils(db, deadline - 5 * MIN, { models: "await" });
    expect((await told(pat)).filter((n) => n.kind === "round.reminder")).toEqual([
      {
        kind: "round.reminder",
        text: "Round 1 of “Do we ship the release on Friday?” closes in 7 min and your seat pat has not answered.",
        link: `/councils/${id}`,
      },
    ]);
    await sweepCouncils(db, deadline + 1000, { models: "await" });
    const emptied = (await told(pat)).filter((n) => n.kind === "seat.emptied");
    expect(emptied).toHaveLength(1);
    expect(emptied[0]!.text).toMatch(/^Your seat pat at “Do we ship the release on Friday\?” was emptied: /);
  });
});

describe("a plan's checkpoint", () => {
  it("asks the approvers the moment a wave needs them, and tells the owner and the operators what a checkpoint decided", async () => {
    const NOW = new Date(T0);
    const owner = await makeUser(db, "np-owner");
    const ap = await makeUser(db, "np-approver");
    const op = await makeUser(db, "np-operator");
    const nodes = [
      { id: "build", dependsOn: [] },
      { id: "ship", dependsOn: ["build"], needsApproval: true },
    ];
    const made = await createPlan(db.prisma, owner, { name: "Harbour release", nodes }, NOW);
    if (!made.ok) throw new Error(made.message);
    const id = made.value.id;
    for (const [person, role] of [
      [ap, "approver"],
      [op, "operator"],
    ] as const) {
      const g = await assignRole(db.prisma, owner, { planId: id, role, person: person.name }, NOW);
      if (!g.ok) throw new Error(g.message);
      expect((await told(person)).map((n) => n.kind)).toEqual(["invitation"]);
      const a = await answerInvitation(db.prisma, person, { kind: "plan", id, role }, true, T0);
      if (!a.ok) throw new Error(a.message);
    }
    const reported = await postOutcome(
      db.prisma,
      owner,
      { planId: id, nodeId: "build", status: "success", evidenceHash: "b1" },
      NOW,
    );
    if (!reported.ok) throw new Error(reported.message);
    // The wave that needs approval is proposed the moment "build" succeeds: its approver is asked now, not at a hold.
    expect((await told(ap)).at(-1)).toEqual({
      kind: "approval.requested",
      text: "Your approval is asked for the next wave (ship) of “Harbour release”, revision 1: it is proposed and waits for approval.",
      link: `/plans/${id}`,
    });
    const c = await runCheckpoint(
      db.prisma,
      owner,
      { planId: id, revision: 1, decision: "hold", rationale: "waiting for the build" },
      NOW,
    );
    if (!c.ok) throw new Error(c.message);
    // …and the hold does not ask again.
    expect((await told(ap)).filter((n) => n.kind === "approval.requested")).toHaveLength(1);
    expect((await told(op)).at(-1)).toMatchObject({ kind: "checkpoint.held", link: `/plans/${id}` });
    expect((await told(op)).at(-1)!.text).toMatch(/^The checkpoint on “Harbour release” held the next wave/);
    // the owner wrote it: not told of her own act
    expect((await told(owner)).some((n) => n.kind.startsWith("checkpoint."))).toBe(false);
  });

  it("tells the operators when new evidence makes a risk due for reassessing, once, never the one who reported", async () => {
    const owner = await makeUser(db, "nr-owner");
    const op = await makeUser(db, "nr-operator");
    const made = await createPlan(
      db.prisma,
      owner,
      {
        name: "Risky",
        nodes: [
          { id: "a", dependsOn: [] },
          { id: "b", dependsOn: ["a"] },
        ],
      },
      new Date(T0),
    );
    if (!made.ok) throw new Error(made.message);
    const id = made.value.id;
    const g = await assignRole(
      db.prisma,
      owner,
      { planId: id, role: "operator", person: op.name },
      new Date(T0),
    );
    if (!g.ok) throw new Error(g.message);
    await answerInvitation(db.prisma, op, { kind: "plan", id, role: "operator" }, true, T0);
    const risk = { riskId: "R1", severity: "low" as const, affectedNodes: ["a"], evidenceHash: "r1" };
    expect(await assessRisk(db.prisma, owner, { planId: id, ...risk }, new Date(T0))).toMatchObject({
      ok: true,
    });
    const before = (await told(op)).length;
    const r = await postOutcome(
      db.prisma,
      owner,
      { planId: id, nodeId: "a", status: "success", evidenceHash: "a1" },
      new Date(T0 + MIN),
    );
    if (!r.ok) throw new Error(r.message);
    const now = await told(op);
    expect(now.slice(before)).toEqual([
      {
        kind: "risk.reassess",
        text: 'Risk "R1" on “Risky” needs reassessing: evidence it affects came in (revision 1).',
        link: `/plans/${id}`,
      },
    ]);
    expect((await told(owner)).some((n) => n.kind === "risk.reassess")).toBe(false); // she reported it
    // still due after another report: not told again
    await postOutcome(
      db.prisma,
      owner,
      { planId: id, nodeId: "b", status: "success", evidenceHash: "b1" },
      new Date(T0 + 2 * MIN),
    );
    expect((await told(op)).filter((n) => n.kind === "risk.reassess")).toHaveLength(1);
  });
});
