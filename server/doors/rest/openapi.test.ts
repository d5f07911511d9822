// The OpenAPI document says what the door does: who may call each operation (`security`, and a document per kind of
// caller), the `Idempotency-Key` of the creates that honour it, path ids as integers, and the live feed — each read
// from the declarations, so a change there shows here. Valid OpenAPI 3.1 by a real validator, whole and per caller.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { WAIT_MAX_MS } from "../../operations/common";
import { ALL_OPERATIONS } from "../../operations";
import { takesIdempotencyKey, type AnyOperation } from "../../operations/operation";
import * as council from "../../rules/council";
import * as game from "../../rules/game";
import { openApiDocument } from "./openapi";
import { LIVE_FEED_PATH } from "./openapi.live";

type Op = {
  operationId: string;
  security: Record<string, unknown>[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, any> }[];
  requestBody?: { content: { "application/json": { schema: Record<string, any> } } };
  description: string;
};
const entryOf = (doc: ReturnType<typeof openApiDocument>, op: AnyOperation): Op | undefined =>
  (doc.paths[op.rest!.path.replace(/:(\w+)/g, "{$1}")] as Record<string, Op> | undefined)?.[
    op.rest!.method.toLowerCase()
  ];
const routed = ALL_OPERATIONS.filter((o) => o.rest);

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1, whole and as each kind of caller sees it", async () => {
    for (const caller of [undefined, "guest", "person", "agent"] as const) {
      const result = await new Validator().validate(openApiDocument({ caller }) as never);
      expect(result.errors ?? [], `${caller}: ${JSON.stringify(result.errors)?.slice(0, 600)}`).toEqual([]);
    }
  });

  it("says per operation who may call it: nothing for a guest, the session cookie for a person, a bearer token for an agent", () => {
    const doc = openApiDocument();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearer", "session"]);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "authjs.session-token",
    });
    for (const op of routed) {
      const e = entryOf(doc, op)!;
      const schemes = e.security.map((s) => Object.keys(s)[0] ?? "none");
      expect(schemes, op.name).toEqual(
        op.callers.map((c) => ({ guest: "none", person: "session", agent: "bearer" })[c]),
      );
    }
    const people = routed.filter((o) => !o.callers.includes("agent"));
    expect(people.map((o) => o.name)).toContain("plans.create");
    for (const op of people) expect(entryOf(doc, op)!.description, op.name).toMatch(/^People only/);
  });

  it("lists to an agent only what an agent may call, and to a guest only the open reads", () => {
    const agent = openApiDocument({ caller: "agent" });
    const guest = openApiDocument({ caller: "guest" });
    for (const op of routed) {
      expect(!!entryOf(agent, op), op.name).toBe(op.callers.includes("agent"));
      expect(!!entryOf(guest, op), op.name).toBe(op.callers.includes("guest"));
    }
    expect(
      entryOf(
        agent,
        ALL_OPERATIONS.find((o) => o.name === "tables.open")!,
      ),
    ).toBeTruthy();
    expect(agent.paths).not.toHaveProperty(["/api/plans", "post"]);
  });

  it("declares the Idempotency-Key header on exactly the creates that honour it, not as a body field", () => {
    const doc = openApiDocument();
    const keyed = routed.filter(takesIdempotencyKey).map((o) => o.name);
    expect(keyed).toEqual(expect.arrayContaining(["tables.open", "plans.create"]));
    for (const op of routed) {
      const e = entryOf(doc, op)!;
      const header = e.parameters?.find((p) => p.name === "Idempotency-Key");
      expect(!!header, op.name).toBe(keyed.includes(op.name));
      if (!header) continue;
      expect(header).toMatchObject({ in: "header", required: false });
      expect(header.schema).toMatchObject({ type: "string", maxLength: 200 });
      const body = e.requestBody?.content["application/json"].schema;
      expect(body?.properties ?? {}, op.name).not.toHaveProperty("idempotency_key");
    }
  });

  it("types every path id as an integer, as the bodies and answers use them", () => {
    const doc = openApiDocument();
    let ids = 0;
    for (const op of routed)
      for (const p of entryOf(doc, op)!.parameters?.filter((x) => x.in === "path") ?? []) {
        expect(p.schema, `${op.name} ${p.name}`).toMatchObject({ type: "integer", maximum: 2_147_483_647 });
        ids++;
      }
    expect(ids).toBeGreaterThan(40);
  });

  it("describes the live feed: its query, Last-Event-ID and the frames it sends; and marks the long polls", () => {
    const doc = openApiDocument({ caller: "agent" });
    const feed = (doc.paths[LIVE_FEED_PATH] as any).get;
    expect(feed.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
      "query topics",
      "header Last-Event-ID",
      "query lastEventId",
    ]);
    const stream = feed.responses["200"].content["text/event-stream"];
    expect(Object.keys(stream["x-sse-events"])).toEqual(["live", "reset", "signin_required"]);
    expect(doc.components.schemas.LiveEvent.required).toEqual(["topic", "type", "payload", "at"]);
    expect(doc.components.schemas.LiveReset.properties.reason.enum).toEqual([
      "unknown",
      "behind",
      "rate_limited",
    ]);
    const polls = routed.filter((o) => o.longPoll);
    expect(polls.map((o) => o.name).sort()).toEqual(["councils.wait", "tables.wait"]);
    for (const op of polls) {
      const e = entryOf(doc, op) as Op & { "x-long-poll"?: boolean };
      expect(e["x-long-poll"]).toBe(true);
      expect(e.description).toMatch(new RegExp(`A long poll: .*at most ${WAIT_MAX_MS}\\)`));
    }
  });

  it("states every limit of the rules with the rules' own constants", () => {
    const doc = openApiDocument() as any;
    const body = (path: string) => doc.paths[path].post.requestBody.content["application/json"].schema;
    const query = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;
    const open = body("/api/tables").properties;
    expect(open.title).toMatchObject({ minLength: game.TITLE_MIN, maxLength: game.TITLE_MAX });
    expect(open.seats_max).toMatchObject({
      type: "integer",
      minimum: game.SEATS_MIN,
      maximum: game.SEATS_MAX,
    });
    expect(open.turn_window_ms).toMatchObject({
      minimum: game.TURN_WINDOW_MIN_MS,
      maximum: game.TURN_WINDOW_MAX_MS,
    });
    expect(open.deadline_ms).toMatchObject({ minimum: game.DEADLINE_MIN_MS, maximum: game.DEADLINE_MAX_MS });
    for (const act of ["offer", "accept", "pass"]) {
      const said = body(`/api/tables/{table_id}/${act}`).properties.said.properties;
      expect(said.text.maxLength, act).toBe(game.SAID_MAX);
      expect(said.claims.maxItems, act).toBe(game.SAID_CLAIMS_MAX);
    }
    expect(body("/api/tables/{table_id}/offer").properties.accord).toMatchObject({
      minProperties: game.CHARTER_CLAUSES,
      maxProperties: game.CHARTER_CLAUSES,
    });
    const whisper = body("/api/tables/{table_id}/whisper").properties;
    expect(whisper.text.maxLength).toBe(game.SAID_MAX);
    expect(whisper.claims.maxItems).toBe(game.SAID_CLAIMS_MAX);
    expect(whisper.to).toMatchObject({ minimum: 0, maximum: game.SEATS_MAX - 1 });
    const convene = body("/api/councils").properties;
    expect(convene.question.maxLength).toBe(council.QUESTION_MAX);
    expect(convene.options).toMatchObject({ minItems: council.OPTIONS_MIN, maxItems: council.OPTIONS_MAX });
    expect(convene.seats).toMatchObject({ minItems: council.SEATS_MIN, maxItems: council.SEATS_MAX });
    expect(convene.seats.items.properties.name.maxLength).toBe(council.SEAT_NAME_MAX);
    expect(convene.round_deadline_ms).toMatchObject({
      minimum: council.ROUND_DEADLINE_MIN_MS,
      maximum: council.ROUND_DEADLINE_MAX_MS,
    });
    for (const wait of ["/api/tables/{table_id}/wait", "/api/councils/{council_id}/wait"])
      expect(query(wait, "timeout_ms")).toMatchObject({ minimum: 0, maximum: WAIT_MAX_MS });
  });
});
