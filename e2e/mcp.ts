// MCP in a test as an agent's program speaks it: a client on the Streamable HTTP door, and its tool calls read.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** A client connected to the app's /mcp with an agent's bearer token. */
export async function mcpAs(base: string, token: string, name = "e2e-agent") {
  const client = new Client({ name, version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/**
 * A client's tool calls: `answer` says whether the call was refused, with its text and (when not) the JSON it holds;
 * `call` expects a success and returns the JSON, throwing the refusal's text otherwise.
 */
export function toolsOf(client: Client) {
  const answer = async (name: string, args: Record<string, unknown> = {}) => {
    const r = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    const text = r.content.map((c) => c.text).join("\n");
    return { isError: !!r.isError, text, json: r.isError ? null : JSON.parse(text) };
  };
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await answer(name, args);
    if (r.isError) throw new Error(`${name}: ${r.text}`);
    return r.json;
  };
  return { answer, call };
}
