// Helpers to drive the doors in-process: the JSON API through its dispatcher, MCP through a real SDK client.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Clock } from "../clock";
import type { Db } from "../db";
import { dispatch } from "../doors/rest/dispatch";
import { handleMcp } from "../doors/mcp/server";
import type { Who } from "../identity";

export const BASE = "http://parley.test";

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
    const res = await dispatch(req, async () => ({ who, badToken: !!opts.badToken }), {
      db,
      clock: opts.clock,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
}

/** An MCP client connected to the /mcp door in-process, acting as `who`. */
/** An MCP client as `who`; `clock` is the time the door reads (a fixture's T0, or the wall clock). */
export async function mcpClient(db: Db, who: Who, clock: Clock): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(BASE + "/mcp"), {
    fetch: (async (input: string | URL | Request, init?: RequestInit) =>
      handleMcp(new Request(input as string, init), db, who, clock)) as typeof fetch,
  });
  const client = new Client({ name: "parley-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

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
