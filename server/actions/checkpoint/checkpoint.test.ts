// Wave checkpoints through the actions, on a real database: the original's story played out (scan, a high
// risk, a superseding revision, approvals, admission), and every refusal a planner or an orchestrator can meet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import example from "../../rules/checkpoint/fixtures/checkpoint-valid.json" with { type: "json" };
import { sweepAll } from "../../boot";
import { ANON, type Who } from "../../identity";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { nameKey } from "../../names";
import { createAgent, whoForToken } from "../agents";
import { councilState, listCouncils } from "../council";
import { answerInvitation, listInvitations } from "../invitations";
import {
  approve,
  withdrawApproval,
  assignRole,
  assessRisk,
  changeSettings,
  confirmAssignment,
  createPlan,
  listPlans,
  planView,
  postOutcome,
  planMembers,
  postOutcomes,
  readAudit,
  removeRole,
  revisePlan,
  runCheckpoint,
  sweepCheckpoints,
} from "./index";

/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");

let db: TestDatabase;
/** An admin reads every plan, whoever may: the stories below read their plans as one unless a reader matters. */
let admin: Person;
beforeAll(async () => {
  db = await testDatabase();
  admin = { ...(await makeUser(db, "plans-admin")), admin: true };
});
afterAll(async () => db?.drop());

const T0 = Date.parse("2026-11-30T09:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

type Person = Who & { kind: "user" };

async function agentOf(owner: Person, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token))!;
}

function value<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** Revision 4 of the original, as a fresh plan's revision 1: scan → patch-X → publish, publish gated. */
const story = [
  { id: "scan", title: "Scan dependencies", dependsOn: [] },
  { id: "patch-X", title: "Patch package X", dependsOn: ["scan"] },
  { id: "publish", title: "Publish", dependsOn: ["patch-X"], needsApproval: true },
];
const withInspection = [
  { id: "scan", title: "Scan dependencies", dependsOn: [] },
  { id: "inspect-call-sites", title: "Inspect call sites", dependsOn: ["scan"] },
  { id: "patch-X", title: "Patch package X", dependsOn: ["inspect-call-sites"] },
  { id: "publish", title: "Publish", dependsOn: ["patch-X"], needsApproval: true },
];

async function view(id: number, who?: Who, revision?: number) {
  return value(await planView(db.prisma, who ?? admin, { id, revision }, NOW));
}

/** The person named `name`, as the actions see them. */
async function personNamed(name: string): Promise<Person> {
  const u = await db.prisma.user.findUniqueOrThrow({ where: { nameKey: nameKey(name) } });
  return { kind: "user", userId: u.id, name: u.name, admin: false };
}

/**
 * The owner gives `person` these roles on plan `id`, and `person` says yes to each (a role for anyone but the owner
 * herself is an invitation until then).
 */
async function give(id: number, owner: Person, person: string, ...roles: string[]) {
  for (const role of roles) {
    const r = value(await assignRole(db.prisma, owner, { id, body: { role, person } }, new Date(NOW)));
    if (r.action === "invite")
      value(
        await answerInvitation(db.prisma, await personNamed(person), { kind: "plan", id, role }, true, NOW),
      );
  }
}

/** A fresh plan whose node "a" succeeded, escalated at its checkpoint to a Round Table of three people. */
async function escalatedPlan(prefix: string) {
  const planner = await makeUser(db, `${prefix}-planner`);
  const souls = await Promise.all(["one", "two", "three"].map((n) => makeUser(db, `${prefix}-${n}`)));
  const nodes = [
    { id: "a", dependsOn: [] },
    { id: "b", dependsOn: ["a"] },
  ];
  const id = value(await createPlan(db.prisma, planner, { name: "Escalate", nodes }, new Date(NOW))).id;
  const body = { nodeId: "a", status: "success", evidenceHash: "a1" };
  value(await postOutcome(db.prisma, planner, { id, body }, new Date(NOW)));
  const seats = souls.map((s, i) => ({
    name: `lens${i}`,
    soul: "Careful about releases.",
    source: "habit",
    wearer: "person",
    person: s.name,
  }));
  const escalated = value(
    await runCheckpoint(
      db.prisma,
      planner,
      { id, body: { revision: 1, decision: "escalate", rationale: "ask the table", council: { seats } } },
      new Date(NOW),
    ),
  );
  expect(escalated.escalation).toMatchObject({ councilId: expect.any(Number) });
  return { id, planner, councilId: escalated.escalation!.councilId! };
}

/** Ends a Round Table by hand: a person's ruling on it, and closed. */
async function endWithRuling(councilId: number, by: Person, choice: string) {
  await db.prisma.councilRuling.create({
    data: { councilId, choice, reason: "wait for the inspection", byId: by.userId, at: new Date() },
  });
  await db.prisma.council.update({
    where: { id: councilId },
    data: { closedAt: new Date(), outcome: "escalated" },
  });
}

/** Every table's rows, as text: equal before and after means nothing was written. */
async function ledger(): Promise<Record<string, string>> {
  const tables = await db.sql.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.sql.query<{ rows: string | null }>(
      `SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS rows FROM "${name}" t`,
    );
    out[name] = row?.rows ?? "";
  }
  return out;
}

