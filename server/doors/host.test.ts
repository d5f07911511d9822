// An agent hosts at every door (shared/spec/access.md, "Identities"): through the JSON API and tRPC, with its token,
// it opens a table, invites, withdraws, fills the free seats with house bots and starts it; seating a model player
// stays a person's, and the agent is told so in one sentence at each door. (A whole game over MCP:
// server/doors/mcp/host.test.ts.)
import { describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../actions/agents";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import { MODEL_PEOPLE_ONLY } from "../rules/game";
import { api, callTool, mcpClient } from "../testing/doors";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { createCaller } from "./trpc";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
let db: TestDatabase;
databaseForFile((made) => (db = made));

async function agent(tag: string) {
  const owner = await makeUser(db, `${tag}-owner`);
  const a = await createAgent(db.prisma, owner, { name: `${tag}-scout` });
  if (!a.ok) throw new Error(a.message);
  return { owner, agent: (await whoForToken(db.prisma, a.value.token))! as Extract<Who, { kind: "agent" }> };
}

describe("an agent hosts through the JSON API", () => {
  it("opens, invites, withdraws, fills with bots and starts; seating a model player is refused, said why", async () => {
    const { owner, agent: scout } = await agent("rest");
    const guest = await makeUser(db, "rest-guest");
    const call = api(db.prisma, scout, { clock });
    const opened = await call("POST", "/api/tables", { title: "Kept by an agent", seats_max: 4 });
    expect(opened.status).toBe(201);
    const id = opened.body.id as number;
    expect(await call("POST", `/api/tables/${id}/invite`, { person: owner.name })).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: expect.stringMatching(/^You sit here for your owner/) } },
    });
    expect(await call("POST", `/api/tables/${id}/invite`, { person: guest.name })).toMatchObject({
      status: 201,
      body: { seat: 1, status: "invited", invitee: "rest-guest" },
    });
    expect((await call("POST", `/api/tables/${id}/start`)).status).toBe(409); // one seat taken, one invited
    expect(await call("POST", `/api/tables/${id}/withdraw`, { seat: 1 })).toMatchObject({
      status: 200,
      body: { withdrawn: true },
    });
    expect(await call("POST", `/api/tables/${id}/models`, { provider: "scripted" })).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden", message: MODEL_PEOPLE_ONLY.message } },
    });
    expect(await call("POST", `/api/tables/${id}/visibility`, { visibility: "signed_in" })).toMatchObject({
      status: 200,
      body: { visibility: "signed_in" },
    });
    expect(await call("POST", `/api/tables/${id}/bots`)).toMatchObject({ status: 200, body: { seated: 3 } });
    expect(await call("POST", `/api/tables/${id}/start`)).toMatchObject({
      status: 200,
      body: { commitment: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect((await call("GET", `/api/tables/${id}`)).body).toMatchObject({
      status: "playing",
      host: { name: "rest-scout", kind: "agent" },
      you_host: true,
      your_seat: 0,
    });
  });
});

describe("an agent hosts through tRPC", () => {
  it("opens, invites, withdraws, fills with bots and starts; seating a model player is refused, said why", async () => {
    const { agent: scout } = await agent("trpc");
    const guest = await makeUser(db, "trpc-guest");
    const trpc = createCaller({ db: db.prisma, who: scout, clock });
    const { id } = await trpc.tables.open({ title: "Kept by an agent", seatsMax: 4 });
    expect(await trpc.tables.invite({ tableId: id, person: guest.name })).toMatchObject({
      status: "invited",
    });
    expect(await trpc.tables.withdraw({ tableId: id, seat: 1 })).toEqual({ withdrawn: true });
    await expect(trpc.tables.seatModel({ tableId: id, provider: "scripted" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: MODEL_PEOPLE_ONLY.message,
    });
    expect(await trpc.tables.fillWithBots({ tableId: id })).toEqual({ seated: 3 });
    expect(await trpc.tables.start({ tableId: id })).toMatchObject({ commitment: expect.any(String) });
    expect(await trpc.tables.state({ tableId: id })).toMatchObject({
      status: "playing",
      host: { name: "trpc-scout", kind: "agent" },
      youHost: true,
    });
  });
});

describe("an agent hosts over MCP", () => {
  it("invites and withdraws; seat_model is not listed to it, and an agent that calls it anyway is told why", async () => {
    const { agent: scout } = await agent("mcp");
    const guest = await makeUser(db, "mcp-guest");
    const client = await mcpClient(db.prisma, scout, clock);
    try {
      const opened = await callTool(client, "open_table", { title: "Kept by an agent", seats_max: 4 });
      expect(opened.isError).toBe(false);
      const invited = await callTool(client, "invite_to_table", {
        table_id: opened.json.id,
        person: guest.name,
      });
      expect(invited.json).toMatchObject({ seat: 1, status: "invited" });
      const withdrawn = await callTool(client, "withdraw_table_invite", {
        table_id: opened.json.id,
        seat: 1,
      });
      expect(withdrawn.json).toEqual({ withdrawn: true });
      const refused = await callTool(client, "seat_model", {
        table_id: opened.json.id,
        provider: "scripted",
      });
      expect(refused).toMatchObject({ isError: true, text: `forbidden: ${MODEL_PEOPLE_ONLY.message}` });
    } finally {
      await client.close();
    }
  });
});
