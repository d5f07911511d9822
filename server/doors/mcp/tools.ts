// Every MCP tool, generated from the operation declarations, and the endpoints that list them: `/mcp` and one per
// module (`/mcp/tables`, `/mcp/councils`, `/mcp/plans`), none listing more than TOOLS_MAX to any caller.
import { OPERATIONS } from "../../operations";
import { callerOf, type AnyOperation, type Caller } from "../../operations/operation";
import { fromWire, snake, toWire } from "../../operations/wire";
import { ok, type Result } from "../../rules/result";
import { serve } from "../serve";
import { listedOf, type McpContext, type McpTool } from "./tool";
import type { Who } from "../../identity";

/** Some clients send a model only the first 40 tools: no endpoint lists more to anyone (agents.md). */
export const TOOLS_MAX = 40;

/** An operation called through its floor as MCP calls it: arguments and answer in the wire's names. */
export async function callOperation(
  op: AnyOperation,
  ctx: McpContext,
  args: Record<string, unknown>,
): Promise<Result<unknown>> {
  const r = await serve(op, { ...ctx, names: snake }, fromWire(op.input, args));
  return r.ok ? ok(toWire(op.output, r.value)) : r;
}

export function mcpTools(ops: AnyOperation[]): McpTool[] {
  return ops.flatMap((op) =>
    op.mcp
      ? [
          {
            name: op.mcp.tool,
            operation: op,
            input: op.input,
            ...listedOf(op as AnyOperation & { mcp: { tool: string } }),
            call: (ctx, args) => callOperation(op, ctx, args),
          } satisfies McpTool,
        ]
      : [],
  );
}

/**
 * The tools by module, each module's in the order its operations are declared. The shared ones come first: who am
 * I, invitations and notifications serve every module, so every endpoint lists them.
 */
const SHARED = mcpTools([
  ...Object.values(OPERATIONS.identity),
  ...Object.values(OPERATIONS.invitations),
  ...Object.values(OPERATIONS.notifications),
  ...Object.values(OPERATIONS.moderation),
]);
const MODULES = {
  tables: mcpTools(Object.values(OPERATIONS.tables)),
  councils: mcpTools(Object.values(OPERATIONS.councils)),
  plans: mcpTools(Object.values(OPERATIONS.plans)),
};
export type McpModule = keyof typeof MODULES;
export const MCP_MODULES = Object.keys(MODULES) as McpModule[];
export const MCP_ENDPOINTS = ["/mcp", ...MCP_MODULES.map((m) => `/mcp/${m}`)];

/** Every tool there is, once each. */
export const MCP_TOOLS: McpTool[] = [...SHARED, ...Object.values(MODULES).flat()];

/** A tool is listed to the kinds of caller its operation is for. */
const forCaller = (tools: McpTool[], caller: Caller) =>
  tools.filter((t) => t.operation.callers.includes(caller));

/**
 * What an endpoint lists to a caller, in a fixed order. A module's endpoint: the shared tools, then the module's.
 * `/mcp`: the shared tools, then each module whole, in the order tables, councils, plans, while the next one still
 * fits under TOOLS_MAX — all a caller may use when it fits (a guest's, an agent's), and for a person the modules
 * that fit (the rest are on their own endpoint). A tool a caller can never use is not listed to them.
 */
function listFor(endpoint: "all" | McpModule, caller: Caller): McpTool[] {
  const shared = forCaller(SHARED, caller);
  if (endpoint !== "all") return [...shared, ...forCaller(MODULES[endpoint], caller)];
  const listed = [...shared];
  for (const m of MCP_MODULES) {
    const tools = forCaller(MODULES[m], caller);
    if (listed.length + tools.length <= TOOLS_MAX) listed.push(...tools);
  }
  return listed;
}

/** An endpoint's tools for one kind of caller, by name, in the order they are listed. */
export type ToolSet = { endpoint: string; tools: McpTool[]; byName: Map<string, McpTool> };

const made = new Map<string, ToolSet>();

/**
 * The tool set of an MCP path ("/mcp", "/mcp/tables", …) for who asks, or null for a path that is no endpoint. Made
 * once per path and kind of caller (who may call a tool depends on that kind alone), so a call lists nothing anew.
 */
export function toolSetOf(path: string, who: Who): ToolSet | null {
  const endpoint = path === "/mcp" ? "all" : path.slice("/mcp/".length);
  if (endpoint !== "all" && !(MCP_MODULES as string[]).includes(endpoint)) return null;
  const caller = callerOf(who);
  const key = `${endpoint} ${caller}`;
  let set = made.get(key);
  if (!set) {
    const tools = listFor(endpoint as "all" | McpModule, caller);
    set = { endpoint: path, tools, byName: new Map(tools.map((t) => [t.name, t])) };
    made.set(key, set);
  }
  return set;
}

/** The endpoint that lists a tool a caller may use but this endpoint does not (a person's plan tools on `/mcp`). */
export function endpointOf(name: string): string | null {
  for (const m of MCP_MODULES) if (MODULES[m].some((t) => t.name === name)) return `/mcp/${m}`;
  return null;
}
