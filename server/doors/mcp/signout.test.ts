// A token revoked while an MCP long poll waits (shared/spec/access.md: "the long poll answers 401"): through the SDK's
// own Client, a wait_for_turn whose agent is revoked mid-wait ends as a bad token at the start of a request does —
// HTTP 401 with the Bearer challenge naming the error, Parley's sentence and the endpoint's protected-resource
// metadata — never as a tool result, and never the seat's view when the wait would have ended.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent, revokeAgent } from "../../actions/agents";
import { servePlain } from "../../fast/lane";
import { jsonRpcCalls, plainDoor } from "../../http/door";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { listening, whoByBearer, type Listening } from "../../testing/served";
import { mcpAnswer } from "./server";

const SAVED_URL = process.env.PARLEY_URL;
let db: TestDatabase;
let server: Listening;
let base = "";

beforeAll(async () => {
  db = await testDatabase();
  // As server/doors/http.ts declares the MCP door, on this test's database: the bearer token says who acts.
  const mcp = plainDoor((a) => mcpAnswer(a, () => Date.now()), {
    db: db.prisma,
    resolveWho: whoByBearer,
    calls: jsonRpcCalls,
  });
  server = await listening((req, res) => servePlain(mcp, req, res));
  base = server.base;
  vi.stubEnv("PARLEY_URL", base);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  if (SAVED_URL !== undefined) process.env.PARLEY_URL = SAVED_URL;
  await server?.close();
  await db?.drop();
});

describe("a token revoked during wait_for_turn", () => {
  it("ends the wait as HTTP 401 with the Bearer challenge, as a bad token at the start does", async () => {
    const owner = await makeUser(db, "signout-owner");
    const made = await createAgent(db.prisma, owner, { name: "signout-waiter" });
    if (!made.ok) throw new Error(made.message);
    /** Every answer's status and challenge, as the SDK's transport received them. */
    const answers: { status: number; challenge: string | null; type: string | null }[] = [];
    const client = new Client({ name: "signout-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp/tables`), {
        requestInit: { headers: { authorization: `Bearer ${made.value.token}` } },
        fetch: async (url, init) => {
          const r = await fetch(url, init);
          answers.push({
            status: r.status,
            challenge: r.headers.get("www-authenticate"),
            type: r.headers.get("content-type"),
          });
          return r;
        },
      }),
    );
    try {
      const opened = await client.callTool({
        name: "open_table",
        arguments: { title: "A table nobody starts", seats_max: 4 },
      });
      expect(opened.isError).toBeFalsy();
      const { id } = opened.structuredContent as { id: number };
      // The table is open and never starts: the wait would run its whole 20 s and answer the seat's view.
      const waiting = client.callTool({
        name: "wait_for_turn",
        arguments: { table_id: id, timeout_ms: 20_000 },
      });
      const failed = waiting.then(
        () => null,
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 700)); // mid-wait
      const revoked = await revokeAgent(db.prisma, owner, { id: made.value.id });
      expect(revoked.ok).toBe(true);
      const e = await failed;
      expect(e).toBeInstanceOf(StreamableHTTPError);
      expect((e as StreamableHTTPError).code).toBe(401);
      expect((e as Error).message).toContain("That bearer token was revoked.");
      const last = answers.at(-1)!;
      expect(last.status).toBe(401);
      expect(last.type).toContain("application/json");
      expect(last.challenge).toBe(
        `Bearer realm="parley", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp/tables", ` +
          `error="invalid_token", error_description="That bearer token was revoked."`,
      );
      // The next request is refused at the door, by the same challenge's error.
      await expect(client.listTools()).rejects.toMatchObject({ code: 401 });
      expect(answers.at(-1)!.challenge).toContain('error="invalid_token"');
    } finally {
      await client.close();
    }
  }, 30_000);
});
