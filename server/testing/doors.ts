// Helpers to drive the doors in-process: the JSON API through its dispatcher, MCP through a real SDK client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Clock } from "../clock";
import type { Db } from "../db";
import { dispatch } from "../doors/rest/dispatch";
import { plainDoor, webDoor } from "../http/door";
import { handleMcp } from "../doors/mcp/server";
import { endpointOf } from "../doors/mcp/tools";
import { handleTrpc } from "../doors/trpc/http";
import { identityKey, type Who } from "../identity";

export const BASE = "http://parley.test";

/** The headers an MCP client posts with: a JSON body, and either a JSON or a streamed answer accepted. */
export const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

/** One MCP tool call as JSON-RPC, as a client posts it. */
export const toolCall = (name: string, args: unknown) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name, arguments: args },
});

/** The JSON API as `who`; pass `clock` when the test's data is dated (a fixture's T0), so the door reads that time. */
export function api(db: Db, who: Who, opts: { clock: Clock; badToken?: boolean }) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const req = new Request(BASE + path, {
      method,
      headers: {
        host: "parley.test",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const res = await webDoor(
      plainDoor((a) => dispatch(a, opts.clock), {
        db,
        resolveWho: async () => ({ who, badToken: !!opts.badToken }),
        allowedHosts: ["parley.test"],
      }),
    )(req);
    // The body's text as the door wrote it (byte for byte), and parsed: res.json() would throw where JSON.parse does.
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as any };
  };
}

/**
 * An MCP client connected to an MCP endpoint in-process (`/mcp` unless told), acting as `who`; `clock` is the time
 * the door reads (a fixture's T0, or the wall clock).
 */
export async function mcpClient(db: Db, who: Who, clock: Clock, path = "/mcp"): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(BASE + path), {
    fetch: (async (input: string | URL | Request, init?: RequestInit) =>
      handleMcp(new Request(input as string, init), db, who, clock, identityKey(who))) as typeof fetch,
  });
  const client = new Client({ name: "parley-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** The MCP endpoint that lists a tool to every caller who may use it: its module's own (`/mcp/plans`), or `/mcp`. */
export const mcpPathOf = (tool: string) => endpointOf(tool) ?? "/mcp";

/** The one sentence an MCP tool call answered with, and whether it was an error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  const text = r.content.map((c) => c.text).join("\n");
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* an error sentence, not JSON */
  }
  return { isError: !!r.isError, text, json };
}

/**
 * tRPC over HTTP, as the pages' client sends it: `input` is the raw JSON text (superjson's envelope and all), in the
 * query string of a GET for a query and as the body of a POST for a mutation.
 */
export function trpcHttp(db: Db, who: Who, clock: Clock) {
  return async (procedure: string, input: string, type: "query" | "mutation" = "mutation") => {
    const res = await handleTrpc(
      type === "query"
        ? new Request(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(input)}`, {
            headers: { host: "parley.test" },
          })
        : new Request(`${BASE}/api/trpc/${procedure}`, {
            method: "POST",
            headers: { host: "parley.test", "content-type": "application/json" },
            body: input,
          }),
      db,
      who,
      clock,
    );
    return { status: res.status, body: (await res.json()) as any };
  };
}

/** One raw JSON-RPC message to the MCP door, for what a well-behaved SDK client would never send. */
export async function mcpRaw(db: Db, who: Who, clock: Clock, message: unknown) {
  const res = await handleMcp(
    new Request(`${BASE}/mcp`, {
      method: "POST",
      headers: {
        host: "parley.test",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: typeof message === "string" ? message : JSON.stringify(message),
    }),
    db,
    who,
    clock,
    identityKey(who),
  );
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json };
}
