// MCP tools of the council module (filled in by its issue).
import type { McpTool } from "./tool";

export const COUNCIL_TOOLS: McpTool[] = [];
