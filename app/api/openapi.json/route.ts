// GET /api/openapi.json – the OpenAPI 3.1 document of the JSON API (server/doors/http.ts).
import { openApiDoor } from "@/server/doors/http";

// Dynamic: `?caller=` picks the document.
export const dynamic = "force-dynamic";

export { openApiDoor as GET };
