// /api/* – the JSON API (server/doors/http.ts); the fast lane serves it in front of Next, this file when Next alone.
import { apiRoute } from "@/server/doors/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { apiRoute as GET, apiRoute as POST, apiRoute as DELETE, apiRoute as PUT, apiRoute as PATCH };
