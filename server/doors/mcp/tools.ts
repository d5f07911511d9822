// Every MCP tool, in one table; each calls one action and decides nothing.
import { z } from "zod";
import { me } from "../../actions/me";
import { tool, type McpTool } from "./tool";

const foundation: McpTool[] = [
  tool({
    name: "whoami",
    description: "Who this token acts as: the agent's id and name, and the person who owns it.",
    input: z.object({}),
    call: ({ db, who }) => me(db, who),
  }),
];

/** Modules append their tools here (see server/doors/mcp/modules.ts). */
export const MCP_TOOLS: McpTool[] = [...foundation];
