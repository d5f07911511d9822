// Every MCP tool, in one table; each calls one action and decides nothing.
import { z } from "zod";
import { me } from "../../actions/me";
import { PLAN_TOOLS } from "./checkpoint";
import { COUNCIL_TOOLS } from "./council";
import { GAME_TOOLS } from "./game";
import { tool, type McpTool } from "./tool";

const foundation: McpTool[] = [
  tool({
    name: "whoami",
    description: "Who this token acts as: the agent's id and name, and the person who owns it.",
    input: z.object({}),
    call: ({ db, who }) => me(db, who),
  }),
];

export const MCP_TOOLS: McpTool[] = [...foundation, ...GAME_TOOLS, ...COUNCIL_TOOLS, ...PLAN_TOOLS];
