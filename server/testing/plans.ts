// The plan tests' shared builders, on a real database: a fixed clock, the original's graph, people and agents with
// roles, an escalated plan; each test file of server/actions/checkpoint gets its own throwaway database.
import { afterAll, beforeAll, expect } from "vitest";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import { nameKey } from "../names";
import { createAgent, whoForToken } from "../actions/agents";
import { answerInvitation } from "../actions/invitations";
import type { z } from "zod";
import { planView } from "../actions/checkpoint";
import { OPERATIONS } from "../operations";
import type { AnyOperation, Operation } from "../operations/operation";
import { makeUser, testDatabase, type TestDatabase } from "./db";
import { runOperation } from "./operation";

const P = OPERATIONS.plans;

export const NOW = Date.parse("2026-12-01T12:00:00Z");
/** NOW as the writing actions take it. */
export const when = new Date(NOW);

export let db: TestDatabase;
/** An admin reads every plan, whoever may: the stories below read their plans as one unless a reader matters. */
export let admin: Person;
/** A throwaway database for the file that calls this, and an admin in it. */
export function usePlansDatabase(): void {
  beforeAll(async () => {
    db = await testDatabase();
    admin = { ...(await makeUser(db, "plans-admin")), admin: true };
  });
  afterAll(async () => db?.drop());
}

export const T0 = Date.parse("2026-11-30T09:00:00Z");
export const at = (minutes: number) => new Date(T0 + minutes * 60_000);

export type Person = Who & { kind: "user" };

export async function agentOf(owner: Person, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token))!;
}

export function value<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** A fresh plan `owner` makes of `input` (at `when` unless told): its id. */
export async function newPlan(
  owner: Who,
  input: Record<string, unknown>,
  time: Date = when,
): Promise<number> {
  return value(await runOperation(db.prisma, P.create, owner, input, time.getTime())).id;
}

/** An operation as a door calls it (testing/operation.ts), on this file's database: for what only its schema refuses. */
export const viaOperation = (op: AnyOperation, who: Who, raw: unknown, time: Date = when) =>
  runOperation(db.prisma, op, who, raw, time.getTime());

/** A plan's operation as a door calls it (its input parsed by its schema), on plan `id`. */
const on =
  <I extends z.ZodObject, R>(op: Operation<I, z.ZodType, "write", R>) =>
  (who: Who, id: number, body: object, time: Date = when) =>
    runOperation(db.prisma, op, who, { ...body, planId: id }, time.getTime());

/** The writing actions on one plan as the tests call them: who, the plan's id, the body, at `when` unless told. */
export const plan = {
  report: on(P.postOutcome),
  decide: on(P.checkpoint),
  assess: on(P.assessRisk),
  approve: on(P.approve),
  withdraw: on(P.withdrawApproval),
  confirm: on(P.confirm),
  revise: on(P.revise),
  assign: on(P.assignRole),
  remove: on(P.removeRole),
  settings: on(P.settings),
};

/** Revision 4 of the original, as a fresh plan's revision 1: scan → patch-X → publish, publish gated. */
export const story = [
  { id: "scan", title: "Scan dependencies", dependsOn: [] },
  { id: "patch-X", title: "Patch package X", dependsOn: ["scan"] },
  { id: "publish", title: "Publish", dependsOn: ["patch-X"], needsApproval: true },
];
export const withInspection = [
  { id: "scan", title: "Scan dependencies", dependsOn: [] },
  { id: "inspect-call-sites", title: "Inspect call sites", dependsOn: ["scan"] },
  { id: "patch-X", title: "Patch package X", dependsOn: ["inspect-call-sites"] },
  { id: "publish", title: "Publish", dependsOn: ["patch-X"], needsApproval: true },
];

export async function view(id: number, who?: Who, revision?: number) {
  return value(await planView(db.prisma, who ?? admin, { id, revision }, NOW));
}

/** The person named `name`, as the actions see them. */
export async function personNamed(name: string): Promise<Person> {
  const u = await db.prisma.user.findUniqueOrThrow({ where: { nameKey: nameKey(name) } });
  return { kind: "user", userId: u.id, name: u.name, admin: false };
}

/**
 * The owner gives `person` these roles on plan `id`, and `person` says yes to each (a role for anyone but the owner
 * herself is an invitation until then).
 */
