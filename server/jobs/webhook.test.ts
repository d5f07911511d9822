// A plan's webhooks against a real receiver started here (node:http) that verifies each delivery with the Standard
// Webhooks library as published (standardwebhooks, unmodified): an outcome's event arrives as the type registered,
// in snake_case; the receiver fails twice and then takes it, and every attempt carries the same webhook-id and a
// valid signature; the log shows each attempt; resend sends the same id again; a rotated secret signs from then on and
// the old one no longer verifies. Private and loopback addresses are refused unless allowed; an event type is named
// as it is delivered; only the owner registers, rotates or reads them.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { ANON, type Who } from "../identity";
import { until } from "../live/testkit";
import { makeUser, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import { receivingWebhooks, type Hit } from "./testing";

const T0 = Date.parse("2026-12-01T09:00:00Z");
let hits: Hit[];
let fail = 0;
let url = "";
let db: TestDatabase;
let webhooks: Awaited<ReturnType<typeof receivingWebhooks>>;
let owner: Who & { kind: "user" };
let planId: number;

beforeAll(async () => {
  webhooks = await receivingWebhooks({ status: () => (fail > 0 ? (fail--, 503) : 200), allowPrivate: false });
  ({ hits, url, db } = webhooks);
  await webhooks.queue.boss.updateQueue("webhook", {
    name: "webhook",
    retryDelay: 1,
    retryBackoff: false,
  } as never);
  owner = await makeUser(db, "wh-owner");
  const as = api(db.prisma, owner, { clock: fixedClock(T0) });
  const made = await as("POST", "/api/plans", {
    name: "Hooked",
    nodes: [{ id: "a" }, { id: "b", depends_on: ["a"] }],
  });
  expect(made.status).toBe(201);
  planId = made.body.id;
});
afterAll(() => webhooks?.close());

describe("a plan's webhooks", () => {
  it("refuse a loopback or private address unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on, and anything but http(s)", async () => {
    const as = api(db.prisma, owner, { clock: fixedClock(T0) });
    for (const u of [url, "http://10.1.2.3/x", "http://[::1]:9/x", "http://localhost:9/x"]) {
      const r = await as("POST", `/api/plans/${planId}/webhooks`, { url: u, events: ["plan.checkpoint"] });
      expect(r.status, u).toBe(422);
      expect(r.body.error.message).toMatch(
        /webhooks reach only public addresses unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on\.$/,
      );
    }
    const ftp = await as("POST", `/api/plans/${planId}/webhooks`, {
      url: "ftp://example.test/",
      events: ["plan.checkpoint"],
    });
    expect(ftp.body.error.message).toBe("A webhook's URL is http:// or https://.");
    const bad = await as("POST", `/api/plans/${planId}/webhooks`, {
      url: "https://example.test/",
      events: ["nope"],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toContain(
      '"nope" is not an event type: one of plan.checkpoint, plan.revised,',
    );
  });

  it("are registered by the event types' delivered names: a name without its plan. is pointed at the one it means", async () => {
    const as = api(db.prisma, owner, { clock: fixedClock(T0) });
    const old = await as("POST", `/api/plans/${planId}/webhooks`, {
      url: "https://example.test/",
      events: ["plan.checkpoint", "outcome"],
    });
    expect(old.status).toBe(422);
    expect(old.body.error.message).toBe(
      '"events.1": "outcome" is not an event type: did you mean "plan.outcome"? Event types are named as they are delivered.',
    );
    const listed = await as("GET", `/api/plans/${planId}/webhooks`);
    expect(listed.body.choices).toContain("plan.approval.withdrawn");
    expect(listed.body.choices.every((c: string) => c.startsWith("plan."))).toBe(true);
  });

  it("are the owner's: another person and a guest are refused", async () => {
    process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE = "on";
    const other = await makeUser(db, "wh-other");
    const as = api(db.prisma, owner, { clock: fixedClock(T0) });
    const hidden = await api(db.prisma, other, { clock: fixedClock(T0) })(
      "GET",
      `/api/plans/${planId}/webhooks`,
    );
    expect(hidden.status).toBe(404); // a plan they may not read does not exist for them
    expect((await as("POST", `/api/plans/${planId}/settings`, { visibility: "public" })).status).toBe(200);
    const r = await api(db.prisma, other, { clock: fixedClock(T0) })(
      "POST",
      `/api/plans/${planId}/webhooks`,
      {
        url,
        events: ["plan.checkpoint"],
      },
    );
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(
      "Only the plan's owner, wh-owner, registers its webhooks and reads their deliveries.",
    );
    const g = await api(db.prisma, ANON, { clock: fixedClock(T0) })("GET", `/api/plans/${planId}/webhooks`);
    expect(g.status).toBe(401);
  });

  it("deliver an event as Standard Webhooks: verified by its library, retried after two failures with the same id, logged, resent, re-signed after a rotation", async () => {
    process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE = "on";
    const as = api(db.prisma, owner, { clock: fixedClock(T0) });
    const reg = await as("POST", `/api/plans/${planId}/webhooks`, {
      url,
      events: ["plan.checkpoint", "plan.outcome"],
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const secret = reg.body.secret as string;
    // 32 random bytes, whsec_ + base64: what Standard Webhooks libraries take
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // the secret is never shown again
    const listed = await as("GET", `/api/plans/${planId}/webhooks`);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.webhooks[0]).toMatchObject({
      events: ["plan.checkpoint", "plan.outcome"],
      secret_outdated: false,
    });

    fail = 2;
    expect(
      (
        await as("POST", `/api/plans/${planId}/outcomes`, {
          node_id: "a",
          status: "success",
          evidence_hash: "e1",
        })
      ).status,
    ).toBe(201);
    await until(() => hits.length >= 3);
    const first = hits.slice(0, 3);
    const receiverOf = new Webhook(secret);
    const verified = first.map((h) => receiverOf.verify(h.body, h.headers as Record<string, string>));
    expect(new Set(first.map((h) => h.headers["webhook-id"])).size).toBe(1);
    const id = first[0]!.headers["webhook-id"] as string;
    expect(id).toMatch(/^dlv_[0-9a-f-]{36}$/);
    for (const h of first) {
      expect(h.headers["webhook-timestamp"]).toMatch(/^\d+$/);
      expect(h.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(Object.keys(h.headers).filter((k) => k.startsWith("parley-"))).toEqual([]);
      // a byte changed is refused: the signature covers the body
      expect(() =>
        receiverOf.verify(h.body.replace('"a"', '"b"'), h.headers as Record<string, string>),
      ).toThrow("No matching signature found");
    }
    // the payload: the type registered, the event's time (the same on every attempt), its data in snake_case
    expect(verified[0]).toEqual(verified[2]);
    expect(verified[2]).toEqual({
      type: "plan.outcome",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { plan_id: planId, revision: 1, node_ids: ["a"], count: 1 },
    });
    // the receiver has the third POST before the worker writes its attempt: wait for the log to show it
    const logged = async () =>
      (await as("GET", `/api/plans/${planId}/webhooks`)).body.webhooks[0].deliveries[0];
    await until(async () => (await logged()).attempts.length >= 3);
    const log = await logged();
    expect(log).toMatchObject({ id, event: "plan.outcome", delivered: true });
    expect(log.attempts.map((a: { status: number }) => a.status)).toEqual([503, 503, 200]);

    const again = await as("POST", `/api/plans/${planId}/webhooks/resend`, { delivery: log.id });
    expect(again.status).toBe(200);
    await until(() => hits.length >= 4);
    expect(hits[3]!.headers["webhook-id"]).toBe(id);
    expect(receiverOf.verify(hits[3]!.body, hits[3]!.headers as Record<string, string>)).toEqual(verified[2]);

    // a rotation: the new secret is shown once, signs the next attempt; the old one verifies nothing more
    const rotated = await as("POST", `/api/plans/${planId}/webhooks/rotate`, { webhook: reg.body.id });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(secret);
    expect(JSON.stringify((await as("GET", `/api/plans/${planId}/webhooks`)).body)).not.toContain(fresh);
    await as("POST", `/api/plans/${planId}/webhooks/resend`, { delivery: log.id });
    await until(() => hits.length >= 5);
    const fifth = hits[4]!.headers as Record<string, string>;
    expect(new Webhook(fresh).verify(hits[4]!.body, fifth)).toEqual(verified[2]);
    expect(() => receiverOf.verify(hits[4]!.body, fifth)).toThrow("No matching signature found");

    // a webhook that does not want an event gets none of it; a removed one gets nothing more
    const rm = await as("POST", `/api/plans/${planId}/webhooks/remove`, { webhook: reg.body.id });
    expect(rm.status).toBe(200);
    await as("POST", `/api/plans/${planId}/outcomes`, {
      node_id: "b",
      status: "success",
      evidence_hash: "e2",
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(hits).toHaveLength(5);
    const gone = await as("POST", `/api/plans/${planId}/webhooks/rotate`, { webhook: reg.body.id });
    expect(gone.status).toBe(404);
  });
});
