// The doors of the foundation: the JSON API's floor and failures, OpenAPI, MCP whoami and schema errors, tRPC.
import { describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../actions/agents";
import { ANON } from "../identity";
import { api, callTool, mcpClient } from "../testing/doors";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { openApiDocument } from "./rest/openapi";
import { createCaller } from "./trpc";
import { fixedClock } from "../clock";
/** The moment every door in this file reads: a fixed clock, so the suite passes on any day. */
const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);

let db: TestDatabase;
databaseForFile((made) => (db = made));

describe("the JSON API", () => {
  it("GET /api/me answers for a guest, a person and an agent, privately", async () => {
    const guest = await api(db.prisma, ANON, { clock })("GET", "/api/me");
    expect(guest).toMatchObject({ status: 200, body: { kind: "anon" } });
    expect(guest.headers.get("cache-control")).toBe("private, no-store");
    expect(guest.headers.get("vary")).toContain("Authorization");
    const fay = await makeUser(db, "fay");
    expect((await api(db.prisma, fay, { clock })("GET", "/api/me")).body).toMatchObject({
      kind: "user",
      name: "fay",
      tier: "user",
    });
    const a = await createAgent(db.prisma, fay, { name: "bot-fay" });
    const agent = a.ok ? await whoForToken(db.prisma, a.value.token) : null;
    expect((await api(db.prisma, agent!, { clock })("GET", "/api/me")).body).toMatchObject({
      kind: "agent",
      name: "bot-fay",
      owner: { name: "fay" },
    });
  });

  it("a path matched once answers the same the next time: its other spellings, methods and neighbours too", async () => {
    // The router keeps the matches it made of paths without params; each of these asks twice, in turn.
    const call = api(db.prisma, ANON, { clock });
    for (let round = 0; round < 2; round++) {
      expect(await call("GET", "/api/me")).toMatchObject({ status: 200, body: { kind: "anon" } });
      expect(await call("GET", "/api/me/")).toMatchObject({ status: 200, body: { kind: "anon" } });
      expect(await call("POST", "/api/me")).toMatchObject({
        status: 404,
        body: { error: { code: "not_found", message: "POST is not something /api/me answers." } },
      });
      expect(await call("GET", "/api/mee")).toMatchObject({
        status: 404,
        body: { error: { code: "not_found" } },
      });
      // a path with params is matched afresh: its own id, not the last one's
      expect(await call("GET", "/api/plans/999999")).toMatchObject({ status: 404 });
      expect(await call("GET", "/api/plans/x")).toMatchObject({ status: 404 });
    }
  });

  it("unknown paths and non-digit ids are plain JSON 404s", async () => {
    const call = api(db.prisma, ANON, { clock });
    for (const path of ["/api/nowhere", "/api/agents/1e3/revoke", "/api/agents/1.0/revoke"]) {
      const r = await call(path.includes("revoke") ? "POST" : "GET", path);
      if (path.includes("revoke")) expect(r.body.error.code).toMatch(/signin_required|not_found/);
      else expect(r).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    }
    const gus = await makeUser(db, "gus");
    expect(await api(db.prisma, gus, { clock })("POST", "/api/agents/1e3/revoke")).toMatchObject({
      status: 404,
    });
    expect(await api(db.prisma, gus, { clock })("POST", "/api/agents/1.0/revoke")).toMatchObject({
      status: 404,
    });
    expect(await api(db.prisma, gus, { clock })("POST", "/api/agents/%E0/revoke")).toMatchObject({
      status: 404,
      body: { error: { code: "not_found" } },
    });
  });

  it("writes without identity are 401, a revoked token is 401, cross-origin writes are 403", async () => {
    expect(await api(db.prisma, ANON, { clock })("POST", "/api/agents", { name: "x" })).toMatchObject({
      status: 401,
      body: { error: { code: "signin_required" } },
    });
    expect(await api(db.prisma, ANON, { clock, badToken: true })("GET", "/api/me")).toMatchObject({
      status: 401,
    });
    const hal = await makeUser(db, "hal");
    const cross = await api(db.prisma, hal, { clock })(
      "POST",
      "/api/agents",
      { name: "x" },
      { origin: "https://evil.example" },
    );
    expect(cross).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const same = await api(db.prisma, hal, { clock })(
      "POST",
      "/api/agents",
      { name: "same-site" },
      { origin: "http://parley.test" },
    );
    expect(same.status).toBe(201);
  });

  it("bad JSON and oversized bodies are 422, never a 500", async () => {
    const ivy = await makeUser(db, "ivy");
    expect(await api(db.prisma, ivy, { clock })("POST", "/api/agents", "{not json")).toMatchObject({
      status: 422,
      body: { error: { code: "invalid" } },
    });
    const big = JSON.stringify({ name: "x".repeat(100_000) });
    expect(await api(db.prisma, ivy, { clock })("POST", "/api/agents", big)).toMatchObject({ status: 422 });
    expect(await api(db.prisma, ivy, { clock })("POST", "/api/agents", [1, 2])).toMatchObject({
      status: 422,
    });
  });

  it("rate-limits per identity with 429 and Retry-After", async () => {
    const jo = await makeUser(db, "jo");
    const call = api(db.prisma, jo, { clock });
    let limited: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 200 && !limited; i++) {
      const r = await call("POST", "/api/agents/999999/revoke");
      if (r.status === 429) limited = r;
    }
    expect(limited).not.toBeNull();
    expect(limited!.body.error.code).toBe("rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    // another identity is not held up by jo's flood
    expect(
      (await api(db.prisma, await makeUser(db, "kai"), { clock })("POST", "/api/agents/999999/revoke"))
        .status,
    ).toBe(404);
  });

  it("publishes an OpenAPI document from the same route table", () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/me");
    expect(
      (doc.paths["/api/agents"] as any).post.requestBody.content["application/json"].schema.properties.name,
    ).toBeTruthy();
  });
});

describe("MCP", () => {
  it("whoami answers as the agent; an unknown argument is isError with one sentence naming it", async () => {
    const lee = await makeUser(db, "lee");
    const a = await createAgent(db.prisma, lee, { name: "mcp-scout" });
    const agent = a.ok ? await whoForToken(db.prisma, a.value.token) : null;
    const client = await mcpClient(db.prisma, agent!, clock);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("whoami");
    const r = await callTool(client, "whoami");
    expect(r).toMatchObject({
      isError: false,
      json: { kind: "agent", name: "mcp-scout", owner: { name: "lee" } },
    });
    const bad = await callTool(client, "whoami", { verbose: true });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/unknown field: verbose/);
    const none = await callTool(client, "no_such_tool");
    expect(none).toMatchObject({ isError: true });
    await client.close();
  });
});

describe("tRPC", () => {
  it("maps a named failure to the matching tRPC code and keeps its name", async () => {
    const caller = createCaller({ db: db.prisma, who: ANON, clock });
    await expect(caller.identity.agents()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const may = await makeUser(db, "may");
    const own = createCaller({ db: db.prisma, who: may, clock });
    const created = await own.identity.createAgent({ name: "trpc-agent" });
    expect(created.token).toMatch(/^prl_/);
    await expect(own.identity.createAgent({ name: "trpc-agent" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await own.identity.me()).kind).toBe("user");
  });
});
