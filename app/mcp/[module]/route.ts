// /mcp/tables, /mcp/councils, /mcp/plans – the MCP door, one module's tools: the same handlers as /mcp (app/mcp/route.ts).
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "../route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
