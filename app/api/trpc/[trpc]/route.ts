// /api/trpc – the tRPC door the pages use; a batch is charged once per call and capped at BATCH_MAX calls.
import { whoFromRequest } from "@/server/auth";
import { wallClock } from "@/server/clock";
import { handleTrpc } from "@/server/doors/trpc/http";
import { door, trpcCalls } from "@/server/http/door";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handler = door((a) => handleTrpc(a.req, a.db, a.who, wallClock, a.rateKey, a.address), {
  resolveWho: (r) => whoFromRequest(r),
  calls: trpcCalls,
});
export { handler as GET, handler as POST };
