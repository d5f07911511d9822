// GET /api/events – the live feed as Server-Sent Events; resumes after Last-Event-ID; filtered for the viewer.
import { whoFromRequest } from "@/server/auth";
import { failureResponse } from "@/server/http/floor";
import { follow } from "@/server/live";
import { fail } from "@/server/rules/result";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(req: Request) {
  const { who, badToken } = await whoFromRequest(req);
  if (badToken) return failureResponse(fail("signin_required", "That bearer token is unknown or revoked."));
  const url = new URL(req.url);
  const topics = url.searchParams.get("topics")?.split(",").filter(Boolean).slice(0, 20) ?? null;
  const lastEventId = req.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
  const enc = new TextEncoder();
  const abort = new AbortController();
  req.signal.addEventListener("abort", () => abort.abort());
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (s: string) => {
        try {
          controller.enqueue(enc.encode(s));
        } catch {
          abort.abort();
        }
      };
      send("retry: 2000\n\n");
      const ping = setInterval(() => send(": ping\n\n"), 15_000);
      try {
        for await (const e of follow({
          who,
          topics: topics?.length ? topics : null,
          lastEventId,
          signal: abort.signal,
        })) {
          send(
            `id: ${e.id}\nevent: live\ndata: ${JSON.stringify({ topic: e.topic, type: e.type, payload: e.payload, at: e.at })}\n\n`,
          );
        }
      } finally {
        clearInterval(ping);
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      }
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-cache, no-transform",
      Vary: "Cookie, Authorization",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
