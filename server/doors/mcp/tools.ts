// Every MCP tool: generated from the operation declarations.
import { ALL_OPERATIONS } from "../../operations";
import type { AnyOperation } from "../../operations/operation";
import { fromWire, snake, toWire } from "../../operations/wire";
import { ok } from "../../rules/result";
import { serve } from "../serve";
import type { McpTool } from "./tool";

export function mcpTools(ops: AnyOperation[]): McpTool[] {
  return ops.flatMap((op) =>
    op.mcp
      ? [
          {
            name: op.mcp.tool,
            description: op.mcp.description ?? op.summary,
            input: op.input,
            operation: op,
            call: async (ctx, args) => {
              const r = await serve(op, { ...ctx, names: snake }, fromWire(op.input, args));
              return r.ok ? ok(toWire(op.output, r.value)) : r;
            },
          } satisfies McpTool,
        ]
      : [],
  );
}

export const MCP_TOOLS: McpTool[] = mcpTools(ALL_OPERATIONS);
