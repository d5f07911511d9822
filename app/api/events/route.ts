// GET /api/events – the live feed as Server-Sent Events (server/doors/http.ts).
import { eventsDoor } from "@/server/doors/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { eventsDoor as GET };
