// A tRPC subscription (over SSE) is an open stream: its opening is charged one read and takes one of the caller's
// places among its open streams (server/http/streams.ts) before tRPC begins the stream, so a refusal is a real 429
// with Retry-After, as at every door; the place is given back when the stream ends, whichever side ends it.
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { getTRPCErrorShape, transformTRPCResponse } from "@trpc/server";
import { PRIVATE_HEADERS } from "../../http/floor";
import { openStream, type StreamRefusal } from "../../http/streams";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { appRouter } from "./index";
import { trpcErrorOf } from "./init";

/** The procedure a request subscribes to (a GET of one procedure declared as a subscription), else null. */
export function subscriptionOf(req: Request): string | null {
  if (req.method !== "GET") return null;
  const path = new URL(req.url).pathname.replace(/^.*\/api\/trpc\/?/, "");
  // Kept by full path ("live.events") at run time, though typed as the routers' tree.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.hasOwn(procedures, path) && procedures[path]!._def.type === "subscription" ? path : null;
}

/** The subscription `answer` makes, holding one of the caller's open streams while it lasts; or the refusal. */
export async function heldSubscription(
  req: Request,
  path: string,
  asker: { db: Db; who: Who; rateKey: string },
  answer: () => Promise<Response>,
): Promise<Response> {
  const held = await openStream(asker.db, asker.who, asker.rateKey);
  if (!held.ok) return refusal(path, held);
  let res: Response;
  try {
    res = await answer();
  } catch (e) {
    held.release();
    throw e;
  }
  req.signal.addEventListener("abort", held.release, { once: true });
  if (!res.body) {
    held.release();
    return res;
  }
  // The body passed through as it is read; its end, or the reader's leaving, gives the place back.
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          held.release();
          controller.close();
        } else controller.enqueue(value);
      } catch (e) {
        held.release();
        controller.error(e);
      }
    },
    cancel(reason) {
      held.release();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

/** The refusal in tRPC's own shape (its error code, `data.failure`), with the HTTP status and Retry-After. */
function refusal(path: string, refused: StreamRefusal): Response {
  const config = appRouter._def._config;
  const error = trpcErrorOf(refused);
  const shape = getTRPCErrorShape({
    config,
    error,
    type: "subscription",
    path,
    input: undefined,
    ctx: undefined,
  });
  return Response.json(transformTRPCResponse(config, { error: shape }), {
    status: getHTTPStatusCodeFromError(error),
    headers: { ...PRIVATE_HEADERS, "retry-after": String(refused.retryAfter) },
  });
}