describe("creating plans", () => {
  it("a person creates a plan from a form's graph; its lanes are the longest-path waves", async () => {
    const planner = await makeUser(db, "planner-a");
    const created = value(
      await createPlan(db.prisma, planner, { name: "  Patch X  ", nodes: story }, new Date(NOW)),
    );
    expect(created.revision).toBe(1);
    const v = await view(created.id, planner);
    expect(v.plan).toMatchObject({ name: "Patch X", owner: "planner-a", requiredApprovers: 1 });
    expect(v.lanes).toEqual([
      { wave: 0, nodeIds: ["scan"] },
      { wave: 1, nodeIds: ["patch-X"] },
      { wave: 2, nodeIds: ["publish"] },
    ]);
    expect(v.revision).toMatchObject({ number: 1, parentNumber: null, superseded: false });
    expect(v.revision.validatorResult.checks).toContain("every dependency names a node of this revision");
    expect(v.proposal).toEqual({ reason: expect.stringMatching(/Wave 1 has not reported/) });
    expect(v.may).toMatchObject({ write: true, approve: expect.any(String) });
    const list = value(await listPlans(db.prisma, planner));
    expect(list.find((p) => p.id === created.id)).toMatchObject({ revision: 1, nodes: 3, yours: true });
  });

  it("imports a whole declaration: nodes, outcomes and risks at revision 1, gates left to people", async () => {
    const planner = await makeUser(db, "planner-b");
    const created = value(
      await createPlan(db.prisma, planner, { name: "Imported", declaration: example }, new Date(NOW)),
    );
    expect(created.notes).toContain("Imported from a declaration at its graphRevision 5, as revision 1.");
    const audit = value(await readAudit(db.prisma, planner, { id: created.id }, NOW));
    expect(audit).toMatchObject({ revision: 1, justFinished: ["inspect-call-sites"], nextWave: ["patch-X"] });
    expect(audit.declaration.outcomes).toEqual(example.outcomes.map((o) => ({ ...o, revision: 1 })));
    // Only the assignment gate holds it: nobody has confirmed authority or resources here yet.
    expect(audit.audit).toMatchObject({ declarationValid: true, eligibleToAdmit: false });
    expect(audit.audit.findings.map((f) => f.id)).toEqual(["assignment-gate-unsatisfied"]);
  });

  it("refuses a guest, an agent, a cycle, an unknown dependency, bad waves and a declaration off the schema", async () => {
    const planner = await makeUser(db, "planner-c");
    const agent = await agentOf(planner, "c-orchestrator");
    expect(await createPlan(db.prisma, ANON, { name: "x", nodes: story }, new Date(NOW))).toMatchObject({
      code: "signin_required",
    });
    expect(await createPlan(db.prisma, agent, { name: "x", nodes: story }, new Date(NOW))).toMatchObject({
      code: "forbidden",
    });
    const refusals = [
      { name: "x" },
      { name: "x", nodes: story, declaration: example },
      { name: "", nodes: story },
      {
        name: "x",
        nodes: [
          { id: "a", dependsOn: ["b"] },
          { id: "b", dependsOn: ["a"] },
        ],
      },
      { name: "x", nodes: [{ id: "a", dependsOn: ["ghost"] }] },
      { name: "x", nodes: [{ id: "a" }, { id: "a" }] },
      { name: "x", nodes: story, waves: [["scan", "patch-X"], ["publish"]] },
      { name: "x", declaration: { ...example, graphRevision: 0 } },
      { name: "x", nodes: [{ id: "   ", dependsOn: [] }] },
      { name: "x", nodes: story, colour: "red" },
    ];
    for (const input of refusals)
      expect(await createPlan(db.prisma, planner, input, new Date(NOW)), JSON.stringify(input)).toMatchObject(
        {
          ok: false,
          code: "invalid",
          message: expect.stringMatching(/\S/),
        },
      );
  });
});

