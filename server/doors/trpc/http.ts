// The tRPC door over HTTP: the fetch adapter with the context of one request (database, who, the clock); a
// subscription holds one of the caller's open streams (./subscribe.ts).
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import { PRIVATE_HEADERS } from "../../http/floor";
import { RETRY_AFTER_S } from "../../http/unavailable";
import type { Who } from "../../identity";
import { appRouter } from "./index";
import type { Context } from "./init";
import { heldSubscription, subscriptionOf } from "./subscribe";

export function handleTrpc(
  req: Request,
  db: Db,
  who: Who,
  clock: Clock,
  rateKey?: string,
  address?: string,
): Promise<Response> {
  // A subscription holds one of the caller's open streams while it lasts (a caller without a key is in process).
  const subscribes = rateKey === undefined ? null : subscriptionOf(req);
  const answer = () => handled(req, { db, who, clock, rateKey, address });
  return subscribes ? heldSubscription(req, subscribes, { db, who, rateKey: rateKey! }, answer) : answer();
}

function handled(req: Request, context: Context): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => context,
    responseMeta: ({ errors }) => {
      const headers = new Headers(PRIVATE_HEADERS);
      if (errors.some((e) => e.code === "SERVICE_UNAVAILABLE"))
        headers.set("Retry-After", String(RETRY_AFTER_S));
      return { headers };
    },
  });
}
