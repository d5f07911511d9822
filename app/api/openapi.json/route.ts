// GET /api/openapi.json – the OpenAPI 3.1 document of the JSON API, generated from its route table.
import { openApiDocument } from "@/server/doors/rest/openapi";

export const dynamic = "force-static";

export function GET() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=60" } });
}
