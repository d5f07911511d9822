// GET /councils/:id/minutes.md – the minutes as Markdown, as the viewer may see them (an open round stays sealed).
import { wallClock } from "@/server/clock";
import { councilMinutes, NO_COUNCIL } from "@/server/actions/council";
import { parseId } from "@/server/actions/input";
import { whoFromRequest } from "@/server/auth";
import { door } from "@/server/http/door";
import { failureResponse, PRIVATE_HEADERS } from "@/server/http/floor";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// A token that is unknown or revoked is refused by the floor, as at every door: read as a guest, it would hand a
// revoked agent whatever guests may read.
export const GET = door(
  async ({ db, who }, { params }: { params: Promise<{ id: string }> }) => {
    const id = parseId((await params).id);
    if (id === null) return failureResponse(NO_COUNCIL);
    const r = await councilMinutes(db, who, { id }, wallClock());
    if (!r.ok) return failureResponse(r);
    return new Response(r.value.markdown, {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": "text/markdown; charset=utf-8",
        "Content-Disposition": `inline; filename="${r.value.filename}"`,
      },
    });
  },
  { resolveWho: (r) => whoFromRequest(r) },
);
