// /mcp/tables, /mcp/councils, /mcp/plans – the MCP door, one module's tools (Streamable HTTP, stateless; server/doors/http.ts).
import { mcpDoor } from "@/server/doors/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// Every method, so Next alone answers the others as the fast lane does (405, Allow: POST, DELETE), not by itself.
export {
  mcpDoor as GET,
  mcpDoor as HEAD,
  mcpDoor as POST,
  mcpDoor as PUT,
  mcpDoor as PATCH,
  mcpDoor as DELETE,
  mcpDoor as OPTIONS,
};
