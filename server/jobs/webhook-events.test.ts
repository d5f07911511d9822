// Every webhook event type, played out on one plan through the JSON API (an outcome, a risk, an assignment, an
// approval and its withdrawal, a checkpoint, a revision, an escalation and its Round Table's advice) to one webhook
// registered for every type the API offers, at a real receiver: each delivery verifies with the standardwebhooks
// library as published, arrives as the type registered, keeps every field name in snake_case, and matches its type's
// payload schema in the OpenAPI document's `webhooks` section — which names every type and is valid OpenAPI 3.1.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { sweepCheckpoints } from "../actions/checkpoint";
import { fixedClock } from "../clock";
import { openApiDocument } from "../doors/rest/openapi";
import { WEBHOOK_EVENTS } from "../rules/checkpoint";
import { makeUser, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import { scriptedSeat } from "../testing/plans";
import { webhooksForFile } from "../testing/webhooks";
import type { Hit } from "./testing";

const T0 = Date.parse("2026-12-01T09:00:00Z");
let hits: Hit[];
let url = "";
let db: TestDatabase;
webhooksForFile((made) => ({ hits, url, db } = made));

/** Every key of a JSON value, at any depth (values such as node ids are data, not keys). */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(keysOf)
    : v !== null && typeof v === "object"
      ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)])
      : [];

describe("every webhook event type", () => {
  it("is listed in the OpenAPI document's webhooks section with its payload schema, and the document is valid", async () => {
    const doc = openApiDocument();
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 800)).toEqual([]);
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENTS]);
    for (const type of WEBHOOK_EVENTS) {
      const post = (doc.webhooks[type] as any).post;
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      const schema = post.requestBody.content["application/json"].schema;
      expect(schema.properties.type.const).toBe(type);
      expect(schema.required).toEqual(["type", "timestamp", "data"]);
      expect(schema.properties.data.properties).toHaveProperty("plan_id");
      expect(
        Object.keys(schema.properties.data.properties).filter((k) => !/^[a-z][a-z0-9_]*$/.test(k)),
      ).toEqual([]);
    }
  });

  it("is delivered as registered, verified by the standardwebhooks library, in snake_case, as its schema says", async () => {
    const owner = await makeUser(db, "ev-owner");
    const reviewer = await makeUser(db, "ev-reviewer");
    const as = api(db.prisma, owner, { clock: fixedClock(T0) });
    const rev = api(db.prisma, reviewer, { clock: fixedClock(T0) });
    const made = await as("POST", "/api/plans", {
      name: "Every event",
      nodes: [
        { id: "scan", depends_on: [] },
        { id: "patch-X", depends_on: ["scan"] },
        { id: "publish", depends_on: ["patch-X"], needs_approval: true },
      ],
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const choices = (await as("GET", `/api/plans/${id}/webhooks`)).body.choices as string[];
    expect(choices).toEqual([...WEBHOOK_EVENTS]);
    const reg = await as("POST", `/api/plans/${id}/webhooks`, { url, events: choices });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);

    const step = async (r: Promise<{ status: number; body: any }>) => {
      const done = await r;
      expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
      return done.body;
    };
    const post = (path: string, body: unknown, who = as) =>
      step(who("POST", `/api/plans/${id}${path}`, body));
    await post("/outcomes", { node_id: "scan", status: "success", evidence_hash: "h1" });
    await post("/risks", {
      risk_id: "R1",
      severity: "low",
      affected_nodes: ["patch-X"],
      evidence_hash: "r1",
    });
    await post("/roles", { role: "authority", person: "ev-owner" });
    await post("/assignment", { kind: "authority", revision: 1, next_wave: ["patch-X"] });
    await post("/roles", { role: "approver", person: "ev-reviewer" });
    await step(rev("POST", "/api/invitations/accept", { kind: "plan", id, role: "approver" }));
    await post("/approvals", { revision: 1, next_wave: ["publish"] }, rev);
    await post("/approvals/withdraw", { revision: 1, next_wave: ["publish"] }, rev);
    await post("/checkpoints", { revision: 1, decision: "hold", rationale: "wait for the scan's review" });
    await post("/revisions", {
      parent: 1,
      rationale: "inspect first",
      evidence_refs: ["r1"],
      nodes: [
        { id: "scan", depends_on: [] },
        { id: "inspect", depends_on: ["scan"] },
        { id: "patch-X", depends_on: ["inspect"] },
      ],
    });
    const escalated = await post("/checkpoints", {
      revision: 2,
      decision: "escalate",
      rationale: "ask the table",
      council: { seats: ["a", "b", "c"].map(scriptedSeat) },
    });
    const councilId = escalated.escalation.council_id as number;
    // the Round Table ends with a person's ruling; the sweeper records it as advice, announced once
    await db.prisma.councilRuling.create({
      data: { councilId, choice: "hold", reason: "inspect first", byId: owner.userId, at: new Date(T0) },
    });
    await db.prisma.council.update({
      where: { id: councilId },
      data: { closedAt: new Date(T0), outcome: "escalated" },
    });
    expect(await sweepCheckpoints(db, T0 + 60_000)).toBe(1);

    // escalating holds a checkpoint too: ten deliveries in all
    const end = Date.now() + 30_000;
    while (hits.length < WEBHOOK_EVENTS.length + 1 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));

    const doc = openApiDocument();
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const receiverOf = new Webhook(reg.body.secret as string);
    const received = hits.map((h) => receiverOf.verify(h.body, h.headers as Record<string, string>) as any);
    expect(received.map((p) => p.type).sort()).toEqual([...WEBHOOK_EVENTS, "plan.checkpoint"].sort());
    for (const payload of received) {
      expect(
        keysOf(payload).filter((k) => !/^[a-z][a-z0-9_]*$/.test(k)),
        payload.type,
      ).toEqual([]);
      expect(payload.data.plan_id).toBe(id);
      const schema = (doc.webhooks[payload.type as keyof typeof doc.webhooks] as any).post.requestBody
        .content["application/json"].schema;
      const valid = ajv.validate(schema, payload);
      expect(valid, `${payload.type}: ${JSON.stringify(ajv.errors)} in ${JSON.stringify(payload)}`).toBe(
        true,
      );
    }
    const byType = Object.fromEntries(received.map((p) => [p.type, p.data]));
    const decisions = received.filter((p) => p.type === "plan.checkpoint").map((p) => p.data.decision);
    expect(decisions.sort()).toEqual(["escalate", "hold"]);
    expect(byType["plan.approval.withdrawn"]).toMatchObject({ next_wave: ["publish"], by: "ev-reviewer" });
    expect(byType["plan.escalated"]).toMatchObject({ council_id: councilId });
    expect(byType["plan.advice"]).toMatchObject({ option: "hold" });
  });
});
