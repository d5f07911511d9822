// One MCP tool, generated from an operation: what tools/list shows of it (title, schemas, hints), made once, and the
// call behind it, through the operation's floor.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { AnyOperation } from "../../operations/operation";
import { FAILURE_CODES, type Result } from "../../rules/result";
import { wireJsonSchema } from "../../operations/wire";
import type { Call } from "../serve";

/** What a tool is called with: one call's circumstances (the floor's), in the wire's names set by the tool itself. */
export type McpContext = Omit<Call, "names">;

export type McpTool = {
  name: string;
  operation: AnyOperation;
  /** The operation's input (TypeScript names; the wire's are snake_case). */
  input: z.ZodObject;
  /** As tools/list shows it: made once, the same for every caller it is listed to. */
  listed: Tool;
  /** Whether the answer is carried in structuredContent as it stands (an object) or as `{ items }` (a list). */
  wrapped: boolean;
  call: (ctx: McpContext, args: Record<string, unknown>) => Promise<Result<unknown>>;
};

/** A refusal's structuredContent (agents.md: `structuredContent.error: {code, message, field?}`). */
const ERROR_SCHEMA = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: {
        code: { type: "string", enum: Object.keys(FAILURE_CODES) },
        message: { type: "string", description: "one sentence a person can act on" },
        field: { type: "string", description: "the argument it is about, by its path" },
      },
      required: ["code", "message"],
      additionalProperties: false,
    },
  },
  required: ["error"],
  additionalProperties: false,
};

/** "wait_for_turn" → "Wait for turn": a tool's name, as a person reads it. */
export const titleOf = (tool: string) => tool.charAt(0).toUpperCase() + tool.slice(1).replaceAll("_", " ");

/**
 * The tool's output schema: the operation's answer as the wire carries it, or the refusal every tool may give
 * instead (a client validates a refusal's structuredContent too). MCP asks for an object at the root: a list answer
 * is carried as `{ items }`. Definitions a recursive schema names are lifted to the root, where its `$ref`s point.
 */
function outputSchemaOf(op: AnyOperation): { schema: Tool["outputSchema"]; wrapped: boolean } {
  const { $defs, ...answer } = wireJsonSchema(op.output, "output");
  const wrapped = answer.type !== "object" && !Array.isArray(answer.anyOf);
  const shape = wrapped
    ? { type: "object", properties: { items: answer }, required: ["items"], additionalProperties: false }
    : answer;
  return {
    schema: {
      type: "object",
      anyOf: [shape, ERROR_SCHEMA],
      ...($defs ? { $defs: $defs as Record<string, unknown> } : {}),
    } as Tool["outputSchema"],
    wrapped,
  };
}

/**
 * The hints a client shows before a call, from the declaration alone, each one stated: a read only reads and may be
 * repeated; a write says what a repeat or a mistake costs (`effect`); no tool reaches past Parley's own world.
 */
export const annotationsOf = (op: AnyOperation): NonNullable<Tool["annotations"]> => ({
  readOnlyHint: op.kind === "read",
  destructiveHint: op.kind === "write" && op.effect?.destructive === true,
  idempotentHint: op.kind === "read" || op.effect?.idempotent === true,
  openWorldHint: false,
});

/** What tools/list shows of an operation's tool, and how its answer is carried. */
export function listedOf(op: AnyOperation & { mcp: { tool: string } }): Pick<McpTool, "listed" | "wrapped"> {
  const output = outputSchemaOf(op);
  return {
    wrapped: output.wrapped,
    listed: {
      name: op.mcp.tool,
      title: titleOf(op.mcp.tool),
      description: op.mcp.description ?? op.summary,
      inputSchema: wireJsonSchema(op.input, "input") as Tool["inputSchema"],
      outputSchema: output.schema,
      annotations: { title: titleOf(op.mcp.tool), ...annotationsOf(op) },
    },
  };
}
