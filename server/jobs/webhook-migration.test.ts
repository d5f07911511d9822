// What the move to Standard Webhooks does to a webhook registered before it (its migration's updates, run on rows
// written the old way): its event types and its deliveries' take the names delivered (outcome → plan.outcome); its
// secret, shown as whsec_ + base64url (which the standardwebhooks library refuses), keeps its bytes, rewritten in
// base64, and is flagged for rotation. A stored delivery resent to a real receiver then verifies with the old string
// written with + for - and / for _, in snake_case; a rotation gives a new secret and clears the flag.
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { makeUser, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import { webhooksForFile } from "../testing/webhooks";
import type { Hit } from "./testing";

const T0 = Date.parse("2026-12-01T09:00:00Z");
let hits: Hit[];
let url = "";
let db: TestDatabase;
webhooksForFile((made) => ({ hits, url, db } = made));

/** The migration's updates, as they ran on webhooks registered before it (everything after its ALTER TABLE). */
function updates(): string {
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  const name = fs.readdirSync(dir).find((d) => d.endsWith("_standard_webhooks"))!;
  const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
  return sql.slice(sql.indexOf("UPDATE"));
}

describe("a webhook registered before Standard Webhooks", () => {
  it("keeps its secret's bytes, flagged for rotation, and takes the delivered names for its event types", async () => {
    const owner = await makeUser(db, "mig-owner");
    const as = api(db.prisma, owner, { clock: fixedClock(T0) });
    const planId = (await as("POST", "/api/plans", { name: "Old hook", nodes: [{ id: "a" }] })).body
      .id as number;
    // as the old code made it: 24 random bytes in base64url (these end in -_-_, which base64 writes +/+/)
    const old = `whsec_${Buffer.concat([randomBytes(21), Buffer.from([0xfb, 0xff, 0xbf])]).toString("base64url")}`;
    expect(old).toMatch(/-_-_$/);
    expect(() => new Webhook(old)).toThrow(/incorrect characters/);
    const hook = await db.prisma.webhook.create({
      data: { planId, url, events: ["checkpoint", "outcome"], secret: old, createdAt: new Date(T0) },
    });
    await db.prisma.webhookDelivery.create({
      data: {
        id: "dlv_from_before",
        webhookId: hook.id,
        event: "outcome",
        payload: { planId, revision: 1, nodeIds: ["a"], count: 1 },
        createdAt: new Date(T0),
      },
    });

    await db.sql.exec(updates());

    const rewritten = old
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .replace(/^whsec\//, "whsec_");
    const row = await db.prisma.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(row).toMatchObject({
      events: ["plan.checkpoint", "plan.outcome"],
      secret: rewritten,
      secretOutdated: true,
    });
    expect(Buffer.from(row.secret.slice(6), "base64")).toEqual(Buffer.from(old.slice(6), "base64url"));
    const listed = (await as("GET", `/api/plans/${planId}/webhooks`)).body.webhooks[0];
    expect(listed).toMatchObject({ secret_outdated: true, events: ["plan.checkpoint", "plan.outcome"] });
    expect(listed.deliveries[0]).toMatchObject({ id: "dlv_from_before", event: "plan.outcome" });

    // the stored delivery, resent: its type as registered, its old payload in snake_case, verified
    expect(
      (await as("POST", `/api/plans/${planId}/webhooks/resend`, { delivery: "dlv_from_before" })).status,
    ).toBe(200);
    const end = Date.now() + 20_000;
    while (hits.length < 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const hit = hits[0]!;
    expect(hit.headers["webhook-id"]).toBe("dlv_from_before");
    expect(new Webhook(rewritten).verify(hit.body, hit.headers as Record<string, string>)).toEqual({
      type: "plan.outcome",
      timestamp: new Date(T0).toISOString(),
      data: { plan_id: planId, revision: 1, node_ids: ["a"], count: 1 },
    });

    const rotated = await as("POST", `/api/plans/${planId}/webhooks/rotate`, { webhook: hook.id });
    expect(rotated.body.secret).not.toBe(rewritten);
    expect((await as("GET", `/api/plans/${planId}/webhooks`)).body.webhooks[0].secret_outdated).toBe(false);
  });
});
