// An approval's expiry is fixed when it is given (shared/spec/access.md, "Plan roles"), through the JSON API: one that
// lapsed stays lapsed when the owner clears the gate's approvalTtl, one already given is not shortened by a shorter
// approvalTtl set later, and the migration gives approvals from before it the expiry they were given under.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { api } from "../../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { answerInvitation } from "../invitations";
import { assignRole, createPlan, postOutcome } from "./index";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let db: TestDatabase;
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
});
afterAll(async () => {
  await db?.drop();
});

type Person = Awaited<ReturnType<typeof makeUser>>;

function value<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** A plan whose gated wave "ship" is proposed, under `ttl`, with these people holding the approver role. */
async function gated(prefix: string, ttl: number | null, approvers: string[]) {
  const owner = await makeUser(db, `${prefix}-owner`);
  const id = value(
    await createPlan(
      db.prisma,
      owner,
      {
        name: "Gated",
        requiredApprovers: 1,
        ...(ttl === null ? {} : { approvalTtlMs: ttl }),
        nodes: [
          { id: "build", dependsOn: [] },
          { id: "ship", dependsOn: ["build"], needsApproval: true },
        ],
      },
      new Date(NOW),
    ),
  ).id;
  value(
    await postOutcome(
      db.prisma,
      owner,
      { planId: id, nodeId: "build", status: "success", evidenceHash: "b" },
      new Date(NOW),
    ),
  );
  const people: Person[] = [];
  for (const name of approvers) {
    const p = await makeUser(db, `${prefix}-${name}`);
    value(
      await assignRole(db.prisma, owner, { planId: id, role: "approver", person: p.name }, new Date(NOW)),
    );
    value(await answerInvitation(db.prisma, p, { kind: "plan", id, role: "approver" }, true, NOW));
    people.push(p);
  }
  const at = (who: Person, ms: number) => api(db.prisma, who, { clock: fixedClock(ms) });
  const approve = async (who: Person, ms: number) => {
    const r = await at(who, ms)("POST", `/api/plans/${id}/approvals`, { revision: 1, next_wave: ["ship"] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  };
  const setTtl = async (ttlMs: number | null, ms: number) => {
    const r = await at(owner, ms)("POST", `/api/plans/${id}/settings`, { approval_ttl_ms: ttlMs });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const gates = async (ms: number) => (await at(owner, ms)("GET", `/api/plans/${id}`)).body.gates;
  const audit = async (ms: number) => (await at(owner, ms)("GET", `/api/plans/${id}/audit`)).body;
  return { owner, id, people, approve, setTtl, gates, audit };
}

describe("an approval's expiry, fixed when it is given", () => {
  it("a lapsed approval does not come back when the owner clears the approvalTtl", async () => {
    const { people, approve, setTtl, gates, audit } = await gated("revive", HOUR, ["ana"]);
    await approve(people[0]!, NOW);
    expect((await gates(NOW + 1)).approvals).toEqual([
      { by: "revive-ana", at: iso(NOW), expires_at: iso(NOW + HOUR) },
    ]);
    const lapsed = [`revive-ana's approval expired at ${iso(NOW + HOUR)}: that approval no longer counts`];
    expect((await gates(NOW + HOUR)).lapsed).toEqual(lapsed);
    // The owner clears the TTL after it lapsed: it still does not count, at the plan's page and in the audit.
    await setTtl(null, NOW + HOUR + 1);
    const after = await gates(NOW + HOUR + 2);
    expect(after.approvals).toEqual([]);
    expect(after.lapsed).toEqual(lapsed);
    const a = await audit(NOW + HOUR + 2);
    expect(a.declaration.approval).toEqual({ required: true, present: false });
    expect(a.lapsed).toEqual(lapsed);
    // An approval given now, with no approvalTtl, never expires.
    await approve(people[0]!, NOW + HOUR + 3);
    expect((await gates(NOW + 1000 * HOUR)).approvals).toEqual([
      { by: "revive-ana", at: iso(NOW + HOUR + 3), expires_at: null },
    ]);
    expect((await audit(NOW + 1000 * HOUR)).declaration.approval).toEqual({ required: true, present: true });
  });

  it("a shorter approvalTtl set later does not shorten an approval already given, nor does a longer one lengthen it", async () => {
    const { people, approve, setTtl, gates } = await gated("shorten", 10 * HOUR, ["ana", "ben"]);
    const [ana, ben] = people as [Person, Person];
    await approve(ana, NOW);
    await setTtl(HOUR, NOW + 1);
    await approve(ben, NOW + 2);
    // Two hours on, Ana's (given under ten hours) counts; Ben's (given under one) lapsed an hour after he gave it.
    const g = await gates(NOW + 2 * HOUR);
    expect(g.approvals).toEqual([{ by: "shorten-ana", at: iso(NOW), expires_at: iso(NOW + 10 * HOUR) }]);
    expect(g.lapsed).toEqual([
      `shorten-ben's approval expired at ${iso(NOW + 2 + HOUR)}: that approval no longer counts`,
    ]);
    // A longer TTL later does not lengthen either.
    await setTtl(100 * HOUR, NOW + 2 * HOUR);
    expect((await gates(NOW + 2 * HOUR + 1)).lapsed).toEqual(g.lapsed);
    expect((await gates(NOW + 10 * HOUR)).approvals).toEqual([]);
  });
});

describe("the migration that fixed approvals' expiry", () => {
  /** The migration's backfill, as it ran on approvals given before it (everything after its ALTER TABLE). */
  const backfill = () => {
    const dir = path.resolve(import.meta.dirname, "../../../prisma/migrations");
    const name = fs.readdirSync(dir).find((d) => d.endsWith("_approval_expires_at"))!;
    const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
    return sql.slice(sql.indexOf("UPDATE"));
  };

  it("gives each approval already given the expiry of the approvalTtl it was given under", async () => {
    // Plan A: created with one hour, changed to three hours, then cleared. Plan B: ten minutes, never changed.
    // Plan C: no TTL ever.
    const { owner, id: a } = await gated("mig-a", HOUR, []);
    const { id: b } = await gated("mig-b", 10 * 60_000, []);
    const { id: c } = await gated("mig-c", null, []);
    const ana = await makeUser(db, "mig-ana");
    const change = (planId: number, before: string | null, after: string | null, at: number) =>
      db.prisma.planSettingChange.create({
        data: { planId, field: "approvalTtlMs", before, after, byId: owner.userId, at: new Date(at) },
      });
    await change(a, String(HOUR), String(3 * HOUR), NOW + 10);
    await change(a, String(3 * HOUR), null, NOW + 20);
    await db.prisma.plan.update({ where: { id: a }, data: { approvalTtlMs: null } });
    const given = async (planId: number, at: number, action = "approve") =>
      (
        await db.prisma.approval.create({
          data: {
            planId,
            revision: 1,
            nextWave: ["ship"],
            waveKey: '["ship"]',
            approverId: ana.userId,
            action,
            at: new Date(at),
          },
        })
      ).id;
    const rows = {
      beforeAnyChange: await given(a, NOW + 5),
      afterTheFirst: await given(a, NOW + 10),
      afterClearing: await given(a, NOW + 25),
      withdrawn: await given(a, NOW + 26, "withdraw"),
      neverChanged: await given(b, NOW + 5),
      never: await given(c, NOW + 5),
    };
    await db.sql.query(backfill());
    const expiry = async (id: number) =>
      (await db.prisma.approval.findUniqueOrThrow({ where: { id } })).expiresAt?.getTime() ?? null;
    expect({
      beforeAnyChange: await expiry(rows.beforeAnyChange),
      afterTheFirst: await expiry(rows.afterTheFirst),
      afterClearing: await expiry(rows.afterClearing),
      withdrawn: await expiry(rows.withdrawn),
      neverChanged: await expiry(rows.neverChanged),
      never: await expiry(rows.never),
    }).toEqual({
      beforeAnyChange: NOW + 5 + HOUR,
      afterTheFirst: NOW + 10 + 3 * HOUR,
      afterClearing: null,
      withdrawn: null,
      neverChanged: NOW + 5 + 10 * 60_000,
      never: null,
    });
  });
});
