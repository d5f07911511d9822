// /api/* – the JSON API (server/doors/http.ts); the fast lane serves it in front of Next, this file when Next alone.
import { apiDoor } from "@/server/doors/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { apiDoor as GET, apiDoor as POST, apiDoor as DELETE, apiDoor as PUT, apiDoor as PATCH };
