// /api/trpc – the tRPC door the pages use; the context is who is asking and the database.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { whoFromRequest } from "@/server/auth";
import { getDb } from "@/server/db";
import { appRouter } from "@/server/doors/trpc";
import { crossOriginWrite, failureResponse } from "@/server/http/floor";
import { ANON } from "@/server/identity";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handler(req: Request) {
  const crossSite = crossOriginWrite(req);
  if (crossSite) return failureResponse(crossSite);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: async () => {
      const { who, badToken } = await whoFromRequest(req);
      return { db: await getDb(), who: badToken ? ANON : who };
    },
    responseMeta: () => ({
      headers: new Headers({ "Cache-Control": "private, no-store", Vary: "Cookie, Authorization" }),
    }),
  });
}

export { handler as GET, handler as POST };
