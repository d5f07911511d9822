// Every declared operation through every door it declares: the JSON API, MCP and tRPC answer the same failure for
// the same bad call; each operation's answer fits its published schema on the wire; the OpenAPI document is valid
// OpenAPI 3.1 (checked by a real validator) with a response schema for every operation.
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelSeat, personSeat, steady, table } from "../actions/council/testing";
import { fixedClock } from "../clock";
import { ANON, type Who } from "../identity";
import { ALL_OPERATIONS, OPERATIONS } from "../operations";
import type { AnyOperation } from "../operations/operation";
import { camel, snake, wireJsonSchema } from "../operations/wire";
import { workedExample } from "../rules/council/testing";
import { FAILURE_CODES, type FailureCode } from "../rules/result";
import { api, callTool, mcpClient, mcpPathOf } from "../testing/doors";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { pathParams } from "./rest/generate";
import { openApiDocument } from "./rest/openapi";
import { createCaller } from "./trpc";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
let host: Who & { kind: "user" };
let tableId: number;
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  host = await makeUser(db, "ops-host");
  const as = api(db.prisma, host, { clock });
  tableId = (await as("POST", "/api/tables", { title: "Declared", seats_max: 4 })).body.id;
  await as("POST", `/api/tables/${tableId}/bots`, {});
  await as("POST", `/api/tables/${tableId}/start`, {});
});
afterAll(async () => db?.drop());

const STATUS_CODE = Object.fromEntries(Object.entries(FAILURE_CODES).map(([c, s]) => [s, c])) as Record<
  number,
  FailureCode
>;
/** A refusal's sentence with its field names in one spelling, so doors that spell fields differently compare. */
const sameNames = (message: string) =>
  message.replace(/"([A-Za-z0-9_.]+)"/g, (_, p: string) => `"${snake(p)}"`);

/** The id fields of an operation's input (tableId, agentId…): the path's, or the ones that name a thing. */
const idFields = (op: AnyOperation) => Object.keys(op.input.shape).filter((k) => /Id$/.test(k));

async function viaRest(op: AnyOperation, who: Who, wire: Record<string, unknown>) {
  const rest = op.rest!;
  let path = rest.path;
  const body = { ...wire };
  for (const p of pathParams(rest.path)) {
    path = path.replace(`:${p}`, String(body[p]));
    delete body[p];
  }
  if (rest.method === "GET")
    path += `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`;
  // An operation whose body is one field's value (a state file, say) is sent that value as the body.
  const sent = rest.bodyField ? body[snake(rest.bodyField)] : body;
  return api(db.prisma, who, { clock })(rest.method, path, rest.method === "GET" ? undefined : sent);
}

describe("the declarations", () => {
  it("name each operation by its module and key, and hold it to one REST route and one MCP tool at most", () => {
    const routes = new Set<string>();
    const tools = new Set<string>();
    for (const [module, ops] of Object.entries(OPERATIONS))
      for (const [key, op] of Object.entries(ops as Record<string, AnyOperation>)) {
        expect(op.name).toBe(`${module}.${key}`);
        if (op.rest) {
          const r = `${op.rest.method} ${op.rest.path}`;
          expect(routes.has(r), r).toBe(false);
          routes.add(r);
          for (const p of pathParams(op.rest.path))
            expect(op.input.shape, `${op.name}: ${p}`).toHaveProperty(camel(p));
        }
        if (op.mcp) {
          expect(tools.has(op.mcp.tool)).toBe(false);
          tools.add(op.mcp.tool);
        }
        expect(op.callers.length).toBeGreaterThan(0);
      }
  });
});

