// Agents: created by people only, the token shown once and stored hashed, revocation ends it at once.
import { describe, expect, it } from "vitest";
import { ANON } from "../identity";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { hashToken } from "../tokens";
import { createAgent, listAgents, revokeAgent, whoForToken } from "./agents";
import { me } from "./me";

let db: TestDatabase;
databaseForFile((made) => (db = made));

describe("agent identities", () => {
  it("a person creates an agent; the token works once created and is kept only as a hash", async () => {
    const ada = await makeUser(db, "ada");
    const r = await createAgent(db.prisma, ada, { name: "scout" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.token).toMatch(/^prl_/);
    const row = await db.prisma.agent.findUniqueOrThrow({ where: { id: r.value.id } });
    expect(row.tokenHash).toBe(hashToken(r.value.token));
    expect(JSON.stringify(row)).not.toContain(r.value.token);
    const who = await whoForToken(db.prisma, r.value.token);
    expect(who).toMatchObject({ kind: "agent", name: "scout", ownerId: ada.userId });
    const answer = await me(db.prisma, who!);
    expect(answer).toMatchObject({
      ok: true,
      value: { kind: "agent", name: "scout", owner: { name: "ada" } },
    });
    const list = await listAgents(db.prisma, ada);
    expect(list.ok && list.value.map((a) => a.name)).toEqual(["scout"]);
    expect(JSON.stringify(list)).not.toContain(r.value.token);
  });

  it("refuses guests, agents, duplicate names and bad names by name", async () => {
    const bo = await makeUser(db, "bo");
    expect(await createAgent(db.prisma, ANON, { name: "x1" })).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    const a = await createAgent(db.prisma, bo, { name: "twin" });
    expect(await createAgent(db.prisma, bo, { name: "twin" })).toMatchObject({ ok: false, code: "conflict" });
    const agentWho = a.ok ? await whoForToken(db.prisma, a.value.token) : null;
    expect(await createAgent(db.prisma, agentWho!, { name: "child" })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await createAgent(db.prisma, bo, { name: "" })).toMatchObject({ ok: false, code: "invalid" });
    expect(await createAgent(db.prisma, bo, { name: "ok", extra: 1 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await createAgent(db.prisma, bo, null)).toMatchObject({ ok: false, code: "invalid" });
  });

  it("revoking a token ends it at once; only the owner can revoke", async () => {
    const cy = await makeUser(db, "cy");
    const di = await makeUser(db, "di");
    const a = await createAgent(db.prisma, cy, { name: "runner" });
    if (!a.ok) throw new Error(a.message);
    expect(await revokeAgent(db.prisma, di, { id: a.value.id })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await revokeAgent(db.prisma, cy, { id: "1e3" })).toMatchObject({ ok: false, code: "not_found" });
    expect(await revokeAgent(db.prisma, cy, { id: a.value.id })).toMatchObject({ ok: true });
    expect(await whoForToken(db.prisma, a.value.token)).toBeNull();
    expect(await revokeAgent(db.prisma, cy, { id: a.value.id })).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await whoForToken(db.prisma, "prl_nonsense")).toBeNull();
    expect(await whoForToken(db.prisma, "nonsense")).toBeNull();
  });

  it("creating an agent writes an event to the owner's private topic in the same transaction", async () => {
    const ed = await makeUser(db, "ed");
    await createAgent(db.prisma, ed, { name: "herald" });
    const events = await db.prisma.event.findMany({ where: { topic: `user:${ed.userId}` } });
    expect(events.map((e) => e.type)).toEqual(["agent.created"]);
  });
});
