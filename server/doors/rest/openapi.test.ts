// The OpenAPI document says what the door does: who may call each operation (`security`, and a document per kind of
// caller), the `Idempotency-Key` of the creates that honour it, path ids as integers, and the live feed — each read
// from the declarations, so a change there shows here. Valid OpenAPI 3.1 by a real validator, whole and per caller.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { WAIT_MAX_MS } from "../../operations/common";
import { ALL_OPERATIONS } from "../../operations";
import { takesIdempotencyKey, type AnyOperation } from "../../operations/operation";
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
});
