// MCP tools of the checkpoint module (filled in by its issue).
import type { McpTool } from "./tool";

export const PLAN_TOOLS: McpTool[] = [];
