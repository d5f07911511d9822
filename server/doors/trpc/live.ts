// The live feed as a tRPC subscription (over SSE): tracked ids, so a reconnect resumes from lastEventId.
import { tracked } from "@trpc/server";
import { z } from "zod";
import { eventAudience, mayHaveRevoked, stillSignedIn } from "../../operations/floor";
import { chargeReplay } from "../../http/streams";
import { follow } from "../../live";
import { fail } from "../../rules/result";
import { procedure, router, unwrap } from "./init";

export const liveRouter = router({
  events: procedure
    .input(
      z
        .object({ topics: z.array(z.string().max(64)).max(20).optional(), lastEventId: z.string().nullish() })
        .optional(),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const d of follow({
        who: ctx.who,
        topics: input?.topics ?? null,
        // Passed on as sent: the feed reads one that is not a plain integer in range as a fresh connection.
        lastEventId: input?.lastEventId,
        signal,
        access: { check: () => stillSignedIn(ctx.db, ctx.who), recheckOn: (e) => mayHaveRevoked(e, ctx.who) },
        subjects: eventAudience(ctx.db, ctx.who),
        // A resume's replay is charged to the caller's reads, as at GET /api/events (a caller in process pays none).
        ...(ctx.rateKey ? { chargeReplay: (n: number) => chargeReplay(ctx.db, ctx.rateKey!, n) } : {}),
      })) {
        // A revoked token ends the subscription with tRPC's UNAUTHORIZED, as a request with it would get.
        if (d.kind === "signed_out") return unwrap(fail("signin_required", "That bearer token was revoked."));
        if (d.kind === "reset") {
          // The same `reset` the SSE feed sends: read the state again; the id (when there is one) resumes after it.
          const reset = {
            topic: "",
            type: "reset",
            payload: { reason: d.reason },
            at: new Date().toISOString(),
          };
          yield d.id ? tracked(d.id, reset) : reset;
          continue;
        }
        const { id, topic, type, payload, at } = d.event;
        yield tracked(id, { topic, type, payload, at });
      }
    }),
});
