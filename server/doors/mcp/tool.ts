// One MCP tool: a name, a description a model reads, a zod input schema (published as JSON Schema), the action.
import type { z } from "zod";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import type { Result } from "../../rules/result";

export type McpTool = {
  name: string;
  description: string;
  input: z.ZodObject;
  call: (
    ctx: { db: Db; who: Who; signal?: AbortSignal },
    args: Record<string, unknown>,
  ) => Promise<Result<unknown>>;
};

export const tool = <S extends z.ZodObject>(t: {
  name: string;
  description: string;
  input: S;
  call: (ctx: { db: Db; who: Who; signal?: AbortSignal }, args: z.infer<S>) => Promise<Result<unknown>>;
}): McpTool => t as unknown as McpTool;
