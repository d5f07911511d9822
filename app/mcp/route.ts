// /mcp – the MCP door (Streamable HTTP, stateless); an agent's bearer token says who acts. A JSON-RPC array is
// charged once per call and capped at BATCH_MAX calls.
import { whoFromRequest } from "@/server/auth";
import { wallClock } from "@/server/clock";
import { handleMcp } from "@/server/doors/mcp/server";
import { door, jsonRpcCalls } from "@/server/http/door";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handler = door((a) => handleMcp(a.req, a.db, a.who, wallClock, a.rateKey, a.address), {
  resolveWho: (r) => whoFromRequest(r),
  calls: jsonRpcCalls,
});
export { handler as GET, handler as POST, handler as DELETE };
