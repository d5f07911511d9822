// GET /api/events – the live feed as Server-Sent Events; resumes after Last-Event-ID; filtered for the viewer.
import { stillSignedIn, mayHaveRevoked } from "@/server/actions/agents";
import { eventAudience } from "@/server/actions/live";
import { whoFromRequest } from "@/server/auth";
import { door, type Admitted } from "@/server/http/door";
import { getTailer } from "@/server/live";
import { eventStream, SSE_HEADERS } from "@/server/live/sse";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handler({ req, who, db }: Admitted) {
  // Started before the stream opens, so a database that is away is a 503 (guarded), not a stream that dies.
  const tailer = await getTailer();
  const url = new URL(req.url);
  const topics = url.searchParams.get("topics")?.split(",").filter(Boolean).slice(0, 20) ?? null;
  const stream = eventStream({
    who,
    topics: topics?.length ? topics : null,
    // Passed on as sent: the feed reads one that is not a plain integer in range as a fresh connection.
    lastEventId: req.headers.get("last-event-id") ?? url.searchParams.get("lastEventId"),
    signal: req.signal,
    tailer,
    access: { check: () => stillSignedIn(db, who), recheckOn: (e) => mayHaveRevoked(e, who) },
    subjects: eventAudience(db, who),
  });
  return new Response(stream, { headers: SSE_HEADERS });
}

export const GET = door(handler, { resolveWho: (r) => whoFromRequest(r) });
