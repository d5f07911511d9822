// /api/trpc – the tRPC door the pages use; the context is who is asking, the database and the clock.
import { whoFromRequest } from "@/server/auth";
import { wallClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { handleTrpc } from "@/server/doors/trpc/http";
import { clientAddress, crossOriginWrite, failureResponse, floorFor, guarded } from "@/server/http/floor";
import { identityKey } from "@/server/identity";
import { fail } from "@/server/rules/result";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handler(req: Request) {
  const crossSite = crossOriginWrite(req);
  if (crossSite) return failureResponse(crossSite);
  const { who, badToken } = await whoFromRequest(req);
  if (badToken) return failureResponse(fail("signin_required", "That bearer token is unknown or revoked."));
  const rateKey = identityKey(who, clientAddress(req));
  const floor = await floorFor(req, rateKey);
  if (!floor.ok) return floor.res;
  return handleTrpc(floor.req, await getDb(), who, wallClock, rateKey);
}

const guardedHandler = guarded(handler);
export { guardedHandler as GET, guardedHandler as POST };
