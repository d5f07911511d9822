// /mcp – the MCP door (Streamable HTTP, stateless; server/doors/http.ts).
import { mcpDoor } from "@/server/doors/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { mcpDoor as GET, mcpDoor as POST, mcpDoor as DELETE };