export async function give(id: number, owner: Person, person: string, ...roles: string[]) {
  for (const role of roles) {
    const r = value(await plan.assign(owner, id, { role, person }));
    if (r.action === "invite")
      value(
        await answerInvitation(db.prisma, await personNamed(person), { kind: "plan", id, role }, true, NOW),
      );
  }
}

/** A fresh plan whose node "a" succeeded, escalated at its checkpoint to a Round Table of three people. */
export async function escalatedPlan(prefix: string) {
  const planner = await makeUser(db, `${prefix}-planner`);
  const souls = await Promise.all(["one", "two", "three"].map((n) => makeUser(db, `${prefix}-${n}`)));
  const nodes = [
    { id: "a", dependsOn: [] },
    { id: "b", dependsOn: ["a"] },
  ];
  const id = await newPlan(planner, { name: "Escalate", nodes });
  const body = { nodeId: "a", status: "success", evidenceHash: "a1" };
  value(await plan.report(planner, id, body));
  const seats = souls.map((s, i) => ({
    name: `lens${i}`,
    soul: "Careful about releases.",
    source: "habit",
    wearer: "person",
    person: s.name,
  }));
  const escalated = value(
    await plan.decide(planner, id, {
      revision: 1,
      decision: "escalate",
      rationale: "ask the table",
      council: { seats },
    }),
  );
  expect(escalated.escalation).toMatchObject({ councilId: expect.any(Number) });
  return { id, planner, councilId: escalated.escalation!.councilId! };
}

/** Ends a Round Table by hand: a person's ruling on it, and closed. */
export async function endWithRuling(councilId: number, by: Person, choice: string) {
  await db.prisma.councilRuling.create({
    data: { councilId, choice, reason: "wait for the inspection", byId: by.userId, at: new Date() },
  });
  await db.prisma.council.update({
    where: { id: councilId },
    data: { closedAt: new Date(), outcome: "escalated" },
  });
}

/** Every table's rows, as text: equal before and after means nothing was written. */
export async function ledger(): Promise<Record<string, string>> {
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

/** A plan whose gated wave "ship" is proposed (after "build" succeeded), with these people holding roles. */
export async function gated(prefix: string, opts: { ttl?: number; needed?: number } = {}) {
  const planner = await makeUser(db, `${prefix}-planner`);
  const id = await newPlan(planner, {
    name: "Gated",
    requiredApprovers: opts.needed ?? 1,
    ...(opts.ttl ? { approvalTtlMs: opts.ttl } : {}),
    nodes: [{ id: "build" }, { id: "ship", dependsOn: ["build"], needsApproval: true }],
  });
  value(await plan.report(planner, id, { nodeId: "build", status: "success", evidenceHash: "b" }));
  return { planner, id, body: { revision: 1, nextWave: ["ship"] } };
}

/**
 * The original's story up to its first checkpoint, on a fresh plan: the orchestrator reported scan, R7 was assessed
 * high on its evidence, the owner holds the authority and the resources and confirmed them, and the wave was held.
 */
export async function heldOnR7() {
  const planner = await makeUser(db, "story-planner");
  const orchestrator = await agentOf(planner, "story-orchestrator");
  const id = await newPlan(planner, { name: "Patch X safely", nodes: story, visibility: "public" }, at(0));
  const record = { nodeId: "scan", status: "success", evidenceHash: "h1", provenance: "scanner run 17" };
  value(await plan.report(orchestrator, id, record, at(1)));
  const risk = {
    riskId: "R7",
    severity: "high",
    affectedNodes: ["scan", "patch-X"],
    evidenceHash: "h1",
    note: "API break in X",
  };
  value(await plan.assess(planner, id, risk, at(2)));
  await give(id, planner, planner.name, "authority", "resources");
  for (const kind of ["authority", "resources"])
    value(await plan.confirm(planner, id, { kind, revision: 1, nextWave: ["patch-X"] }));
  const hold = { revision: 1, decision: "hold", rationale: "R7 high: inspect call sites first" };
  value(await plan.decide(planner, id, hold, at(3)));
  return { planner, orchestrator, id };
}

/** The fixed clock the doors read in these tests. */
export const clock = fixedClock(NOW);

/** The original's graph (revision 4) as the JSON API and MCP take it: snake_case, as on the wire. */
export const wireGraph = {
  nodes: [
    { id: "scan", depends_on: [] },
    { id: "patch-X", depends_on: ["scan"] },
    { id: "publish", depends_on: ["patch-X"], needs_approval: true },
  ],
};