describe("the original's story: revision 4 held on R7, revision 5 adds inspect-call-sites", () => {
  let planner: Person;
  let orchestrator: Who;
  let id: number;

  beforeAll(async () => {
    planner = await makeUser(db, "story-planner");
    orchestrator = await agentOf(planner, "story-orchestrator");
    id = value(
      await createPlan(
        db.prisma,
        planner,
        { name: "Patch X safely", nodes: story, visibility: "public" },
        at(0),
      ),
    ).id;
  });

  it("the orchestrator reports scan with its token; a stranger and a guest cannot", async () => {
    const stranger = await makeUser(db, "story-stranger");
    const record = { nodeId: "scan", status: "success", evidenceHash: "h1", provenance: "scanner run 17" };
    expect(await postOutcome(db.prisma, ANON, { id, body: record }, new Date(NOW))).toMatchObject({
      code: "signin_required",
    });
    expect(await postOutcome(db.prisma, stranger, { id, body: record }, new Date(NOW))).toMatchObject({
      code: "forbidden",
    });
    expect(
      await postOutcome(db.prisma, orchestrator, { id, body: { ...record, nodeId: "nope" } }, new Date(NOW)),
    ).toMatchObject({
      code: "invalid",
      message: expect.stringContaining('"nope"'),
    });
    expect(
      await postOutcome(db.prisma, orchestrator, { id, body: { ...record, status: "done" } }, new Date(NOW)),
    ).toMatchObject({
      code: "invalid",
    });
    expect(await postOutcome(db.prisma, orchestrator, { id, body: record }, at(1))).toEqual({
      ok: true,
      value: { revision: 1, recorded: 1 },
    });
    const v = await view(id);
    expect(v.nodes.find((n) => n.id === "scan")).toMatchObject({
      status: "success",
      evidenceHash: "h1",
      reportedBy: "story-orchestrator",
      role: "justFinished",
    });
    expect(v.outcomes[0]).toMatchObject({
      provenance: "scanner run 17",
      by: { kind: "agent", owner: "story-planner" },
    });
    expect(v.proposal).toMatchObject({
      justFinished: ["scan"],
      nextWave: ["patch-X"],
      proposer: "story-planner",
    });
  });

  it("R7 is assessed high on scan's evidence: the audit holds the next wave and admit is refused", async () => {
    expect(
      value(
        await assessRisk(
          db.prisma,
          planner,
          {
            id,
            body: {
              riskId: "R7",
              severity: "high",
              affectedNodes: ["scan", "patch-X"],
              evidenceHash: "h1",
              note: "API break in X",
            },
          },
          at(2),
        ),
      ),
    ).toMatchObject({ riskId: "R7", severity: "high", previous: null });
    // The owner holds the authority and the resources here herself: she gave herself the roles, on the record.
    await give(id, planner, planner.name, "authority", "resources");
    for (const kind of ["authority", "resources"])
      value(
        await confirmAssignment(
          db.prisma,
          planner,
          {
            id,
            body: { kind, revision: 1, nextWave: ["patch-X"] },
          },
          new Date(NOW),
        ),
      );
    const v = await view(id, planner);
    expect(v.audit).toMatchObject({ declarationValid: true, eligibleToAdmit: false });
    expect(v.findings).toEqual([
      { id: "unresolved-risk", message: expect.stringContaining('"R7"'), targets: ["scan", "patch-X"] },
    ]);
    expect(v.nodes.find((n) => n.id === "patch-X")!.risks).toEqual([
      { id: "R7", severity: "high", unresolved: true, toReassess: false },
    ]);
    expect(v.may.admit).toMatch(/unresolved-risk/);
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: { revision: 1, decision: "admit", rationale: "go" },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ ok: false, code: "conflict", message: expect.stringContaining("unresolved-risk") });
    const held = value(
      await runCheckpoint(
        db.prisma,
        planner,
        { id, body: { revision: 1, decision: "hold", rationale: "R7 high: inspect call sites first" } },
        at(3),
      ),
    );
    expect(held).toMatchObject({ decision: "hold", justFinished: ["scan"], nextWave: ["patch-X"] });
    expect(held.declaration).toMatchObject({
      graphRevision: 1,
      approval: { required: false, present: false },
    });
  });

  it("revision 2 adds inspect-call-sites: scan's evidence and R7 carry over, revision 1 is kept as superseded", async () => {
    expect(
      await revisePlan(
        db.prisma,
        planner,
        {
          id,
          body: { parent: 1, nodes: withInspection, rationale: "R7", evidenceRefs: [] },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "invalid", message: expect.stringContaining("evidence") });
    const revised = value(
      await revisePlan(
        db.prisma,
        orchestrator,
        {
          id,
          body: {
            parent: 1,
            nodes: withInspection,
            rationale: "R7 high: inspect the call sites before patching X",
            evidenceRefs: ["h1"],
          },
        },
        at(4),
      ),
    );
    expect(revised.number).toBe(2);
    expect(revised.changes).toMatchObject({
      added: ["inspect-call-sites"],
      removed: [],
      rewired: [{ id: "patch-X", before: ["scan"], after: ["inspect-call-sites"] }],
    });
    expect(revised.validatorResult).toMatchObject({ ok: true, waves: 4, carried: ["scan"] });
    // Immutable history: a second revision from the same parent is refused, never merged.
    expect(
      await revisePlan(
        db.prisma,
        planner,
        {
          id,
          body: { parent: 1, nodes: story, rationale: "again", evidenceRefs: ["h1"] },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("Revision 2 is the latest") });

    const old = await view(id, ANON, 1);
    expect(old.revision).toMatchObject({ number: 1, superseded: true, supersededBy: 2 });
    expect(old.audit).toMatchObject({ eligibleToAdmit: false, source: { checkpointId: expect.any(Number) } });
    expect(old.nodes.map((n) => n.id)).toEqual(["scan", "patch-X", "publish"]);
    expect(old.may.write).toMatch(/superseded/);

    const v = await view(id);
    expect(v.revisions.map((r) => [r.number, r.superseded])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(v.nodes.find((n) => n.id === "scan")).toMatchObject({ status: "success", evidenceHash: "h1" });
    expect(v.nodes.find((n) => n.id === "inspect-call-sites")).toMatchObject({
      change: "added",
      role: "next",
    });
    expect(v.nodes.find((n) => n.id === "patch-X")).toMatchObject({ change: "rewired" });
    expect(v.outcomes[0]!.provenance).toMatch(/^carried from revision 1/);
    // R7 touches scan, the wave just finished, but was assessed on scan's evidence: a carry keeps that time.
    expect(v.risks[0]).toMatchObject({ id: "R7", revision: 2, severity: "high", toReassess: false });
    expect(v.risks[0]!.history.map((h) => [h.revision, h.severity])).toEqual([
      [1, "high"],
      [2, "high"],
    ]);
    // Gates bind to a revision: the checks confirmed at revision 1 count for nothing now.
    expect(v.gates).toMatchObject({ authority: null, resources: null });
    expect(
      await postOutcome(
        db.prisma,
        orchestrator,
        {
          id,
          body: { nodeId: "scan", status: "success", evidenceHash: "h1", revision: 1 },
        },
        new Date(NOW),
      ),
    ).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("superseded by revision 2"),
    });
  });

  it("inspect-call-sites reports; R7 is reassessed low on its evidence, its history kept; patch-X is admitted", async () => {
    value(
      await postOutcome(
        db.prisma,
        orchestrator,
        { id, body: { nodeId: "inspect-call-sites", status: "success", evidenceHash: "h2" } },
        at(5),
      ),
    );
    let v = await view(id);
    expect(v.proposal).toMatchObject({ justFinished: ["inspect-call-sites"], nextWave: ["patch-X"] });
    // R7 as carried names scan and patch-X, not the wave just finished: the spec flags only what touches it.
    expect(v.risks[0]).toMatchObject({ severity: "high", toReassess: false });
    value(
      await assessRisk(
        db.prisma,
        orchestrator,
        {
          id,
          body: {
            riskId: "R7",
            severity: "low",
            affectedNodes: ["scan", "inspect-call-sites"],
            evidenceHash: "h2",
          },
        },
        at(6),
      ),
    );
    const reviewer = await makeUser(db, "story-reviewer");
    await give(id, planner, reviewer.name, "authority", "resources");
    for (const kind of ["authority", "resources"])
      value(
        await confirmAssignment(
          db.prisma,
          reviewer,
          {
            id,
            body: { kind, revision: 2, nextWave: ["patch-X"] },
          },
          new Date(NOW),
        ),
      );
    expect(
      await confirmAssignment(
        db.prisma,
        planner,
        {
          id,
          body: { kind: "authority", revision: 2, nextWave: ["patch-X"] },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("story-reviewer") });
    v = await view(id, planner);
    expect(v.risks[0]).toMatchObject({ severity: "low", toReassess: false });
    expect(v.risks[0]!.history.map((h) => h.severity)).toEqual(["high", "high", "low"]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: true, findings: [] });
    // The declaration built from the database is the original's worked example, revision aside.
    const audit = value(await readAudit(db.prisma, ANON, { id }, NOW));
    expect(audit.declaration).toEqual({
      ...example,
      graphRevision: 2,
      outcomes: example.outcomes.map((o) => ({ ...o, revision: 2 })),
      risks: example.risks.map((r) => ({ ...r, revision: 2 })),
    });
    expect(v.may.admit).toBe(true);
    expect(
      await runCheckpoint(
        db.prisma,
        orchestrator,
        {
          id,
          body: { revision: 2, decision: "admit", rationale: "go" },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "forbidden", message: expect.stringContaining("A person admits") });
    const admitted = value(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: { revision: 2, decision: "admit", rationale: "R7 resolved by h2" },
        },
        new Date(NOW),
      ),
    );
    expect(admitted).toMatchObject({
      decision: "admit",
      nextWave: ["patch-X"],
      audit: { eligibleToAdmit: true },
    });
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: { revision: 2, decision: "admit", rationale: "again" },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("already admitted") });
    expect((await view(id, planner)).proposal).toMatchObject({ admitted: true });
  });

  it("publish still needs approval: never from its proposer, nor an agent; one approval admits it", async () => {
    value(
      await postOutcome(
        db.prisma,
        orchestrator,
        { id, body: { nodeId: "patch-X", status: "success", evidenceHash: "h3" } },
        at(7),
      ),
    );
    const body = { revision: 2, nextWave: ["publish"] };
    // Revision 2 was written by the planner's agent: the planner proposed it.
    expect(await approve(db.prisma, planner, { id, body }, new Date(NOW))).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("You proposed this wave"),
    });
    expect(await approve(db.prisma, orchestrator, { id, body }, new Date(NOW))).toMatchObject({
      code: "forbidden",
    });
    expect(await approve(db.prisma, ANON, { id, body }, new Date(NOW))).toMatchObject({
      code: "signin_required",
    });
    const reviewer = await makeUser(db, "story-approver");
    // Not an approver yet: anyone else's approval is refused, with one sentence.
    expect(await approve(db.prisma, reviewer, { id, body }, new Date(NOW))).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("Only the plan's approvers approve its waves"),
    });
    await give(id, planner, reviewer.name, "approver", "authority", "resources");
    expect(
      await approve(db.prisma, reviewer, { id, body: { revision: 2, nextWave: ["patch-X"] } }, new Date(NOW)),
    ).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("nothing to approve"),
    });
    for (const kind of ["authority", "resources"])
      value(await confirmAssignment(db.prisma, reviewer, { id, body: { kind, ...body } }, new Date(NOW)));
    let v = await view(id, reviewer);
    expect(v.findings.map((f) => [f.id, f.targets])).toEqual([["approval-required", ["gate:approval"]]]);
    expect(v.may.approve).toBe(true);
    expect(value(await approve(db.prisma, reviewer, { id, body }, new Date(NOW)))).toEqual({
      revision: 2,
      nextWave: ["publish"],
      approvals: 1,
      needed: 1,
    });
    expect(await approve(db.prisma, reviewer, { id, body }, new Date(NOW))).toMatchObject({
      code: "conflict",
    });
    v = await view(id, reviewer);
    expect(v.gates!.approvals).toEqual([{ by: "story-approver", at: expect.any(String), expiresAt: null }]);
    expect(v.gates!.stillNeeded).toEqual([]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: true });
    value(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: { revision: 2, decision: "admit", rationale: "approved" },
        },
        new Date(NOW),
      ),
    );
  });

  it("every change was announced on the plan's topic and the lobby", async () => {
    const events = await db.prisma.event.findMany({ where: { topic: `plan:${id}` }, orderBy: { id: "asc" } });
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      "plan.created",
      "plan.outcome",
      "plan.risk",
      "plan.assignment",
      "plan.checkpoint",
      "plan.revised",
      "plan.approval",
    ])
      expect(types).toContain(type);
    const lobby = await db.prisma.event.count({ where: { topic: "lobby", type: { startsWith: "plan." } } });
    expect(lobby).toBeGreaterThanOrEqual(events.length);
  });
});

