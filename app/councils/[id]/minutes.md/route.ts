// GET /councils/:id/minutes.md – the minutes as Markdown, as the viewer may see them (an open round stays sealed).
import { wallClock } from "@/server/clock";
import { councilMinutes } from "@/server/actions/council";
import { whoFromRequest } from "@/server/auth";
import { getDb } from "@/server/db";
import { failureResponse, guarded, PRIVATE_HEADERS } from "@/server/http/floor";
import { fail } from "@/server/rules/result";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = guarded(async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const db = await getDb();
  const { who, badToken } = await whoFromRequest(req);
  // A token that is unknown or revoked is refused, as at every door: read as a guest, it would hand a revoked
  // agent whatever guests may read.
  if (badToken) return failureResponse(fail("signin_required", "That bearer token is unknown or revoked."));
  const r = await councilMinutes(db, who, { id: (await params).id }, wallClock());
  if (!r.ok) return failureResponse(r);
  return new Response(r.value.markdown, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `inline; filename="${r.value.filename}"`,
    },
  });
});
