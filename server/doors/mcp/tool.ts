// One MCP tool: a name, a description a model reads, a zod input schema (published as JSON Schema), the action.
import type { z } from "zod";
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import type { AnyOperation } from "../../operations/operation";
import type { Result } from "../../rules/result";

/** What a tool is called with: the database, who is asking, the clock the door reads time from, the call's signal. */
export type McpContext = {
  db: Db;
  who: Who;
  clock: Clock;
  rateKey: string;
  address?: string;
  signal?: AbortSignal;
};

export type McpTool = {
  name: string;
  /** Set for a tool generated from an operation: listed only to callers it is for, its floor `serve`'s. */
  operation?: AnyOperation;
  description: string;
  input: z.ZodObject;
  call: (ctx: McpContext, args: Record<string, unknown>) => Promise<Result<unknown>>;
};