describe("risks", () => {
  it("a risk touching the wave just finished is to reassess until reassessed after it reported; history is kept", async () => {
    const planner = await makeUser(db, "risk-planner");
    const id = value(
      await createPlan(
        db.prisma,
        planner,
        {
          name: "Risky",
          nodes: [
            { id: "migrate", dependsOn: [] },
            { id: "backfill", dependsOn: ["migrate"] },
          ],
        },
        new Date(NOW),
      ),
    ).id;
    const r9 = { riskId: "R9", severity: "unknown", affectedNodes: ["migrate"], evidenceHash: "r0" };
    value(await assessRisk(db.prisma, planner, { id, body: r9 }, at(10)));
    value(
      await postOutcome(
        db.prisma,
        planner,
        { id, body: { nodeId: "migrate", status: "success", evidenceHash: "m1" } },
        at(11),
      ),
    );
    let v = await view(id);
    expect(v.risks).toMatchObject([{ id: "R9", severity: "unknown", unresolved: true, toReassess: true }]);
    expect(v.nodes[0]!.risks).toEqual([
      { id: "R9", severity: "unknown", unresolved: true, toReassess: true },
    ]);
    expect(
      await assessRisk(db.prisma, planner, { id, body: { ...r9, affectedNodes: ["ghost"] } }, new Date(NOW)),
    ).toMatchObject({
      code: "invalid",
      message: expect.stringContaining('"ghost"'),
    });
    value(
      await assessRisk(
        db.prisma,
        planner,
        { id, body: { ...r9, severity: "medium", evidenceHash: "m1", note: "rows checked" } },
        at(12),
      ),
    );
    v = await view(id);
    expect(v.risks[0]).toMatchObject({ severity: "medium", unresolved: false, toReassess: false });
    expect(v.risks[0]!.history.map((h) => [h.severity, h.evidenceHash, h.by?.name])).toEqual([
      ["unknown", "r0", "risk-planner"],
      ["medium", "m1", "risk-planner"],
    ]);
  });
});

