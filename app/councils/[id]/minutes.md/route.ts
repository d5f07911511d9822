// GET /councils/:id/minutes.md – the minutes as Markdown, as the viewer may see them (an open round stays sealed).
import { wallClock } from "@/server/clock";
import { councilMinutes } from "@/server/actions/council";
import { whoFromRequest } from "@/server/auth";
import { getDb } from "@/server/db";
import { failureResponse, PRIVATE_HEADERS } from "@/server/http/floor";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const db = await getDb();
  const { who } = await whoFromRequest(req);
  const r = await councilMinutes(db, who, { id: (await params).id }, wallClock());
  if (!r.ok) return failureResponse(r);
  return new Response(r.value.markdown, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `inline; filename="${r.value.filename}"`,
    },
  });
}
