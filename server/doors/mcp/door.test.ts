// The MCP door as the fast lane serves it, on a real node:http server and through the SDK's own Client: the floor
// reads the body once and the transport is handed that reading beside a Request made without one, so a call, a
// batch and text that is not JSON all still get the transport's own answers; a GET, asking for a stream a stateless
// server has nothing to send on, is answered 405, and the SDK's Client then stops asking; so is any other method but
// POST and DELETE.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { jsonRpcCalls, plainDoor } from "../../http/door";
import type { Who } from "../../identity";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { servePlain } from "../../fast/lane";
import { mcpAnswer } from "./server";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
let db: TestDatabase;
let person: Who;
let server: Server;
let url = "";
/** Each request's method, as the server took it. */
const methods: string[] = [];

beforeAll(async () => {
  db = await testDatabase();
  person = await makeUser(db, "mcp-door-person");
  // As server/doors/http.ts declares mcpDoor, with this test's database and person.
  const mcp = plainDoor((a) => mcpAnswer(a, clock), {
    db: db.prisma,
    resolveWho: () => ({ who: person, badToken: false }),
    calls: jsonRpcCalls,
  });
  server = createServer((req, res) => {
    methods.push(req.method ?? "");
    servePlain(mcp, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://localhost:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.drop();
});

const post = (body: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body,
  });

describe("the MCP door over node:http", () => {
  it("answers the SDK's Client: its tools, a call, one sentence for arguments that are not an object", async () => {
    const client = new Client({ name: "door-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("whoami");
      const me = (await client.callTool({ name: "whoami", arguments: {} })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      expect(me.isError).toBeFalsy();
      expect(me.content[0]!.text).toContain("mcp-door-person");
    } finally {
      await client.close();
    }
    const r = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "whoami", arguments: 5 },
      }),
    );
    const answer = (await r.json()) as {
      id: number;
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(answer.id).toBe(7);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0]!.text).toMatch(/arguments must be an object/);
  });

  it("answers a batch message by message", async () => {
    const r = await post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "whoami", arguments: {} } },
      ]),
    );
    expect(r.status).toBe(200);
    const answers = (await r.json()) as { id: number; result: unknown }[];
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2]);
    expect(JSON.stringify(answers.find((a) => a.id === 2)!.result)).toContain("mcp-door-person");
  });

  it("answers text that is not JSON, and an empty body, with JSON-RPC's parse error", async () => {
    for (const body of ["{not json", ""]) {
      const r = await post(body);
      expect(r.status, body).toBe(400);
      expect(((await r.json()) as { error: { code: number } }).error.code).toBe(-32700);
    }
  });

  it("answers a DELETE, which ends a session a stateless server never opened, 200 with nothing to say", async () => {
    const r = await fetch(url, { method: "DELETE", headers: { "mcp-protocol-version": "2025-06-18" } });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("");
    expect(r.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers any other method but POST and DELETE 405, TRACE too, which no web Request can carry", async () => {
    const ask = (method: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = request(url, { method }, (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (d: string) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on("error", reject).end();
      });
    for (const method of ["TRACE", "PUT", "PATCH", "OPTIONS"]) {
      const { status, headers, body } = await ask(method);
      expect(status, method).toBe(405);
      expect(headers.allow, method).toBe("POST, DELETE");
      expect(headers["cache-control"], method).toBe("private, no-store");
      expect((JSON.parse(body) as { error: { message: string } }).error.message).toBe(
        `This server takes messages by POST (and DELETE), not ${method}.`,
      );
    }
  });

  it("answers a GET 405 with the methods it takes: a stateless server has no stream to offer", async () => {
    const r = await fetch(url, { headers: { accept: "text/event-stream" } });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST, DELETE");
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/no stream/);
  });

  it("the SDK's Client asks for the stream once, then only posts its calls (it re-asked every second)", async () => {
    methods.length = 0;
    const client = new Client({ name: "door-test-idle", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      // The Client's retries of a stream that ended came about a second apart: three would have come by now.
      await new Promise((r) => setTimeout(r, 2_300));
      const me = (await client.callTool({ name: "whoami", arguments: {} })) as { isError?: boolean };
      expect(me.isError).toBeFalsy();
      expect(methods.filter((m) => m === "GET")).toHaveLength(1);
      expect(methods.filter((m) => m === "POST")).toHaveLength(3); // initialize, initialized, the call
    } finally {
      await client.close();
    }
  });
});
