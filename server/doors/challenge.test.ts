// A refusal a client can show (issue 48 point 4): on a real node:http server, the JSON API and MCP answer a bad or
// revoked token with 401 and `WWW-Authenticate: Bearer error="invalid_token"` carrying Parley's sentence, and a
// write with no token at all with 401 and a bare Bearer challenge (RFC 6750 §3.1) — MCP's too, as HTTP, not as a
// tool result; reads stay open to guests. The MCP side is driven through the SDK's own Client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, revokeAgent } from "../actions/agents";
import { fixedClock } from "../clock";
import { servePlain } from "../fast/lane";
import { jsonRpcCalls, plainDoor } from "../http/door";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { MCP_HEADERS, toolCall } from "../testing/doors";
import { listening, whoByBearer, type Listening } from "../testing/served";
import { mcpAnswer } from "./mcp/server";
import { dispatch } from "./rest/dispatch";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
let db: TestDatabase;
let server: Listening;
let base = "";
let live = "";
let revoked = "";

// Where a client finds the way in (RFC 9728 §5.1): /mcp's protected-resource metadata, at PARLEY_URL (unset here).
const METADATA = 'resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp"';
const BARE = `Bearer realm="parley", ${METADATA}`;
const INVALID = `Bearer realm="parley", ${METADATA}, error="invalid_token", error_description="That bearer token is unknown or revoked."`;

beforeAll(async () => {
  db = await testDatabase();
  const owner = await makeUser(db, "challenge-owner");
  const a = await createAgent(db.prisma, owner, { name: "challenge-live" });
  const b = await createAgent(db.prisma, owner, { name: "challenge-revoked" });
  if (!a.ok || !b.ok) throw new Error("agents not made");
  live = a.value.token;
  revoked = b.value.token;
  expect((await revokeAgent(db.prisma, owner, { id: b.value.id })).ok).toBe(true);
  // As server/auth.ts reads a bearer token, on this test's database.
  const resolveWho = whoByBearer;
  const mcp = plainDoor((x) => mcpAnswer(x, clock), { db: db.prisma, resolveWho, calls: jsonRpcCalls });
  const rest = plainDoor((x) => dispatch(x, clock), { db: db.prisma, resolveWho });
  server = await listening((req, res) => servePlain(req.url?.startsWith("/mcp") ? mcp : rest, req, res));
  base = server.base;
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

const bearer = (token?: string): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

const post = (path: string, body: unknown, token?: string) =>
  fetch(base + path, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...bearer(token) },
    body: JSON.stringify(body),
  });

describe("the JSON API's 401s", () => {
  it("a write with no token: 401, a bare Bearer challenge, the sentence in the body", async () => {
    const r = await post("/api/tables", { title: "Challenge table" });
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toBe(BARE);
    expect(await r.json()).toEqual({
      error: { code: "signin_required", message: "Sign in (or send an agent's bearer token) to do this." },
    });
  });

  it("a bad or a revoked token, on a write and a read alike: invalid_token with Parley's sentence", async () => {
    for (const token of ["pk_not-a-token", revoked]) {
      for (const r of [
        await post("/api/tables", { title: "Challenge table" }, token),
        await fetch(`${base}/api/tables`, { headers: bearer(token) }),
      ]) {
        expect(r.status).toBe(401);
        expect(r.headers.get("www-authenticate")).toBe(INVALID);
        expect(((await r.json()) as { error: { message: string } }).error.message).toBe(
          "That bearer token is unknown or revoked.",
        );
      }
    }
  });

  it("a read without a token stays open to guests; a live token writes", async () => {
    const read = await fetch(`${base}/api/tables`);
    expect(read.status).toBe(200);
    expect(read.headers.get("www-authenticate")).toBeNull();
    const opened = await post("/api/tables", { title: "Challenge table" }, live);
    expect(opened.status).toBe(201);
  });
});

describe("MCP's 401s", () => {
  it("a guest's write is HTTP 401 with the bare challenge, not a tool result; its read is answered", async () => {
    const r = await post("/mcp", toolCall("open_table", { title: "Challenge table" }));
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toBe(BARE);
    const guest = new Client({ name: "challenge-guest", version: "1.0.0" });
    await guest.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      const listed = await guest.callTool({ name: "list_tables", arguments: {} });
      expect(listed.isError).toBeFalsy();
      await expect(
        guest.callTool({ name: "open_table", arguments: { title: "Challenge table" } }),
      ).rejects.toMatchObject({ code: 401 });
    } finally {
      await guest.close();
    }
  });

  it("a bad or revoked token is refused before the protocol, with Parley's sentence in the challenge", async () => {
    for (const token of ["pk_not-a-token", revoked]) {
      const r = await post("/mcp", toolCall("list_tables", {}), token);
      expect(r.status).toBe(401);
      expect(r.headers.get("www-authenticate")).toBe(INVALID);
      const client = new Client({ name: "challenge-bad", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: bearer(token) },
      });
      await expect(client.connect(transport)).rejects.toThrow(/unknown or revoked/);
    }
  });

  it("names the metadata of the endpoint asked, so a client at /mcp/tables asks a token for /mcp/tables", async () => {
    const tables =
      'resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp/tables"';
    const guest = await post("/mcp/tables", toolCall("open_table", { title: "Challenge table" }));
    expect(guest.status).toBe(401);
    expect(guest.headers.get("www-authenticate")).toBe(`Bearer realm="parley", ${tables}`);
    const bad = await post("/mcp/tables", toolCall("list_tables", {}), "pk_not-a-token");
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toBe(INVALID.replace(METADATA, tables));
  });

  it("a live token's write is a tool result", async () => {
    const client = new Client({ name: "challenge-live", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: bearer(live) } }),
    );
    try {
      const r = await client.callTool({ name: "open_table", arguments: { title: "Challenge table" } });
      expect(r.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