describe("the same bad call at every door", () => {
  const cases = ALL_OPERATIONS.map((op) => [op.name, op] as const);
  it.each(cases)("%s: one failure, said alike, by the JSON API, MCP and tRPC", async (_, op) => {
    for (const who of [ANON, host] as Who[]) {
      // Where the body is one field's value, the bad value is that field's (the JSON API cannot send another).
      const bodyField = op.rest?.bodyField;
      const code: Record<string, unknown> = bodyField ? { [bodyField]: { bogus: 1 } } : { bogus: 1 };
      for (const f of idFields(op)) code[f] = 999_999;
      const wire = Object.fromEntries(Object.entries(code).map(([k, v]) => [snake(k), v]));
      const answers: [string, FailureCode, string][] = [];
      if (op.rest) {
        const r = await viaRest(op, who, wire);
        expect(r.status, `${op.name} REST ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
        answers.push(["rest", STATUS_CODE[r.status]!, r.body.error.message]);
        expect(r.body.error.code).toBe(STATUS_CODE[r.status]);
      }
      if (op.mcp && !(who.kind === "anon" && !op.callers.includes("guest"))) {
        const client = await mcpClient(db.prisma, who, clock, mcpPathOf(op.mcp.tool));
        const r = await callTool(client, op.mcp.tool, wire);
        await client.close();
        expect(r.isError, `${op.name} MCP ${r.text}`).toBe(true);
        const [c, ...m] = r.text.split(": ");
        answers.push(["mcp", c as FailureCode, m.join(": ")]);
      }
      const caller = createCaller({ db: db.prisma, who, clock }) as any;
      const [module, key] = op.name.split(".") as [string, string];
      const e = await caller[module][key](code).then(
        () => null,
        (err: any) => err,
      );
      expect(e, `${op.name} tRPC answered`).not.toBeNull();
      answers.push(["trpc", e.cause.failure, e.message]);
      const [first, ...rest] = answers;
      for (const a of rest) {
        expect(a[1], `${op.name} as ${who.kind}: ${a[0]} vs ${first![0]}`).toBe(first![1]);
        expect(sameNames(a[2]), `${op.name} as ${who.kind}: ${a[0]} vs ${first![0]}`).toBe(
          sameNames(first![2]),
        );
      }
    }
  });
});

describe("answers fit their published schemas on the wire", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const fits = (op: AnyOperation, body: unknown) => {
    const validate = ajv.compile(wireJsonSchema(op.output, "output"));
    expect(validate(body), `${op.name}: ${JSON.stringify(validate.errors)?.slice(0, 500)}`).toBe(true);
  };
  it("reads of a table in play, for a guest and for a seated person", async () => {
    const t = OPERATIONS.tables;
    for (const who of [ANON, host] as Who[]) {
      fits(t.list, (await viaRest(t.list, who, {})).body);
      const state = (await viaRest(t.state, who, { table_id: tableId })).body;
      fits(t.state, state);
      expect(state).toHaveProperty("seats_max", 4);
      fits(t.wait, (await viaRest(t.wait, who, { table_id: tableId, timeout_ms: 0 })).body);
      fits(t.verify, (await viaRest(t.verify, who, { table_id: tableId })).body);
      fits(OPERATIONS.identity.me, (await viaRest(OPERATIONS.identity.me, who, {})).body);
    }
    const seated = (await viaRest(t.state, host, { table_id: tableId })).body;
    expect(seated.game.charge).not.toBeNull();
    expect(seated.game).toHaveProperty("your_payoff");
    expect(seated.game).not.toHaveProperty("yourPayoff");
  });
  it("writes: an agent made, a table opened, an act", async () => {
    const i = OPERATIONS.identity;
    const made = (await viaRest(i.createAgent, host, { name: "ops-agent" })).body;
    fits(i.createAgent, made);
    fits(i.agents, (await viaRest(i.agents, host, {})).body);
    fits(
      OPERATIONS.tables.open,
      (await viaRest(OPERATIONS.tables.open, host, { title: "Another", seats_max: 5 })).body,
    );
    const state = (await viaRest(OPERATIONS.tables.state, host, { table_id: tableId })).body;
    if (state.game.turn === state.your_seat)
      fits(OPERATIONS.tables.pass, (await viaRest(OPERATIONS.tables.pass, host, { table_id: tableId })).body);
    fits(i.revokeAgent, (await viaRest(i.revokeAgent, host, { agent_id: made.id })).body);
  });
  it("a round table in play, read by a guest and by a seat; convened and answered; a record imported", async () => {
    const c = OPERATIONS.councils;
    const convened = (
      await viaRest(
        c.convene,
        host,
        table([personSeat("finance", host.name), modelSeat("brand"), modelSeat("legal")]),
      )
    ).body;
    fits(c.convene, convened);
    const council_id = convened.id;
    for (const who of [ANON, host] as Who[]) {
      fits(c.list, (await viaRest(c.list, who, {})).body);
      fits(c.state, (await viaRest(c.state, who, { council_id })).body);
      fits(c.wait, (await viaRest(c.wait, who, { council_id, timeout_ms: 0 })).body);
      fits(c.minutes, (await viaRest(c.minutes, who, { council_id })).body);
      fits(c.exportState, (await viaRest(c.exportState, who, { council_id })).body);
    }
    const seat = (await viaRest(c.state, host, { council_id })).body;
    expect(seat.your_round).toMatchObject({ round: 1, rationale_max: expect.any(Number) });
    expect(seat).toHaveProperty("round_deadline_ms");
    expect(seat).not.toHaveProperty("yourRound");
    const waited = (await viaRest(c.wait, host, { council_id, timeout_ms: 0 })).body;
    expect(waited).toMatchObject({
      your_round: true,
      timed_out: false,
      council: { your_round: { round: 1 } },
    });
    const listed = (await viaRest(c.list, host, {})).body.councils.find((x: any) => x.id === council_id);
    expect(listed).toMatchObject({ yours: true, your_turn: true });
    fits(
      c.answer,
      (await viaRest(c.answer, host, { council_id, reply: steady("ship", 6, "brand")[1] })).body,
    );
    const answered = (await viaRest(c.state, host, { council_id })).body;
    fits(c.state, answered);
    // A reply is the seat's JSON in the original skill's field names, sent as written.
    expect(answered.rounds[0].answers[0].reply).toHaveProperty("what_would_change_your_mind", "new facts");

    const imported = (await viaRest(c.importState, host, { state: workedExample() })).body;
    fits(c.importState, imported);
    // An imported record is a Round Table too: invited until its importer publishes it.
    expect((await viaRest(c.state, ANON, { council_id: imported.id })).status).toBe(404);
    const published = await viaRest(c.setVisibility, host, { council_id: imported.id, visibility: "public" });
    fits(c.setVisibility, published.body);
    for (const who of [ANON, host] as Who[]) {
      const record = (await viaRest(c.state, who, { council_id: imported.id })).body;
      fits(c.state, record);
      expect(record.result.votes[0]).toHaveProperty("dissent_note");
      fits(c.minutes, (await viaRest(c.minutes, who, { council_id: imported.id })).body);
      fits(c.exportState, (await viaRest(c.exportState, who, { council_id: imported.id })).body);
    }
  });
  it("a plan, read by a guest and by its owner; its writes: created, an outcome, a risk, a hold, a revision", async () => {
    const p = OPERATIONS.plans;
    const created = (
      await viaRest(p.create, host, {
        name: "Declared plan",
        visibility: "public",
        nodes: [
          { id: "scan", depends_on: [] },
          { id: "patch", depends_on: ["scan"], needs_approval: true },
        ],
      })
    ).body;
    fits(p.create, created);
    const plan_id = created.id;
    const outcome = { plan_id, node_id: "scan", status: "success", evidence_hash: "h1" };
    fits(p.postOutcome, (await viaRest(p.postOutcome, host, outcome)).body);
    const risk = { plan_id, risk_id: "R1", severity: "low", affected_nodes: ["scan"], evidence_hash: "h1" };
    fits(p.assessRisk, (await viaRest(p.assessRisk, host, risk)).body);
    const held = (
      await viaRest(p.checkpoint, host, { plan_id, revision: 1, decision: "hold", rationale: "not yet" })
    ).body;
    fits(p.checkpoint, held);
    const reviewer = await makeUser(db, "ops-reviewer");
    fits(
      p.assignRole,
      (await viaRest(p.assignRole, host, { plan_id, role: "approver", person: reviewer.name })).body,
    );
    fits(
      p.assignRole,
      (await viaRest(p.assignRole, host, { plan_id, role: "viewer", person: reviewer.name })).body,
    );
    fits(
      p.removeRole,
      (await viaRest(p.removeRole, host, { plan_id, role: "viewer", person: reviewer.name })).body,
    );
    const inv = OPERATIONS.invitations;
    const waiting = (await viaRest(inv.list, reviewer, {})).body;
    fits(inv.list, waiting);
    expect(waiting.invitations).toEqual([
      expect.objectContaining({ kind: "plan", id: plan_id, seat: "approver" }),
    ]);
    fits(inv.accept, (await viaRest(inv.accept, reviewer, { kind: "plan", id: plan_id })).body);
    const set = (await viaRest(p.settings, host, { plan_id, approval_ttl_ms: 3_600_000 })).body;
    fits(p.settings, set);
    expect(set).toMatchObject({
      visibility: "public",
      approval_ttl_ms: 3_600_000,
      changed: ["approvalTtlMs"],
    });
    for (const who of [ANON, host] as Who[]) {
      const members = (await viaRest(p.members, who, { plan_id })).body;
      fits(p.members, members);
      expect(members.members.map((m: { role: string; name: string }) => [m.role, m.name])).toEqual([
        ["owner", host.name],
        ["approver", reviewer.name],
      ]);
      fits(p.list, (await viaRest(p.list, who, {})).body);
      const view = (await viaRest(p.view, who, { plan_id })).body;
      fits(p.view, view);
      expect(view.plan).toHaveProperty("required_approvers", 1);
      expect(view.nodes[1]).toMatchObject({ depends_on: ["scan"], needs_approval: true });
      expect(view.checkpoints[0]).toMatchObject({ decision: "hold", eligible_to_admit: false });
      fits(p.audit, (await viaRest(p.audit, who, { plan_id })).body);
      const declaration = (await viaRest(p.declaration, who, { plan_id })).body;
      fits(p.declaration, declaration);
      // The declaration is the original script's format: its names are the schema's, not the wire's.
      expect(declaration).toHaveProperty("graphRevision", 1);
      expect(declaration.outcomes[0]).toHaveProperty("evidenceHash", "h1");
    }
    const revised = (
      await viaRest(p.revise, host, {
        plan_id,
        parent: 1,
        nodes: [{ id: "scan" }, { id: "patch", depends_on: ["scan"] }],
        rationale: "no gate",
        evidence_refs: ["h1"],
      })
    ).body;
    fits(p.revise, revised);
    // A superseded revision shows the audit of its last checkpoint: the audit verbatim, its source in wire names.
    const old = (await viaRest(p.view, ANON, { plan_id, revision: 1 })).body;
    fits(p.view, old);
    expect(old.audit).toMatchObject({ eligibleToAdmit: false, source: { checkpoint_id: held.id } });
  });
});

describe("tRPC's inputs are typed end to end", () => {
  it("tsc refuses a wrong field (each @ts-expect-error below fails tsc if the type stops refusing it)", async () => {
    const caller = createCaller({ db: db.prisma, who: host, clock });
    // @ts-expect-error — a table is named by tableId, not id
    await expect(caller.tables.state({ id: tableId })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    // @ts-expect-error — seatsMax is a number
    await expect(caller.tables.open({ title: "Typed", seatsMax: "four" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    // @ts-expect-error — an offer's accord is required
    await expect(caller.tables.offer({ tableId })).rejects.toBeTruthy();
    const state = await caller.tables.state({ tableId });
    // The answer is typed too: a field that is not there does not compile.
    // @ts-expect-error — the view says yourSeat, not your_seat (that is the JSON API's spelling)
    expect(state.your_seat).toBeUndefined();
    expect(state.yourSeat).toBe(0);
  });
});

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1, and every declared route has its request and its answer's schema", async () => {
    const doc = openApiDocument();
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 800)).toEqual([]);
    expect(result.valid).toBe(true);
    for (const op of ALL_OPERATIONS.filter((o) => o.rest)) {
      const path = op.rest!.path.replace(/:(\w+)/g, "{$1}");
      const entry = (doc.paths[path] as any)?.[op.rest!.method.toLowerCase()];
      expect(entry, `${op.name}`).toBeTruthy();
      const ok = entry.responses[String(op.rest!.status ?? 200)].content["application/json"].schema;
      expect(Object.keys(ok).length, `${op.name} has a response schema`).toBeGreaterThan(0);
    }
    const open = (doc.paths["/api/tables"] as any).post.requestBody.content["application/json"].schema;
    expect(open.properties).toHaveProperty("seats_max");
    const state = (doc.paths["/api/tables/{table_id}"] as any).get.responses["200"].content[
      "application/json"
    ].schema;
    expect(state.properties).toHaveProperty("your_seat");
  });
});