describe("approvals bind to a revision and a wave", () => {
  it("N approvers are needed, and a superseding revision voids the approvals given", async () => {
    const planner = await makeUser(db, "n-planner");
    const [ann, bob, cy] = [
      await makeUser(db, "n-ann"),
      await makeUser(db, "n-bob"),
      await makeUser(db, "n-cy"),
    ];
    const id = value(
      await createPlan(
        db.prisma,
        planner,
        {
          name: "Two approvers",
          requiredApprovers: 2,
          nodes: [
            { id: "build", dependsOn: [] },
            { id: "deploy", dependsOn: ["build"], needsApproval: true },
          ],
        },
        new Date(NOW),
      ),
    ).id;
    await give(id, planner, ann.name, "approver", "authority", "resources");
    await give(id, planner, bob.name, "approver");
    await give(id, planner, cy.name, "approver");
    value(
      await postOutcome(
        db.prisma,
        planner,
        {
          id,
          body: { nodeId: "build", status: "success", evidenceHash: "b1" },
        },
        new Date(NOW),
      ),
    );
    for (const kind of ["authority", "resources"])
      value(
        await confirmAssignment(
          db.prisma,
          ann,
          { id, body: { kind, revision: 1, nextWave: ["deploy"] } },
          new Date(NOW),
        ),
      );
    const body = { revision: 1, nextWave: ["deploy"] };
    expect(value(await approve(db.prisma, ann, { id, body }, new Date(NOW)))).toMatchObject({
      approvals: 1,
      needed: 2,
    });
    const one = await view(id);
    expect(one.findings.map((f) => f.id)).toEqual(["approval-required"]);
    expect(one.gates!.stillNeeded).toEqual(["needs 1 more approver: n-bob or n-cy"]);
    expect(one.findings[0]!.message).toContain("Needs 1 more approver: n-bob or n-cy.");
    expect(value(await approve(db.prisma, bob, { id, body }, new Date(NOW)))).toMatchObject({
      approvals: 2,
      needed: 2,
    });
    expect((await view(id)).audit).toMatchObject({ eligibleToAdmit: true });

    // A new revision (a title changed) supersedes revision 1: the approvals and checks stay, void.
    value(
      await revisePlan(
        db.prisma,
        planner,
        {
          id,
          body: {
            parent: 1,
            nodes: [
              { id: "build", dependsOn: [] },
              { id: "deploy", title: "Deploy to production", dependsOn: ["build"], needsApproval: true },
            ],
            rationale: "name the target",
            evidenceRefs: ["ticket 12"],
          },
        },
        new Date(NOW),
      ),
    );
    const v = await view(id);
    expect(v.gates).toMatchObject({ approvals: [], authority: null });
    expect(v.findings.map((f) => f.id)).toEqual(["approval-required", "assignment-gate-unsatisfied"]);
    expect(await approve(db.prisma, cy, { id, body }, new Date(NOW))).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("superseded by revision 2"),
    });
    expect(
      await approve(db.prisma, cy, { id, body: { revision: 9, nextWave: ["deploy"] } }, new Date(NOW)),
    ).toMatchObject({
      code: "not_found",
    });
    expect(
      await approve(db.prisma, cy, { id, body: { revision: 2, nextWave: ["nope"] } }, new Date(NOW)),
    ).toMatchObject({
      code: "invalid",
    });
    expect(await db.prisma.approval.count({ where: { planId: id } })).toBe(2);
  });
});

describe("a prune holds every successor that consumed the removed output", () => {
  const graph = [
    { id: "fetch", dependsOn: [] },
    { id: "parse", dependsOn: ["fetch"] },
    { id: "index", dependsOn: ["parse"] },
    { id: "report", dependsOn: ["index"] },
    { id: "lint", dependsOn: ["fetch"] },
  ];

  it("holds index and report when parse is pruned, leaves them out of the next wave, and revalidates on request", async () => {
    const planner = await makeUser(db, "prune-planner");
    const id = value(await createPlan(db.prisma, planner, { name: "Prune", nodes: graph }, new Date(NOW))).id;
    value(
      await postOutcome(
        db.prisma,
        planner,
        {
          id,
          body: { nodeId: "fetch", status: "success", evidenceHash: "f1" },
        },
        new Date(NOW),
      ),
    );
    const pruned = graph
      .filter((n) => n.id !== "parse")
      .map((n) => (n.id === "index" ? { ...n, dependsOn: ["fetch"] } : n));
    expect(
      await revisePlan(
        db.prisma,
        planner,
        {
          id,
          body: {
            parent: 1,
            nodes: pruned,
            rationale: "parse is gone",
            evidenceRefs: ["e1"],
            revalidated: ["lint"],
          },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "invalid", message: expect.stringContaining('"lint"') });
    const r2 = value(
      await revisePlan(
        db.prisma,
        planner,
        {
          id,
          body: { parent: 1, nodes: pruned, rationale: "parse is gone", evidenceRefs: ["e1"] },
        },
        new Date(NOW),
      ),
    );
    expect(r2.changes.impacted).toEqual(["index", "report"]);
    expect(r2.holds).toEqual(["index", "report"]);
    expect(r2.validatorResult.prune).toMatchObject({ removed: ["parse"], held: ["index", "report"] });
    let v = await view(id);
    expect(v.removed).toEqual([{ id: "parse", title: null, dependsOn: ["fetch"] }]);
    expect(v.nodes.filter((n) => n.held).map((n) => n.id)).toEqual(["index", "report"]);
    // fetch is carried; wave 2 is index and lint, and index is held, so only lint is proposed.
    expect(v.proposal).toMatchObject({ justFinished: ["fetch"], nextWave: ["lint"] });
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: {
            revision: 2,
            decision: "hold",
            rationale: "x",
            justFinished: ["fetch"],
            nextWave: ["index"],
          },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "conflict", message: expect.stringContaining("held by a prune") });

    // The hold carries over until a revision revalidates index's replacement contract.
    const r3 = value(
      await revisePlan(
        db.prisma,
        planner,
        {
          id,
          body: {
            parent: 2,
            nodes: pruned,
            rationale: "index reads fetch directly",
            evidenceRefs: ["e2"],
            revalidated: ["index"],
          },
        },
        new Date(NOW),
      ),
    );
    expect(r3.holds).toEqual(["report"]);
    v = await view(id);
    expect(v.proposal).toMatchObject({ nextWave: ["index", "lint"] });
  });
});

