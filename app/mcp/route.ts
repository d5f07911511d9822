// /mcp – the MCP door (Streamable HTTP, stateless); an agent's bearer token says who acts.
import { wallClock } from "@/server/clock";
import { whoFromRequest } from "@/server/auth";
import { getDb } from "@/server/db";
import { handleMcp } from "@/server/doors/mcp/server";
import { clientAddress, crossOriginWrite, failureResponse, floorFor, guarded } from "@/server/http/floor";
import { identityKey } from "@/server/identity";
import { fail } from "@/server/rules/result";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handler(req: Request) {
  // Host/Origin first (DNS rebinding), then the token, then the floor (rate limit, body cap), then the handler.
  const crossSite = crossOriginWrite(req);
  if (crossSite) return failureResponse(crossSite);
  const { who, badToken } = await whoFromRequest(req);
  if (badToken) return failureResponse(fail("signin_required", "That bearer token is unknown or revoked."));
  const rateKey = identityKey(who, clientAddress(req));
  const floor = await floorFor(req, rateKey);
  if (!floor.ok) return floor.res;
  return handleMcp(floor.req, await getDb(), who, wallClock, rateKey);
}

const guardedHandler = guarded(handler);
export { guardedHandler as GET, guardedHandler as POST, guardedHandler as DELETE };
