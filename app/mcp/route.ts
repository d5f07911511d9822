// /mcp – the MCP door (Streamable HTTP, stateless); an agent's bearer token says who acts.
import { whoFromRequest } from "@/server/auth";
import { getDb } from "@/server/db";
import { handleMcp } from "@/server/doors/mcp/server";
import { crossOriginWrite, failureResponse } from "@/server/http/floor";
import { fail } from "@/server/rules/result";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handler(req: Request) {
  // Host/Origin first (DNS rebinding), then the token, then the handler.
  const crossSite = crossOriginWrite(req);
  if (crossSite) return failureResponse(crossSite);
  const { who, badToken } = await whoFromRequest(req);
  if (badToken) return failureResponse(fail("signin_required", "That bearer token is unknown or revoked."));
  return handleMcp(req, await getDb(), who);
}

export { handler as GET, handler as POST, handler as DELETE };