describe("decisions", () => {
  it("an agent may hold, a revise decision writes the revision in the same step, escalate without seats is noted", async () => {
    const planner = await makeUser(db, "d-planner");
    const agent = await agentOf(planner, "d-agent");
    const id = value(
      await createPlan(
        db.prisma,
        planner,
        {
          name: "Decisions",
          nodes: [
            { id: "a", dependsOn: [] },
            { id: "b", dependsOn: ["a"] },
          ],
        },
        new Date(NOW),
      ),
    ).id;
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: { revision: 1, decision: "hold", rationale: "x" },
        },
        new Date(NOW),
      ),
    ).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("Wave 1 has not reported"),
    });
    value(
      await postOutcome(
        db.prisma,
        agent,
        {
          id,
          body: { nodeId: "a", status: "failed", evidenceHash: "a1" },
        },
        new Date(NOW),
      ),
    );
    const held = value(
      await runCheckpoint(
        db.prisma,
        agent,
        {
          id,
          body: { revision: 1, decision: "hold", rationale: "a failed" },
        },
        new Date(NOW),
      ),
    );
    expect(held.audit.findings.map((f) => f.id)).toEqual(["next-wave-dependency-not-success"]);
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: {
            revision: 1,
            decision: "hold",
            rationale: "x",
            newRevision: { nodes: [{ id: "a" }], evidenceRefs: ["x"] },
          },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "invalid" });
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: {
            revision: 1,
            decision: "revise",
            rationale: "retry a",
            newRevision: { nodes: [{ id: "a", dependsOn: ["a"] }], evidenceRefs: ["a1"] },
          },
        },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "invalid", message: expect.stringContaining("cycle") });
    expect(await db.prisma.checkpoint.count({ where: { planId: id } })).toBe(1);
    const revised = value(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: {
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
          },
        },
        new Date(NOW),
      ),
    );
    expect(revised).toMatchObject({ decision: "revise", revision: 1, newRevision: 2 });
    expect((await view(id)).revision).toMatchObject({ number: 2, rationale: "retry a as a2" });
    value(
      await postOutcome(
        db.prisma,
        agent,
        {
          id,
          body: { nodeId: "a2", status: "success", evidenceHash: "a2" },
        },
        new Date(NOW),
      ),
    );
    const escalated = value(
      await runCheckpoint(
        db.prisma,
        planner,
        {
          id,
          body: { revision: 2, decision: "escalate", rationale: "unsure" },
        },
        new Date(NOW),
      ),
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
    const id = value(
      await createPlan(
        db.prisma,
        planner,
        { name: "Escalate once", nodes: [{ id: "a" }, { id: "b", dependsOn: ["a"] }] },
        new Date(NOW),
      ),
    ).id;
    const seat = (name: string, soul = "Careful about releases.") => ({
      name,
      soul,
      source: "pasted",
      wearer: "model",
      provider: "scripted",
    });
    const escalate = (seats: unknown[]) =>
      runCheckpoint(
        db.prisma,
        planner,
        { id, body: { revision: 1, decision: "escalate", rationale: "ask", council: { seats } } },
        new Date(NOW),
      );
    value(
      await postOutcome(
        db.prisma,
        planner,
        { id, body: { nodeId: "a", status: "success", evidenceHash: "a1" } },
        new Date(NOW),
      ),
    );
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

describe("reading", () => {
  it("unknown plans and revisions are not_found; ids are plain digits", async () => {
    for (const id of ["1e3", "1.0", "0", "abc", 999_999])
      expect(await planView(db.prisma, ANON, { id }, NOW)).toMatchObject({ code: "not_found" });
    const planner = await makeUser(db, "r-planner");
    const id = value(
      await createPlan(db.prisma, planner, { name: "R", nodes: [{ id: "a", dependsOn: [] }] }, new Date(NOW)),
    ).id;
    expect(await planView(db.prisma, planner, { id, revision: 2 }, NOW)).toMatchObject({ code: "not_found" });
    expect(await readAudit(db.prisma, planner, { id }, NOW)).toMatchObject({ code: "conflict" });
    expect(await readAudit(db.prisma, planner, { id, query: { nextWave: "a" } }, NOW)).toMatchObject({
      code: "invalid",
    });
    expect(
      await postOutcomes(db.prisma, planner, { id, body: { outcomes: [] } }, new Date(NOW)),
    ).toMatchObject({
      code: "invalid",
    });
  });
});

describe("plan roles and the approval gate", () => {
  /** A plan whose gated wave "ship" is proposed (after "build" succeeded), with these people holding roles. */
  async function gated(prefix: string, opts: { ttl?: number; needed?: number } = {}) {
    const planner = await makeUser(db, `${prefix}-planner`);
    const id = value(
      await createPlan(
        db.prisma,
        planner,
        {
          name: "Gated",
          requiredApprovers: opts.needed ?? 1,
          ...(opts.ttl ? { approvalTtlMs: opts.ttl } : {}),
          nodes: [{ id: "build" }, { id: "ship", dependsOn: ["build"], needsApproval: true }],
        },
        new Date(NOW),
      ),
    ).id;
    value(
      await postOutcome(
        db.prisma,
        planner,
        { id, body: { nodeId: "build", status: "success", evidenceHash: "b" } },
        new Date(NOW),
      ),
    );
    return { planner, id, body: { revision: 1, nextWave: ["ship"] } };
  }

  it("an approver withdraws her approval: the gate counts it no longer, the audit says who withdrew, she may approve again", async () => {
    const { planner, id, body } = await gated("wd");
    const ana = await makeUser(db, "wd-ana");
    const ben = await makeUser(db, "wd-ben");
    await give(id, planner, ana.name, "approver");
    await give(id, planner, ben.name, "approver");
    // Nothing to withdraw before approving; a guest, an agent's owner who never approved, likewise refused.
    expect(await withdrawApproval(db.prisma, ana, { id, body }, new Date(NOW))).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await withdrawApproval(db.prisma, ANON, { id, body }, new Date(NOW))).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    expect(value(await planView(db.prisma, ana, { id }, NOW)).may.withdraw).toMatch(/nothing to withdraw/);
    value(await approve(db.prisma, ana, { id, body }, new Date(NOW)));
    expect(value(await planView(db.prisma, admin, { id }, NOW)).gates!.approvals).toHaveLength(1);
    expect(value(await planView(db.prisma, ana, { id }, NOW)).may.withdraw).toBe(true);
    // Ben's withdrawal cannot take back Ana's.
    expect(await withdrawApproval(db.prisma, ben, { id, body }, new Date(NOW + 1))).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(value(await withdrawApproval(db.prisma, ana, { id, body }, new Date(NOW + 2)))).toMatchObject({
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
    value(await approve(db.prisma, ana, { id, body }, new Date(NOW + 4)));
    const again = value(await planView(db.prisma, admin, { id }, NOW + 5));
    expect([again.gates!.approvals.length, again.gates!.lapsed]).toEqual([1, []]);
  });

  it("an approval expires after the gate's approvalTtl: it no longer counts, the audit and the canvas say so, and it may be given again", async () => {
    const HOUR = 3_600_000;
    const { planner, id, body } = await gated("ttl", { ttl: HOUR });
    const ana = await makeUser(db, "ttl-ana");
    await give(id, planner, ana.name, "approver");
    value(await approve(db.prisma, ana, { id, body }, new Date(NOW)));
    let v = await view(id);
    expect(v.gates!.approvals).toEqual([
      { by: "ttl-ana", at: new Date(NOW).toISOString(), expiresAt: new Date(NOW + HOUR).toISOString() },
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
    const audit = value(await readAudit(db.prisma, planner, { id }, later));
    expect(audit.declaration.approval).toEqual({ required: true, present: false });
    expect(audit.lapsed).toEqual(v.gates!.lapsed);
    expect(audit.stillNeeded).toEqual(v.gates!.stillNeeded);
    // She approves again; it counts from then.
    expect(value(await planView(db.prisma, ana, { id }, later)).may.approve).toBe(true);
    expect(value(await approve(db.prisma, ana, { id, body }, new Date(later)))).toMatchObject({
      approvals: 1,
    });
    v = value(await planView(db.prisma, admin, { id }, later));
    expect(v.gates!.approvals).toHaveLength(1);
    expect(v.gates!.lapsed).toEqual([]);
    // The owner changes the terms: approvals given from now on stop expiring, and the change is on the record; the
    // one given under the hour keeps its hour (shared/spec/access.md: its expiry was fixed when it was given).
    value(await changeSettings(db.prisma, planner, { id, body: { approvalTtlMs: null } }, new Date(later)));
    const members = value(await planMembers(db.prisma, planner, { id }));
    expect(members.settings[0]).toMatchObject({
      field: "approvalTtlMs",
      before: String(HOUR),
      after: null,
      by: "ttl-planner",
    });
    expect(value(await planView(db.prisma, admin, { id }, later + HOUR)).gates!.approvals).toEqual([]);
    value(await approve(db.prisma, ana, { id, body }, new Date(later + HOUR)));
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
      const r = await approve(db.prisma, who, { id, body }, new Date(NOW));
      expect(r.ok ? true : r.message, who.kind === "user" ? who.name : who.kind).toBe(may);
    }
    let v = await view(id);
    expect(v.gates!.approvals.map((a) => a.by)).toEqual(["list-ana", "list-ben"]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: false });
    expect(v.findings.map((f) => f.id)).toEqual(["assignment-gate-unsatisfied"]);
    // Ben is no longer an approver: his approval stops counting (it stays recorded), and the gate says so.
    value(
      await removeRole(
        db.prisma,
        planner,
        { id, body: { role: "approver", person: ben.name } },
        new Date(NOW),
      ),
    );
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
    expect(await approve(db.prisma, ben, { id, body }, new Date(NOW))).toMatchObject({ code: "not_found" });
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
    expect(
      await confirmAssignment(db.prisma, dee, { id, body: { kind: "resources", ...body } }, new Date(NOW)),
    ).toMatchObject({ code: "forbidden", message: expect.stringContaining("holding the resources role") });
    expect(
      await confirmAssignment(
        db.prisma,
        planner,
        { id, body: { kind: "authority", ...body } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "forbidden" });
    const v0 = value(await planView(db.prisma, dee, { id }, NOW));
    expect(v0.may.confirm).toEqual({
      authority: true,
      resources: expect.stringContaining("holding the resources role"),
    });
    value(
      await confirmAssignment(db.prisma, dee, { id, body: { kind: "authority", ...body } }, new Date(NOW)),
    );
    value(
      await confirmAssignment(db.prisma, eve, { id, body: { kind: "resources", ...body } }, new Date(NOW)),
    );
    expect((await view(id)).gates).toMatchObject({
      authority: { by: "chk-dee" },
      resources: { by: "chk-eve" },
    });
    value(
      await removeRole(
        db.prisma,
        planner,
        { id, body: { role: "authority", person: dee.name } },
        new Date(NOW),
      ),
    );
    const v = await view(id);
    expect(v.gates!.authority).toBeNull();
    expect(v.gates!.lapsed).toEqual([
      "chk-dee no longer holds the authority role: that authority confirmation no longer counts",
    ]);
    expect(v.gates!.stillNeeded).toContain(
      "needs authority, and nobody holds the authority role: its owner assigns it",
    );
  });

  it("what the owner may give, to whom: people by name, agents by id and only as operators", async () => {
    const { planner, id } = await gated("give");
    const stranger = await makeUser(db, "give-stranger");
    const mine = await agentOf(planner, "give-mine");
    const theirs = await agentOf(stranger, "give-theirs");
    const give1 = (body: Record<string, unknown>, who: Who = planner) =>
      assignRole(db.prisma, who, { id, body }, new Date(NOW));
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
      await postOutcome(
        db.prisma,
        stranger,
        { id, body: { nodeId: "build", status: "success", evidenceHash: "b1" } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "forbidden" });
    value(await answerInvitation(db.prisma, stranger, { kind: "plan", id }, true, NOW));
    expect(await give1({ role: "operator", person: stranger.name })).toMatchObject({
      code: "conflict",
      message: "give-stranger already holds the operator role on this plan.",
    });
    expect(
      await removeRole(
        db.prisma,
        planner,
        { id, body: { role: "viewer", person: stranger.name } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "conflict" });
    // The operator reports; another person's agent is nobody here (the plan is invited: it does not exist for it).
    value(
      await postOutcome(
        db.prisma,
        stranger,
        { id, body: { nodeId: "build", status: "success", evidenceHash: "b2" } },
        new Date(NOW),
      ),
    );
    expect(
      await postOutcome(
        db.prisma,
        theirs,
        { id, body: { nodeId: "build", status: "success", evidenceHash: "b3" } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "not_found" });
    // An operator does not steer, nor give roles.
    expect(
      await runCheckpoint(
        db.prisma,
        stranger,
        { id, body: { revision: 1, decision: "hold", rationale: "x" } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "forbidden" });
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
    const ask = (person: string, role: string) =>
      assignRole(db.prisma, planner, { id, body: { role, person } }, new Date(NOW));
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
    expect(await approve(db.prisma, ana, { id, body }, new Date(NOW))).toMatchObject({ code: "forbidden" });
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
    value(await approve(db.prisma, ana, { id, body }, new Date(NOW)));
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
    expect(
      value(
        await removeRole(
          db.prisma,
          planner,
          { id, body: { role: "resources", person: cy.name } },
          new Date(NOW),
        ),
      ),
    ).toMatchObject({
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

  it("another person's agent is invited as operator: its owner reads the plan, answers for it, and the agent works only once accepted", async () => {
    const { planner, id } = await gated("op");
    const bea = await makeUser(db, "op-bea");
    const stranger = await makeUser(db, "op-stranger");
    const bot = (await agentOf(bea, "op-bot")) as Who & { kind: "agent"; agentId: number };
    const ask = () =>
      assignRole(db.prisma, planner, { id, body: { role: "operator", agent: bot.agentId } }, new Date(NOW));
    const post = (who: Who, hash: string) =>
      postOutcome(
        db.prisma,
        who,
        { id, body: { nodeId: "build", status: "success", evidenceHash: hash } },
        new Date(NOW),
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
    expect(
      await runCheckpoint(
        db.prisma,
        bot,
        { id, body: { revision: 1, decision: "hold", rationale: "x" } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "forbidden" });
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
    value(
      await removeRole(
        db.prisma,
        planner,
        { id, body: { role: "operator", agent: bot.agentId } },
        new Date(NOW),
      ),
    );
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
    value(
      await assignRole(
        db.prisma,
        planner,
        { id, body: { role: "approver", person: ben.name } },
        new Date(NOW),
      ),
    );
    await give(id, planner, planner.name, "authority", "resources");
    value(await approve(db.prisma, ana, { id, body }, new Date(NOW)));
    for (const kind of ["authority", "resources"])
      value(await confirmAssignment(db.prisma, planner, { id, body: { kind, ...body } }, new Date(NOW)));
    expect(await approve(db.prisma, ben, { id, body }, new Date(NOW))).toMatchObject({ code: "forbidden" });
    const v = await view(id);
    expect(v.gates!.approvals.map((a) => a.by)).toEqual(["wait-ana"]);
    expect(v.gates!.stillNeeded).toEqual([
      "needs 1 more approver, and no approver of this plan can give it: its owner assigns the approver role; invited, no answer yet: wait-ben",
    ]);
    expect(v.audit).toMatchObject({ eligibleToAdmit: false });
    expect(
      await runCheckpoint(
        db.prisma,
        planner,
        { id, body: { revision: 1, decision: "admit", rationale: "two said yes?" } },
        new Date(NOW),
      ),
    ).toMatchObject({ code: "conflict" });
    // He accepts and approves: now two count.
    value(await answerInvitation(db.prisma, ben, { kind: "plan", id }, true, NOW));
    value(await approve(db.prisma, ben, { id, body }, new Date(NOW)));
    expect((await view(id)).gates!.stillNeeded).toEqual([]);
  });

  it("visibility: invited by default and not_found to others; signed_in for anyone signed in; the owner changes it", async () => {
    const { planner, id } = await gated("vis");
    const stranger = await makeUser(db, "vis-stranger");
    expect((await view(id, planner)).plan.visibility).toBe("invited");
    for (const who of [ANON, stranger] as Who[]) {
      expect(await planView(db.prisma, who, { id }, NOW)).toMatchObject({ code: "not_found" });
      expect(await readAudit(db.prisma, who, { id }, NOW)).toEqual(
        await planView(db.prisma, who, { id: 999_999 }, NOW),
      );
      expect(value(await listPlans(db.prisma, who)).map((p) => p.id)).not.toContain(id);
    }
    expect(
      await changeSettings(db.prisma, stranger, { id, body: { visibility: "public" } }, new Date(NOW)),
    ).toMatchObject({ code: "not_found" });
    value(await changeSettings(db.prisma, planner, { id, body: { visibility: "signed_in" } }, new Date(NOW)));
    expect(await planView(db.prisma, ANON, { id }, NOW)).toMatchObject({ code: "not_found" });
    expect(value(await planView(db.prisma, stranger, { id }, NOW)).may).toMatchObject({
      write: expect.stringContaining("Only the plan's owner"),
      manage: expect.stringContaining("Only the plan's owner"),
    });
    expect(value(await listPlans(db.prisma, stranger)).find((p) => p.id === id)).toMatchObject({
      visibility: "signed_in",
    });
    expect(
      await changeSettings(db.prisma, planner, { id, body: { visibility: "signed_in" } }, new Date(NOW)),
    ).toMatchObject({ code: "conflict" });
    expect(
      await changeSettings(db.prisma, planner, { id, body: { visibility: "secret" } }, new Date(NOW)),
    ).toMatchObject({ code: "invalid" });
    value(await changeSettings(db.prisma, planner, { id, body: { visibility: "public" } }, new Date(NOW)));
    expect(value(await planView(db.prisma, ANON, { id }, NOW)).plan.visibility).toBe("public");
    expect(value(await listPlans(db.prisma, ANON)).map((p) => p.id)).toContain(id);
  });
});
