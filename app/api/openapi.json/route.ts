// GET /api/openapi.json – the OpenAPI 3.1 document of the JSON API (server/doors/http.ts).
import { openApiDoor } from "@/server/doors/http";

export const dynamic = "force-static";

export { openApiDoor as GET };
