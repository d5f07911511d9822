// /api/trpc – the tRPC door the pages use (server/doors/http.ts).
import { trpcDoor } from "@/server/doors/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { trpcDoor as GET, trpcDoor as POST };
